import { darkTheme, MAX_IMPORT_ROWS, queryClient } from '@luz/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { ImportModal } from './import-modal';

// jsdom has no Web Worker: the dialog reads the file on the page, as a browser that refuses one does.
test('a file longer than the limit is refused before any preview, with the limit written in Spanish', async () => {
  const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, index) => String(100000000000 + index));
  const file = new File([`Número de servicio\n${rows.join('\n')}\n`], 'servicios.csv', { type: 'text/csv' });
  render(
    <ThemeProvider theme={darkTheme}>
      <QueryClientProvider client={queryClient}>
        <ImportModal credentials={[]} onClose={() => undefined} />
      </QueryClientProvider>
    </ThemeProvider>,
  );

  await userEvent.upload(screen.getByLabelText('Archivo CSV o Excel'), file);

  expect(
    await screen.findByText('El archivo tiene más de 10,000 filas. Divídelo en varios archivos.'),
  ).toBeInTheDocument();
  // The dialog stays on the choice of a file, ready for a shorter one.
  expect(screen.getByLabelText('Archivo CSV o Excel')).toBeInTheDocument();
});
