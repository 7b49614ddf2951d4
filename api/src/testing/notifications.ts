import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';

/**
 * Waits until every notification sent on `db` so far reached this process's listeners too: on
 * PostgreSQL a process hears its own changes again, a little later, and its caches drop what they
 * keep once more (ListCounts, SessionCache).
 */
export async function notificationsSettled(db: Database): Promise<void> {
  const marker = randomUUID();
  let heard: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const stop = await db.listen('luz_test_settled', (payload) => {
    if (payload === marker) heard();
  });
  await db.notify('luz_test_settled', marker);
  await arrived;
  await stop();
}
