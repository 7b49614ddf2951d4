import {
  attemptLabel,
  Button,
  es,
  ProgressBar,
  progressTone,
  type SyncEvent,
  syncWorkflowLabel,
} from '@luz/shared';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { CaptchaPrompt } from './captcha-prompt';
import type { SyncEventSocket } from './sync-event-socket';
import { SyncItemAction } from './sync-item-action';
import { useSyncCaptchas, useSyncConnection, useSyncEventSnapshot } from './use-sync-events';

const text = es.sync.area;

/** The area lists this many syncs at most; a bulk sync of thousands is summarised. */
const MAX_ITEMS = 50;

const Panel = styled.aside`
  position: fixed;
  right: 16px;
  bottom: 48px;
  z-index: 30;
  width: min(400px, calc(100vw - 32px));
  max-height: 60vh;
  overflow: auto;
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.md};
  padding: ${({ theme }) => theme.space(4)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; }
  ul { list-style: none; margin: 12px 0 0; padding: 0; display: flex; flex-direction: column; gap: 14px; }
`;

const Heading = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

const Muted = styled.div`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Meta = styled(Muted)`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  margin-top: 4px;
`;

const Message = styled.div<{ $error: boolean }>`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme, $error }) => ($error ? theme.color.danger : theme.color.text)};
  margin: 2px 0 6px;
`;

const stepLabel = (event: SyncEvent) => es.sync.steps[event.chain_step] ?? event.chain_step;

/** One sync: its service, step, message, progress bar (green on success, red on error) and attempt. */
export function SyncItem({ event }: { event: SyncEvent }) {
  const attempt = attemptLabel(event);
  const title = event.service_number
    ? es.sync.serviceNamed(event.service_number, event.alias)
    : es.sync.accountNamed(event.credential_label);
  const failed = event.event_type === 'error';
  return (
    <li data-testid="sync-item" data-status={event.status} aria-label={title}>
      <strong>{title}</strong>
      {event.service_number && event.credential_label ? (
        <Muted>{es.sync.accountNamed(event.credential_label)}</Muted>
      ) : null}
      <Muted>
        {syncWorkflowLabel(event.chain_workflow)} · {stepLabel(event)}
      </Muted>
      {event.message ? <Message $error={failed}>{event.message}</Message> : null}
      <ProgressBar
        value={event.progress}
        tone={progressTone(event)}
        label={`${title}: ${stepLabel(event)}, ${es.sync.progress(event.progress)}`}
      />
      <Meta>
        <span>
          {event.event_type === 'success'
            ? text.done
            : event.event_type === 'error'
              ? text.failed
              : es.sync.progress(event.progress)}
        </span>
        {attempt ? <span>{attempt}</span> : null}
      </Meta>
      {failed ? <SyncItemAction event={event} title={title} /> : null}
    </li>
  );
}

function ConnectionNotice({ socket }: { socket: SyncEventSocket }) {
  const connection = useSyncConnection(socket);
  const [, tick] = useState(0);
  useEffect(() => {
    if (connection !== 'closed') return;
    const timer = setInterval(() => tick((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, [connection]);
  if (connection === 'open') return null;
  if (connection === 'connecting') return <Muted role="status">{text.connecting}</Muted>;
  const retryAt = socket.retryAt();
  const seconds = retryAt ? (retryAt - Date.now()) / 1000 : 1;
  const notice =
    socket.closedBecause() === 'tooManyConnections'
      ? text.tooManyConnections(seconds)
      : text.reconnecting(seconds);
  return <Muted role="status">{notice}</Muted>;
}

/** The area fed by the WebSocket of sync events (spec §2), opened from the top bar. */
export function useSyncEventArea(socket: SyncEventSocket) {
  const events = useSyncEventSnapshot(socket);
  const captchas = useSyncCaptchas(socket);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleId = useId();
  const running = events.filter((event) => event.event_type === 'progress').length;
  const finished = events.length - running;

  const toggle = (
    <Button
      variant="ghost"
      size="sm"
      id={toggleId}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => setOpen((value) => !value)}
    >
      {captchas.length > 0 ? text.openWithCaptcha(running) : text.open(running)}
    </Button>
  );

  // CFE asked its CAPTCHA: the area opens to show it (a sync waits for the person).
  useEffect(() => socket.onCaptcha(() => setOpen(true)), [socket]);

  // Escape closes the panel, as it closes a dialog, and gives the focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpen(false);
      document.getElementById(toggleId)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, toggleId]);

  const panel = open ? (
    <Panel id={panelId} aria-label={text.title}>
      <Heading>
        <h2>{text.title}</h2>
        {finished > 0 ? (
          <Button size="sm" variant="ghost" onClick={socket.clearFinished}>
            {text.clearFinished}
          </Button>
        ) : null}
      </Heading>
      <ConnectionNotice socket={socket} />
      {captchas.map((captcha) => (
        <CaptchaPrompt
          key={captcha.credentialId}
          captcha={captcha}
          onDone={() => socket.dismissCaptcha(captcha.credentialId)}
        />
      ))}
      {events.length === 0 && captchas.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <ul>
          {events.slice(0, MAX_ITEMS).map((event) => (
            <SyncItem key={event.task_association_id ?? event.task_id} event={event} />
          ))}
        </ul>
      )}
      {events.length > MAX_ITEMS ? <Muted>{text.more(events.length - MAX_ITEMS)}</Muted> : null}
    </Panel>
  ) : null;

  return { toggle, panel };
}
