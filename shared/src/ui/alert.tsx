import type { ReactNode } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../errors/messages';
import { es } from '../text/es';
import { Button } from './button';

export type Tone = 'info' | 'success' | 'warning' | 'danger';

const Box = styled.div<{ $tone: Tone }>`
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $tone }) => theme.color[$tone]};
  background: ${({ theme, $tone }) => `${theme.color[$tone]}1f`};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  color: ${({ theme }) => theme.color.text};
`;

/** A message box; errors are announced immediately (role="alert"), others politely. */
export function Alert({ tone = 'info', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <Box $tone={tone} role={tone === 'danger' ? 'alert' : 'status'}>
      {children}
    </Box>
  );
}

const RetryRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

/** A read that failed: why, in Spanish, and a way to ask again without reloading the page. */
export function QueryErrorAlert({
  error,
  onRetry,
  prefix,
}: {
  error: unknown;
  onRetry: () => void;
  /** What could not be loaded, said before the reason ("No pudimos cargar tus servicios."). */
  prefix?: ReactNode;
}) {
  return (
    <Alert tone="danger">
      <RetryRow>
        <span>
          {prefix ? <>{prefix} </> : null}
          {errorMessage(error)}
        </span>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {es.common.retry}
        </Button>
      </RetryRow>
    </Alert>
  );
}
