import { periodDocumentName, safeSegment, servicePointFolder } from './file-names';

test('a service point folder is its number and alias, made safe for every file system', () => {
  expect(servicePointFolder('123456789012', 'Oficina Centro')).toBe('123456789012 - Oficina Centro');
  expect(servicePointFolder('123456789012', '')).toBe('123456789012');
  expect(servicePointFolder('123456789012', '  Bodega / Norte  ')).toBe('123456789012 - Bodega Norte');
  expect(servicePointFolder('123456789012', '../../etc')).toBe('123456789012 - etc');
  expect(servicePointFolder('123456789012', 'a:b*c?"d<e>f|g\\h')).toBe('123456789012 - a b c d e f g h');
  expect(servicePointFolder('123456789012', 'línea\u0000\ttres\r\n')).toBe('123456789012 - línea tres');
  expect(servicePointFolder('123456789012', '...')).toBe('123456789012');
  expect(servicePointFolder('', 'x')).toBe('servicio - x');
});

test('long aliases are cut, never ending in a dot or a space (Windows refuses those)', () => {
  const folder = servicePointFolder('123456789012', `${'a'.repeat(58)}. b`);
  expect(folder).toBe(`123456789012 - ${'a'.repeat(58)}`);
  expect(safeSegment('x'.repeat(200)).length).toBe(60);
});

test('a document is named by its service number and the period’s dates', () => {
  expect(periodDocumentName('123456789012', '2024-01-01', '2024-02-29', 'pdf')).toBe(
    '123456789012_2024-01-01_2024-02-29.pdf',
  );
  expect(periodDocumentName('12/34', '2024-01-01', '2024-02-29', 'xml')).toBe(
    '12 34_2024-01-01_2024-02-29.xml',
  );
});
