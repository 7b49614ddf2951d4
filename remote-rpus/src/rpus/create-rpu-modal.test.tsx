import { type Credential, darkTheme, queryClient } from '@luz/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { CreateRpuModal } from './create-rpu-modal';

const credential: Credential = {
  credential_id: '7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a',
  alias: 'Aceros',
  cfe_user: 'compras@aceros.mx',
  status: 1,
  status_message: null,
  last_synced_at: null,
  rpus_count: 0,
  captcha_pending: false,
  created_at: '2025-03-01T10:00:00.000Z',
};

const wrap = (ui: ReactNode) => (
  <ThemeProvider theme={darkTheme}>
    <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
  </ThemeProvider>
);

test('the only CFE account is chosen, also when the accounts arrive after the dialog opened', () => {
  const { rerender } = render(wrap(<CreateRpuModal credentials={[]} onClose={() => undefined} />));
  expect(screen.getByLabelText('Cuenta de CFE')).toHaveValue('');
  rerender(wrap(<CreateRpuModal credentials={[credential]} onClose={() => undefined} />));
  expect(screen.getByLabelText('Cuenta de CFE')).toHaveValue(credential.credential_id);
});
