import { FIRST_FRAME_ELEMENT_ID, FIRST_FRAME_HEADING } from '@luz/shared/boot';
import { PageHeader, PageSpinner } from '@luz/shared/core';
import styled from 'styled-components';
import { Footer } from './footer';
import { Body, Content, Shell } from './shell-grid';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/**
 * Over the app, not in its place: React renders into #root beneath it, laid out as it will be seen,
 * so taking the frame away moves nothing. The app removes it once it shows more than its loading
 * state (startup/first-frame.ts).
 */
const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  overflow: hidden;
  background: ${({ theme }) => theme.color.background};
`;

// As tall as a remote's area (remotes/remote-outlet.tsx), so the footer sits where the app puts it.
const Area = styled.div`
  min-height: 100vh;
`;

/**
 * A signed-in screen's first frame, drawn at build time (host/build/shell.tsx) before anyone is
 * known: the layout without the account or the admin link, the screen's heading (placeholders the
 * API fills in with the remote's own text, or none), and the spinner of spec §2 below it. Inert and
 * hidden from assistive technology: what a screen reader hears is the app's own loading state.
 */
export function FirstFrame({ withHeading }: { withHeading: boolean }) {
  const ignore = () => undefined;
  return (
    <Overlay id={FIRST_FRAME_ELEMENT_ID} aria-hidden="true" inert>
      <Shell>
        <TopBar
          user={null}
          menuOpen={false}
          onToggleMenu={ignore}
          onLogout={ignore}
          syncToggle={null}
          attention={null}
        />
        <Body>
          <Sidebar user={null} open={false} onNavigate={ignore} onClose={ignore} onLogout={ignore} />
          <Content>
            <Area>
              {withHeading ? (
                <PageHeader title={FIRST_FRAME_HEADING.title} subtitle={FIRST_FRAME_HEADING.subtitle} />
              ) : null}
              <PageSpinner />
            </Area>
          </Content>
        </Body>
        <Footer />
      </Shell>
    </Overlay>
  );
}
