/**
 * @jest-environment node
 */
// The import's rules (spec §3) on whole files: what is dropped and why, and how files are read.
// Node's environment: the browser APIs used (TextDecoder, ArrayBuffer) are the same there.

import { toImportRows } from './import-request';
import { analyseTable, columnsOf, type ImportAnalysis, type ImportPreview } from './import-rows';
import { analyseFile, decodeCsv, fileKindOf } from './read-table';
import { xlsxOf } from './testing/xlsx';

const known = new Set(['compras@aceros.mx', 'planta@cfe.test']);
const HEADER = ['Número de servicio', 'Alias', 'Usuario de CFE', 'Último pago'];

function preview(result: ImportAnalysis): ImportPreview {
  if (!result.ok) throw new Error(`Expected a preview, got ${result.error}`);
  return result.preview;
}

const analyse = (rows: string[][]) => preview(analyseTable([HEADER, ...rows], known));
const bytesOf = (text: string, encoding: 'utf-8' | 'latin1' = 'utf-8') => {
  const buffer = Buffer.from(text, encoding === 'utf-8' ? 'utf8' : 'latin1');
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
};

describe('drop rules of spec §3', () => {
  test('a good row is kept, with the spaces of its service number stripped', () => {
    const { rows, dropped } = analyse([['1234 5678 9012', 'Almacén', 'Compras@Aceros.mx', '$1,520.5']]);
    expect(dropped).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        service_number: '123456789012',
        alias: 'Almacén',
        cfe_user: 'Compras@Aceros.mx',
        last_payment: '1520.50',
        holder_name: null,
        __errors: {},
        __warnings: {},
      },
    ]);
  });

  test('a row without service number is dropped', () => {
    const { rows, dropped } = analyse([['', 'Sin número', '', '']]);
    expect(rows).toEqual([]);
    expect(dropped).toMatchObject([
      {
        line: 2,
        alias: 'Sin número',
        __errors: { service_number: 'Falta el número de servicio.' },
        reason: 'Falta el número de servicio.',
      },
    ]);
  });

  test.each([
    ['12345', 'El número de servicio debe tener 12 dígitos.'],
    ['1234567890123', 'El número de servicio debe tener 12 dígitos.'],
    ['12345678901A', 'El número de servicio solo puede tener dígitos.'],
    ['1234-5678-9012', 'El número de servicio solo puede tener dígitos.'],
  ])('a row with an error on service_number (%s) is dropped', (serviceNumber, message) => {
    const { rows, dropped } = analyse([[serviceNumber, '', '', '']]);
    expect(rows).toEqual([]);
    expect(dropped[0]).toMatchObject({ __errors: { service_number: message }, reason: message });
  });

  test('a row with an error on cfe_user (not one of the user’s credentials) is dropped', () => {
    const { rows, dropped } = analyse([['123456789012', '', 'otra@cuenta.mx', '']]);
    expect(rows).toEqual([]);
    expect(dropped[0]).toMatchObject({
      __errors: { cfe_user: 'No tienes una cuenta de CFE con el usuario «otra@cuenta.mx».' },
      reason: 'No tienes una cuenta de CFE con el usuario «otra@cuenta.mx».',
    });
  });

  test('errors on both columns are all reported', () => {
    const { dropped } = analyse([['1', '', 'otra@cuenta.mx', '']]);
    expect(Object.keys(dropped[0]?.__errors ?? {})).toEqual(['service_number', 'cfe_user']);
    expect(dropped[0]?.reason).toBe(
      'El número de servicio debe tener 12 dígitos. No tienes una cuenta de CFE con el usuario «otra@cuenta.mx».',
    );
  });

  test('a duplicate service number is dropped (the first occurrence stays), also when written with spaces', () => {
    const { rows, dropped } = analyse([
      ['123456789012', 'Primero', '', ''],
      ['111111111111', 'Otro', '', ''],
      ['1234 5678 9012', 'Segundo', '', ''],
    ]);
    expect(rows.map((row) => row.alias)).toEqual(['Primero', 'Otro']);
    expect(dropped).toMatchObject([
      { line: 4, alias: 'Segundo', reason: 'Número de servicio repetido: ya está en la fila 2.' },
    ]);
  });

  test('a row with an error does not count as the first occurrence of its number', () => {
    const { rows, dropped } = analyse([
      ['123456789012', '', 'otra@cuenta.mx', ''],
      ['123456789012', 'Válido', '', ''],
    ]);
    expect(rows.map((row) => row.alias)).toEqual(['Válido']);
    expect(dropped).toHaveLength(1);
  });

  test('11 digits (Excel dropped the leading zero) get it back, with a note; 10 digits stay an error', () => {
    const { rows, dropped } = analyse([
      ['12345678901', 'Sin cero', '', ''],
      ['1234567890', 'Corto', '', ''],
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      service_number: '012345678901',
      __warnings: {
        service_number: 'Tenía 11 dígitos (Excel quita el cero inicial): se importará como 012345678901.',
      },
    });
    expect(dropped[0]?.reason).toBe('El número de servicio debe tener 12 dígitos.');
  });

  test('an empty cfe_user is fine: the service will be "Sin nombre"', () => {
    expect(analyse([['123456789012', '', '', '']]).rows).toHaveLength(1);
  });

  test('an alias too long is cut and a bad amount ignored, with a warning; the row stays', () => {
    const { rows, dropped } = analyse([['123456789012', 'x'.repeat(130), '', 'mil pesos']]);
    expect(dropped).toEqual([]);
    expect(rows[0]).toMatchObject({
      alias: 'x'.repeat(120),
      last_payment: null,
      __warnings: {
        alias: 'El alias se recortará a 120 caracteres.',
        last_payment: 'El último pago no es un importe válido y no se importará.',
      },
    });
  });

  test('a negative last payment is no payment: ignored with a warning, the row stays', () => {
    const { rows } = analyse([['123456789012', 'A', '', '-1,200.00']]);
    expect(rows[0]).toMatchObject({
      last_payment: null,
      __warnings: { last_payment: 'El último pago no es un importe válido y no se importará.' },
    });
    expect(analyse([['123456789012', 'A', '', '$ 1,200']]).rows[0]?.last_payment).toBe('1200.00');
  });

  test('blank lines are skipped; line numbers stay those of the file', () => {
    const { rows } = analyse([
      ['', '', '', ''],
      ['123456789012', 'A', '', ''],
    ]);
    expect(rows[0]?.line).toBe(3);
  });

  test('toImportRows sends only the columns of the import row', () => {
    const { rows } = analyse([['123456789012', 'A', 'planta@cfe.test', '10']]);
    expect(toImportRows(rows)).toEqual([
      {
        service_number: '123456789012',
        alias: 'A',
        cfe_user: 'planta@cfe.test',
        last_payment: '10.00',
        holder_name: null,
      },
    ]);
  });

  test('a holder name column is written as CFE has it; a too long one is ignored with a warning', () => {
    const table = [
      ['Número de servicio', 'Titular'],
      ['123456789012', ' alimentos  y franq d chiapas'],
      ['123456789013', 'x'.repeat(130)],
    ];
    const { rows, dropped } = preview(analyseTable(table, known));
    expect(dropped).toEqual([]);
    expect(rows[0]?.holder_name).toBe('ALIMENTOS Y FRANQ D CHIAPAS');
    expect(rows[1]).toMatchObject({
      holder_name: null,
      __warnings: { holder_name: 'El nombre del titular tiene más de 120 caracteres. No se importará.' },
    });
  });
});

describe('whole-file problems', () => {
  test('no rows, or only a header', () => {
    expect(analyseTable([], known)).toEqual({ ok: false, error: 'empty' });
    expect(analyseTable([HEADER], known)).toEqual({ ok: false, error: 'empty' });
  });

  test('no service-number column', () => {
    expect(
      analyseTable(
        [
          ['Alias', 'Usuario'],
          ['x', 'y'],
        ],
        known,
      ),
    ).toEqual({
      ok: false,
      error: 'missingServiceNumberColumn',
    });
  });

  test('more than 10,000 rows', () => {
    const rows = Array.from({ length: 10_001 }, (_, index) => [String(index).padStart(12, '0')]);
    expect(analyseTable([['rpu'], ...rows], known)).toEqual({ ok: false, error: 'tooManyRows' });
    expect(analyseTable([['rpu'], ...rows.slice(1)], known).ok).toBe(true);
  });
});

describe('headers', () => {
  test.each([
    [['Número de servicio'], 'service_number'],
    [['NUMERO DE SERVICIO'], 'service_number'],
    [['No. de servicio'], 'service_number'],
    [['RPU'], 'service_number'],
    [['service_number'], 'service_number'],
    [['Usuario de CFE'], 'cfe_user'],
    [['cfe_user'], 'cfe_user'],
    [['Último pago'], 'last_payment'],
    [['ultimo_pago'], 'last_payment'],
    [['Alias'], 'alias'],
    [['Titular'], 'holder_name'],
    [['Nombre del titular'], 'holder_name'],
  ])('%j is %s', (header, field) => {
    expect(columnsOf(header)).toEqual({ [field]: 0 });
  });

  test('columns may come in any order, unknown ones are ignored', () => {
    const table = [
      ['Notas', 'alias', 'rpu'],
      ['algo', 'Bodega', '123456789012'],
    ];
    expect(preview(analyseTable(table, known)).rows[0]).toMatchObject({
      alias: 'Bodega',
      service_number: '123456789012',
    });
  });
});

describe('reading files', () => {
  test('fileKindOf', () => {
    expect(fileKindOf('Servicios.CSV')).toBe('csv');
    expect(fileKindOf('lista.xlsx')).toBe('xlsx');
    expect(fileKindOf('viejo.xls')).toBeNull();
  });

  test('CSV in UTF-8 with BOM and Spanish headers (as our export writes it)', async () => {
    const csv =
      '\uFEFFNúmero de servicio,Alias,Usuario de CFE\r\n123456789012,"Almacén ""Norte""",compras@aceros.mx\r\n';
    const result = preview(await analyseFile(bytesOf(csv), 'servicios.csv', ['compras@aceros.mx']));
    expect(result.rows).toMatchObject([{ service_number: '123456789012', alias: 'Almacén "Norte"' }]);
  });

  test('CSV from Excel in Windows-1252, separated by semicolons', async () => {
    const csv = 'Número de servicio;Alias\r\n123456789012;Mérida\r\n';
    expect(decodeCsv(bytesOf(csv, 'latin1'))).toBe(csv);
    const result = preview(await analyseFile(bytesOf(csv, 'latin1'), 'excel.csv', []));
    expect(result.rows).toMatchObject([{ service_number: '123456789012', alias: 'Mérida' }]);
  });

  test('XLSX: numbers as numbers, text as text', async () => {
    const bytes = xlsxOf([
      ['Número de servicio', 'Alias', 'Último pago'],
      [123456789012, 'Planta Querétaro', 1520.5],
      ['1234 5678 9013', 'Con espacios', ''],
      [12345, 'Corto', ''],
    ]);
    const result = preview(await analyseFile(bytes, 'servicios.xlsx', []));
    expect(result.rows).toMatchObject([
      { line: 2, service_number: '123456789012', alias: 'Planta Querétaro', last_payment: '1520.50' },
      { line: 3, service_number: '123456789013', alias: 'Con espacios', last_payment: null },
    ]);
    expect(result.dropped).toMatchObject([
      { line: 4, reason: 'El número de servicio debe tener 12 dígitos.' },
    ]);
  });

  test('an unsupported or broken file says so', async () => {
    expect(await analyseFile(bytesOf('x'), 'viejo.xls', [])).toEqual({ ok: false, error: 'unsupported' });
    expect(await analyseFile(bytesOf('no es un zip'), 'roto.xlsx', [])).toEqual({
      ok: false,
      error: 'unreadable',
    });
  });
});
