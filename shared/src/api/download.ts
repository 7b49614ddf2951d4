/** A file the API sent as an attachment, with the name it suggested. */
export type DownloadedFile = { blob: Blob; fileName: string | null };

/** The file name of a Content-Disposition header (`attachment; filename="x.csv"`). */
export function attachmentFileName(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

/** Hands a downloaded file to the browser's "save" (the API's name, else `fallbackName`). */
export function saveDownloadedFile({ blob, fileName }: DownloadedFile, fallbackName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has been handled synchronously; the URL can go once the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
