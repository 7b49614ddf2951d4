/**
 * A GET that outlives a hiccup: a network error, a 5xx or an attempt that hangs is tried again
 * with growing pauses (250 ms, 750 ms, …); a 4xx is an answer and is returned at once. Used for
 * what the page needs before anything can show (the runtime configuration, a remote's manifest),
 * which a restarting API or a slow origin would otherwise turn into a dead page.
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit = {},
  { attempts = 3, attemptTimeoutMs = 5_000 }: { attempts?: number; attemptTimeoutMs?: number } = {},
): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    // By hand: AbortSignal.timeout and .any are newer than the browsers the build targets.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), attemptTimeoutMs);
    init.signal?.addEventListener('abort', () => controller.abort(), { once: true });
    try {
      const response = await fetch(url, { ...init, signal: controller.signal });
      if (response.status < 500) return response;
      lastError = new Error(`${url}: ${response.status} ${response.statusText}`);
    } catch (error) {
      lastError = error;
      if (init.signal?.aborted) break;
    } finally {
      clearTimeout(timer);
    }
    if (attempt < attempts - 1) await new Promise((resolve) => setTimeout(resolve, 250 * 3 ** attempt));
  }
  throw lastError;
}
