import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ListCounts } from './list-counts';

/** The content type Fastify gives a JSON answer it serialises itself. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends JSON the route's own serialiser made before (`serializeAnswer`), as Fastify sends it. */
export const sendJson = (reply: FastifyReply, json: Buffer) => reply.type(JSON_TYPE).send(json);

/**
 * The route's answer for `value` through its own serialiser (validated against its schema), in
 * UTF-8: an answer sent again is not encoded again (a string was, on every send: a sixth of a
 * kept page of periods' time).
 */
export function serializeAnswer(reply: FastifyReply, value: unknown): Buffer {
  const made = reply.serialize(value);
  // The app's zod serialiser makes strings; Fastify's type allows buffers for other serialisers.
  if (typeof made !== 'string') throw new Error('A kept answer must serialise to a string');
  return Buffer.from(made);
}

/**
 * Sends the answer of a list whose answers are kept (issue 17, decision 100). The JSON of a page
 * answered recently is kept, keyed by the route and its validated query within `scope` (the
 * caller's id, or EVERY_USER for the superuser's lists), and sent again as it is while the
 * database announces no change to that scope: no query, no response validation, no serialisation,
 * which were what a page kept as objects still cost. The JSON is made by the route's own
 * serialiser (`reply.serialize`), so it is byte for byte what Fastify sends for `answer()`.
 * Requests for an answer being made share it. Guards and ownership checks run before this, on
 * every request.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  counts: ListCounts,
  scope: string,
  answer: () => Promise<unknown>,
): Promise<FastifyReply> {
  const key = `${request.routeOptions.url}\n${JSON.stringify(request.query)}`;
  const json =
    counts.answer(scope, key) ??
    (await counts.shared(scope, key, async () => {
      // Taken before the first query: an answer made while a change happened is not kept.
      const mark = counts.mark();
      const made = serializeAnswer(reply, await answer());
      counts.keepAnswer(scope, key, made, mark);
      return made;
    }));
  return sendJson(reply, json);
}
