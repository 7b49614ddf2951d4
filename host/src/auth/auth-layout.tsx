import { es } from '@luz/shared/core';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Footer } from '../layout/footer';

const Page = styled.div`
  min-height: 100%;
  display: grid;
  grid-template-rows: 1fr auto;
`;

const Center = styled.main`
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(6)};
`;

const Panel = styled.section`
  width: min(420px, 100%);
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space(8)};
  box-shadow: ${({ theme }) => theme.shadow.md};
  h1 { margin: 0; font-size: ${({ theme }) => theme.font.size.xxl}; }
  form { display: flex; flex-direction: column; gap: ${({ theme }) => theme.space(4)}; margin-top: ${({ theme }) => theme.space(6)}; }
  > [role='alert'], > [role='status'] { margin-top: ${({ theme }) => theme.space(6)}; }
`;

const Brand = styled.div`
  font-weight: 800;
  font-size: 22px;
  letter-spacing: 0.5px;
  color: ${({ theme }) => theme.color.primary};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Subtitle = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const AuthLinks = styled.p`
  margin: ${({ theme }) => theme.space(5)} 0 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  text-align: center;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Page>
      <Center>
        <Panel aria-labelledby="auth-title">
          <Brand aria-hidden="true">⚡ {es.app.name}</Brand>
          <h1 id="auth-title">{title}</h1>
          {subtitle ? <Subtitle>{subtitle}</Subtitle> : null}
          {children}
        </Panel>
      </Center>
      <Footer />
    </Page>
  );
}
