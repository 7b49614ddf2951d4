/**
 * CFE's CFDI often arrive with broken accents: the addenda written in Latin-1 inside a file that
 * says UTF-8, or UTF-8 read once as Latin-1 and written again ("Energ\u00c3\u00ada"). Both are repaired
 * here; what cannot be repaired (a "?" that replaced the letter before the file reached us) is
 * left as it is, and none of it ever makes reading fail.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/** Length of the UTF-8 sequence starting at `index`, or 0 when the bytes there are not valid UTF-8. */
function sequenceLength(bytes: Uint8Array, index: number): number {
  const lead = bytes[index] as number;
  if (lead < 0x80) return 1;
  const length =
    lead >= 0xc2 && lead <= 0xdf
      ? 2
      : lead >= 0xe0 && lead <= 0xef
        ? 3
        : lead >= 0xf0 && lead <= 0xf4
          ? 4
          : 0;
  if (length === 0 || index + length > bytes.length) return 0;
  for (let next = index + 1; next < index + length; next += 1) {
    if (((bytes[next] as number) & 0xc0) !== 0x80) return 0;
  }
  try {
    utf8.decode(bytes.subarray(index, index + length));
    return length;
  } catch {
    return 0;
  }
}

/**
 * The text of a CFDI file: UTF-8 where the bytes are UTF-8, and every byte that is not read as
 * Windows-1252 (Latin-1's superset), so "Energ\xEDa" becomes "Energía" instead of "Energ�a".
 */
export function decodeCfdiBytes(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    // Mixed: decode run by run.
  }
  let text = '';
  let start = 0;
  let index = 0;
  while (index < bytes.length) {
    const length = sequenceLength(bytes, index);
    if (length > 0) {
      index += length;
      continue;
    }
    text += utf8.decode(bytes.subarray(start, index)) + windows1252.decode(bytes.subarray(index, index + 1));
    index += 1;
    start = index;
  }
  return (text + utf8.decode(bytes.subarray(start))).replace(/^\uFEFF/, '');
}

/** "Ã" or "Â" followed by a character of the Latin-1 upper half: UTF-8 bytes read as Latin-1. */
const DOUBLE_ENCODED = /[\u00c2-\u00c3][\u0080-\u00bf]/;
const latin1Encoder = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

/** Text that was UTF-8 read as Latin-1 once, read back right ("Energ\u00c3\u00ada" → "Energía"); other text as it is. */
export function repairText(text: string): string {
  if (!DOUBLE_ENCODED.test(text) || [...text].some((character) => character.charCodeAt(0) > 0xff))
    return text;
  try {
    return utf8.decode(latin1Encoder(text));
  } catch {
    return text;
  }
}
