import { darkTheme, http, queryClient } from '@luz/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { TaskStats } from './task-stats';

test('a range that ends before it starts is pointed out instead of silently keeping the old figures', async () => {
  // No server here: every request fails at once.
  const interceptor = http.interceptors.request.use(() => Promise.reject(new Error('sin servidor')));
  try {
    render(
      <ThemeProvider theme={darkTheme}>
        <QueryClientProvider client={queryClient}>
          <TaskStats userId={null} />
        </QueryClientProvider>
      </ThemeProvider>,
    );
    const user = userEvent.setup();
    const from = screen.getByLabelText('Desde');
    await user.clear(from);
    await user.type(from, '31/12/2099');
    expect(screen.getByLabelText('Hasta')).toHaveAccessibleDescription(
      'Debe ser igual o posterior a la fecha «Desde».',
    );
    expect(from).not.toHaveAttribute('aria-invalid');
  } finally {
    http.interceptors.request.eject(interceptor);
    queryClient.clear();
  }
});
