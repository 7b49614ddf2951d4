import { ZipEntries } from './zip-entries';

test('keeps each name, size and time, whatever the names’ lengths and however many', () => {
  const names = Array.from(
    { length: 500 },
    (_, index) => `Almacén Ñ ${index}/${'recibo-'.repeat(index % 60)}.pdf`,
  );
  const entries = new ZipEntries();
  const mtime = new Date(2024, 4, 1, 13, 45, 31);
  names.forEach((name, index) => {
    entries.add(name, index * 1000, mtime);
  });
  expect(names.map((_, index) => entries.name(index))).toEqual(names);
  expect(names.map((_, index) => entries.nameLength(index))).toEqual(
    names.map((name) => Buffer.byteLength(name)),
  );
  expect(entries.sizes[49]).toBe(49_000);
  // MS-DOS: 13:45:30 and 2024-05-01 in local time, as Info-ZIP writes them.
  expect(entries.dosTimes[0]).toBe((((44 << 9) | (5 << 5) | 1) << 16) | ((13 << 11) | (45 << 5) | 15));
  expect(entries.unixTimes[0]).toBe(Math.floor(mtime.getTime() / 1000));
  expect(entries.count).toBe(500);
  expect(entries.sizes[499]).toBe(499_000);
});
