import type { PeriodsFilters } from '@luz/shared/contract';
import type { Queryable } from '../db/database';
import { assertOwnCredential, getRpu } from '../rpus/service';
import { assertOwnAssociation } from '../tasks/service';

/**
 * The ids a periods filter names must be the caller's: 404 otherwise, as every endpoint answers
 * for another user's objects (README), instead of an empty list that says nothing.
 */
export async function assertOwnFilters(
  db: Queryable,
  userId: string,
  {
    credential_id,
    rpu_id,
    task_association_id,
  }: Pick<PeriodsFilters, 'credential_id' | 'rpu_id' | 'task_association_id'>,
): Promise<void> {
  await assertOwnCredential(db, userId, credential_id);
  if (rpu_id) await getRpu(db, userId, rpu_id);
  if (task_association_id) await assertOwnAssociation(db, userId, task_association_id);
}
