import { es } from '@luz/shared/text';
import { Component, type ErrorInfo, type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from './button';

/** A div: inside the layout these screens fill its <main>; on their own the host gives them one. */
const Screen = styled.div`
  min-height: 50vh;
  display: grid;
  place-items: center;
  text-align: center;
  padding: ${({ theme }) => theme.space(8)};
  h1 { margin: 0; font-size: 72px; color: ${({ theme }) => theme.color.primary}; line-height: 1; }
  h2 { margin: 12px 0 4px; font-size: ${({ theme }) => theme.font.size.xxl}; }
  p { margin: 0 0 20px; color: ${({ theme }) => theme.color.textMuted}; }
  pre { text-align: left; max-width: 80vw; overflow: auto; font-size: 12px; background: ${({ theme }) => theme.color.surfaceRaised}; padding: 12px; border-radius: 8px; }
`;

const HomeLink = styled(Link)`
  display: inline-flex;
  padding: 8px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  font-weight: 600;
  text-decoration: none;
`;

/** Unknown route (spec §2). Needs a router context. */
export function NotFoundScreen() {
  return (
    <Screen>
      <div>
        <h1>{es.errors.notFoundCode}</h1>
        <h2>{es.errors.notFoundTitle}</h2>
        <p>{es.errors.notFoundMessage}</p>
        <HomeLink to="/">{es.errors.backHome}</HomeLink>
      </div>
    </Screen>
  );
}

/** A remote that could not be loaded or that crashed (spec §2). */
export function LoadFailureScreen() {
  return (
    <Screen role="alert">
      <div>
        <p>{es.errors.loadFailure}</p>
        <Button onClick={() => window.location.reload()}>{es.errors.reload}</Button>
      </div>
    </Screen>
  );
}

/** The generic fallback of spec §2 for a crash outside the remotes (the host's own screens). */
export function GenericErrorFallback({ error }: { error: unknown }) {
  const [shown, setShown] = useState(false);
  const detail = error instanceof Error ? `${error.message}\n\n${error.stack ?? ''}` : String(error);
  return (
    <Screen role="alert">
      <div>
        <h2>{es.errors.genericCrash}</h2>
        <Button variant="secondary" onClick={() => setShown((value) => !value)} aria-expanded={shown}>
          {shown ? es.errors.hideError : es.errors.showError}
        </Button>
        {shown ? <pre>{detail}</pre> : null}
      </div>
    </Screen>
  );
}

type BoundaryProps = {
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
};

/** Contains a render crash to the subtree it wraps. */
export class ErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
