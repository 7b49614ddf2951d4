import { VERSION_LABEL } from '@luz/shared/boot';
import { es } from '@luz/shared/core';
import styled from 'styled-components';
import { useRuntimeConfig } from '../startup/runtime-config-context';

const Bar = styled.footer`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: ${({ theme }) => theme.layout.footerHeight};
  padding: 0 ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
  background: ${({ theme }) => theme.color.surface};
`;

/** Version label and the "powered by" link (spec §1). */
export function Footer() {
  const config = useRuntimeConfig();
  return (
    <Bar>
      <span data-testid="version-label">{VERSION_LABEL}</span>
      <span>
        {es.app.poweredBy}{' '}
        <a href={config.powered_by.url} target="_blank" rel="noopener noreferrer">
          {config.powered_by.label}
        </a>
      </span>
    </Bar>
  );
}
