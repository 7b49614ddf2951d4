/**
 * Answers that the host's first script asked for while the bundles were still loading (the
 * current user, when a token is stored): the SDK call that would ask for one takes it instead, once.
 * An answer that failed or is not a success is dropped and the call asks again through the HTTP
 * client, whose interceptors deal with 401, 402 and 428 as everywhere else.
 */
const pending = new Map<string, Promise<Response>>();

/** Hands the SDK a request already on its way to `path` (relative to /api/v1). */
export function adoptEarlyResponse(path: string, response: Promise<Response>) {
  pending.set(path, response);
}

/** The body of the early answer to `path`, once; undefined when there is none to use. */
export async function takeEarlyJson(path: string): Promise<unknown> {
  const response = pending.get(path);
  if (!response) return undefined;
  pending.delete(path);
  try {
    const answer = await response;
    return answer.ok ? await answer.json() : undefined;
  } catch {
    return undefined;
  }
}
