import { Alert, Button } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../errors/messages';

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
