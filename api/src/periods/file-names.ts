import type { DocumentKind } from '@luz/shared/contract';

/** Characters no file system of Windows, macOS or Linux accepts in a name, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const forbidden = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/** Longest alias kept in a folder name: whole paths must stay readable and under Windows' limits. */
const MAX_ALIAS_LENGTH = 60;

/** A user's text made safe as one path segment: no separators, no control characters, no leading or trailing dots. */
export function safeSegment(text: string, maxLength = MAX_ALIAS_LENGTH): string {
  return text
    .replace(forbidden, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .slice(0, maxLength)
    .replace(/[\s.]+$/, '');
}

/** The folder of a service point in a ZIP: "123456789012 - Oficina Centro", or the number alone. */
export function servicePointFolder(serviceNumber: string, alias: string): string {
  const number = safeSegment(serviceNumber, 40) || 'servicio';
  const name = safeSegment(alias);
  return name ? `${number} - ${name}` : number;
}

/**
 * A period's document as the user gets it: "123456789012_2025-01-01_2025-02-28.pdf", and a
 * complementary invoice of it "123456789012_2025-01-01_2025-02-28_complementaria_KC-000050340099.xml".
 */
export function periodDocumentName(
  serviceNumber: string,
  initialDate: string,
  finalDate: string,
  kind: DocumentKind,
  companion: string | null = null,
): string {
  const suffix = companion ? `_complementaria_${safeSegment(companion, 40)}` : '';
  return `${safeSegment(serviceNumber, 40) || 'servicio'}_${initialDate}_${finalDate}${suffix}.${kind}`;
}
