import { periodsApi, saveDownloadedFile, toast } from '@luz/shared';
import { periodsText } from '../text';

/** How long an opened PDF keeps its in-memory address (its viewer may reload or save it meanwhile). */
const KEEP_OPENED_MS = 5 * 60_000;

/**
 * Opens one stored PDF in a new tab. The document needs the session's bearer token, so it is
 * fetched here and shown from memory. The tab is opened during the click (popup blockers allow
 * that) and receives the PDF once it arrives; if the browser refused the tab, the file is saved.
 */
export async function openPdf(fileName: string, fallbackName: string) {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const file = await periodsApi.file(fileName);
    if (tab && !tab.closed) {
      const url = URL.createObjectURL(file.blob);
      tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), KEEP_OPENED_MS);
    } else {
      saveDownloadedFile(file, fallbackName);
      toast.info(periodsText.popupBlocked);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Saves one stored document (the XML). */
export async function downloadDocument(fileName: string, fallbackName: string) {
  saveDownloadedFile(await periodsApi.file(fileName), fallbackName);
}
