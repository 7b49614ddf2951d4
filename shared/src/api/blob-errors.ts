import { isAxiosError } from 'axios';

/**
 * With `responseType: 'blob'`, axios hands an error answer over as a Blob too, and the API's
 * `{"detail": …}` would be lost. This reads it back as JSON, so `errorMessage` shows the
 * server's words ("No hay documentos para descargar…"), and rethrows.
 */
export async function rethrowWithJsonBody(error: unknown): Promise<never> {
  if (isAxiosError(error) && error.response?.data instanceof Blob) {
    const body = error.response.data;
    try {
      error.response.data = body.type.includes('json') ? JSON.parse(await body.text()) : await body.text();
    } catch {
      // Not JSON after all: the status alone will have to speak.
    }
  }
  throw error;
}
