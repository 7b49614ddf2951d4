/** The address of a stored receipt in a `period.created` payload (fetched with the owner's token). */
export function documentUrl(publicUrl: string, fileName: string): string {
  return `${publicUrl}/api/v1/media/get-file?file_name=${encodeURIComponent(fileName)}`;
}
