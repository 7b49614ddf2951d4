import {
  attemptLabel,
  Button,
  es,
  ProgressBar,
  progressTone,
  type SyncEvent,
  type SyncEventStream,
  syncWorkflowLabel,
} from '@luz/shared';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useSyncEventSnapshot } from './use-sync-events';

const Panel = styled.aside`
  position: fixed;
  right: 16px;
  bottom: 48px;
  z-index: 30;
  width: min(380px, calc(100vw - 32px));
  max-height: 50vh;
  overflow: auto;
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.md};
  padding: ${({ theme }) => theme.space(4)};
  h2 { margin: 0 0 12px; font-size: ${({ theme }) => theme.font.size.md}; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 12px; }
`;

const Meta = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
  margin-top: 4px;
`;

function SyncItem({ event }: { event: SyncEvent }) {
  const attempt = attemptLabel(event);
  const title = event.service_number ?? syncWorkflowLabel(event.chain_workflow);
  return (
    <li data-testid="sync-item">
      <strong>{title}</strong>
      <div>{event.message ?? syncWorkflowLabel(event.chain_workflow)}</div>
      <ProgressBar
        value={event.progress}
        tone={progressTone(event)}
        label={`${title}: ${es.sync.progress(event.progress)}`}
      />
      <Meta>
        <span>{es.sync.progress(event.progress)}</span>
        {attempt ? <span>{attempt}</span> : null}
      </Meta>
    </li>
  );
}

/** The area fed by the WebSocket of sync events (spec §2), opened from the top bar. */
export function useSyncEventArea(stream: SyncEventStream) {
  const events = useSyncEventSnapshot(stream);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const running = events.filter((event) => event.event_type === 'progress').length;

  const toggle = (
    <Button
      variant="ghost"
      size="sm"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => setOpen((value) => !value)}
    >
      {es.layout.syncArea}
      {running > 0 ? ` (${running})` : ''}
    </Button>
  );

  const panel = open ? (
    <Panel id={panelId} aria-label={es.layout.syncArea}>
      <h2>{es.layout.syncArea}</h2>
      {stream.connection() === 'closed' ? <p role="status">{es.layout.connectionLost}</p> : null}
      {events.length === 0 ? (
        <p>{es.layout.syncAreaEmpty}</p>
      ) : (
        <ul>
          {events.map((event) => (
            <SyncItem key={event.task_association_id ?? event.task_id} event={event} />
          ))}
        </ul>
      )}
    </Panel>
  ) : null;

  return { toggle, panel };
}
