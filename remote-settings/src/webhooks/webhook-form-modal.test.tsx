import { darkTheme, queryClient } from '@luz/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { WebhookFormModal } from './webhook-form-modal';

function renderForm(props: Partial<Parameters<typeof WebhookFormModal>[0]> = {}) {
  const onClose = jest.fn();
  const onCreated = jest.fn();
  render(
    <ThemeProvider theme={darkTheme}>
      <QueryClientProvider client={queryClient}>
        <WebhookFormModal webhook={null} onClose={onClose} onCreated={onCreated} {...props} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { onClose, onCreated };
}

test('every event is chosen by default for a new endpoint, and the endpoint is active', () => {
  renderForm();
  for (const label of ['Nuevo periodo con recibos', 'Cambio de estado de un servicio', 'Tarea terminada'])
    expect(screen.getByLabelText(label)).toBeChecked();
  expect(screen.getByLabelText('Activo')).toBeChecked();
});

test('the URL must be http(s) and at least one event must be chosen, before anything is sent', async () => {
  const user = userEvent.setup();
  const { onCreated } = renderForm();
  await user.type(screen.getByLabelText('URL del receptor'), 'ftp://ejemplo.mx/hook');
  for (const label of ['Nuevo periodo con recibos', 'Cambio de estado de un servicio', 'Tarea terminada'])
    await user.click(screen.getByLabelText(label));
  await user.click(screen.getByRole('button', { name: 'Crear' }));
  expect(screen.getByLabelText('URL del receptor')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('group', { name: 'Eventos' })).toHaveTextContent('Este campo es obligatorio');
  expect(onCreated).not.toHaveBeenCalled();
});

test('editing starts from the endpoint as saved', () => {
  renderForm({
    webhook: {
      webhook_id: '7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a',
      url: 'https://erp.example.com/luz',
      description: 'ERP',
      events: ['task.finished'],
      enabled: false,
      disabled_reason: 'user',
      created_at: '2025-03-01T10:00:00.000Z',
      updated_at: '2025-03-01T10:00:00.000Z',
    },
  });
  expect(screen.getByRole('dialog', { name: 'Editar webhook' })).toBeInTheDocument();
  expect(screen.getByLabelText('URL del receptor')).toHaveValue('https://erp.example.com/luz');
  expect(screen.getByLabelText('Tarea terminada')).toBeChecked();
  expect(screen.getByLabelText('Nuevo periodo con recibos')).not.toBeChecked();
  expect(screen.getByLabelText('Activo')).not.toBeChecked();
});
