import { csvCell, csvLine } from './csv';

// CSV injection: whichever separator a spreadsheet picks (comma, semicolon, tab, pipe) and
// wherever a line breaks, no piece of a cell may start a formula.

/** How a spreadsheet that ignores our quoting would cut a cell: every piece it could evaluate. */
const pieces = (cell: string) =>
  cell
    .replace(/^"|"$/g, '')
    .replace(/""/g, '"')
    .split(/[,;\t|\r\n]/);
const evaluable = (piece: string) =>
  /^[\s"]*[=+\-@＝＋－＠]/.test(piece) && !/^\s*[-+]?\d+([.,]\d+)?\s*$/.test(piece);

test.each([
  ['=1+1', "'=1+1"],
  ['+52 55 1234', "'+52 55 1234"],
  ['-2+3', "'-2+3"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['＝1+1', "'＝1+1"],
  ['x;=1+1', `"x;'=1+1"`],
  ['x,=1+1', `"x,'=1+1"`],
  ['x\t=1+1', `"x\t'=1+1"`],
  ['x|=cmd|/C calc', `"x|'=cmd|/C calc"`],
  ['línea\n=HYPERLINK("http://x")', `"línea\n'=HYPERLINK(""http://x"")"`],
  ['a;"=1+1"', `"a;'""=1+1"""`],
  ['\t=1', `"\t'=1"`],
  [' =1', "' =1"],
])('%j is written inert as %j', (value, written) => {
  const cell = csvCell(value);
  expect(cell).toBe(written);
  expect(pieces(cell).filter(evaluable)).toEqual([]);
});

test.each([
  ['Planta Norte', 'Planta Norte'],
  ['-123.45', '-123.45'],
  ['+5', '+5'],
  ['Oficina - Centro', 'Oficina - Centro'],
  ['Ñandú "Sur"', '"Ñandú ""Sur"""'],
  ['dos, tres', '"dos, tres"'],
  ['', ''],
])('ordinary data %j stays as it is (quoted only when RFC 4180 needs it)', (value, written) => {
  expect(csvCell(value)).toBe(written);
});

test('numbers and missing values; a line joins its cells with commas', () => {
  expect(csvCell(-12.5)).toBe('-12.5');
  expect(csvCell(null)).toBe('');
  expect(csvLine(['123456789012', '=malo', null, '-1.00'])).toBe("123456789012,'=malo,,-1.00");
});
