import { darkTheme } from '@luz/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { ImportPreviewTables, ImportResultTable, PREVIEW_PAGE_SIZE } from './import-preview';
import { analyseTable, type ImportPreview } from './import-rows';

function previewOf(rows: string[][]): ImportPreview {
  const result = analyseTable(
    [['Número de servicio', 'Alias', 'Usuario de CFE'], ...rows],
    new Set(['planta@cfe.test']),
  );
  if (!result.ok) throw new Error(result.error);
  return result.preview;
}

const renderWithTheme = (node: React.ReactNode) =>
  render(<ThemeProvider theme={darkTheme}>{node}</ThemeProvider>);

test('before confirming, the dropped rows are listed with their line and reason', () => {
  renderWithTheme(
    <ImportPreviewTables
      preview={previewOf([
        ['1234 5678 9012', 'Bueno', 'planta@cfe.test'],
        ['', 'Sin número', ''],
        ['123', 'Corto', ''],
        ['123456789012', 'Repetido', ''],
        ['999999999999', 'Cuenta ajena', 'otra@cfe.test'],
      ])}
    />,
  );
  expect(screen.getByRole('heading', { name: '4 filas no se importarán' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '1 servicio por importar' })).toBeInTheDocument();

  const dropped = screen.getByRole('table', { name: 'Filas que no se importarán y su motivo' });
  const lines = within(dropped)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(lines).toEqual([
    ['3', '—', 'Sin número', 'Falta el número de servicio.'],
    ['4', '123', 'Corto', 'El número de servicio debe tener 12 dígitos.'],
    ['5', '123456789012', 'Repetido', 'Número de servicio repetido: ya está en la fila 2.'],
    ['6', '999999999999', 'Cuenta ajena', 'No tienes una cuenta de CFE con el usuario «otra@cfe.test».'],
  ]);
  const kept = screen.getByRole('table', { name: 'Vista previa de los servicios por importar' });
  expect(within(kept).getByText('123456789012')).toBeInTheDocument();
});

test('a large file is shown a page at a time', async () => {
  const user = userEvent.setup();
  const rows = Array.from({ length: 120 }, (_, index) => [String(100_000_000_000 + index), `S${index}`, '']);
  renderWithTheme(<ImportPreviewTables preview={previewOf(rows)} />);
  const table = screen.getByRole('table', { name: 'Vista previa de los servicios por importar' });
  expect(within(table).getAllByRole('row')).toHaveLength(PREVIEW_PAGE_SIZE + 1);
  expect(screen.getByText('Se muestran 50 de 120 filas.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Filas siguientes' }));
  expect(within(table).getByText('S50')).toBeInTheDocument();
  expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
});

test('the import’s answer is shown on the file’s lines', () => {
  const preview = previewOf([
    ['', 'Sin número', ''],
    ['123456789012', 'Nuevo', ''],
    ['111111111111', 'Ya existía', ''],
  ]);
  renderWithTheme(
    <ImportResultTable
      rows={preview.rows}
      results={[
        { row: 0, service_number: '123456789012', outcome: 'created', reason: null, rpu_id: null },
        {
          row: 1,
          service_number: '111111111111',
          outcome: 'duplicate',
          reason: 'Ya tienes este número de servicio.',
          rpu_id: null,
        },
      ]}
    />,
  );
  const cells = screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(cells).toEqual([
    ['3', '123456789012', 'Creado', ''],
    ['4', '111111111111', 'Duplicado', 'Ya tienes este número de servicio.'],
  ]);
});
