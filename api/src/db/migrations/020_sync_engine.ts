// The sync engine's bookkeeping on top of the initial schema (tasks, task_associations).
export const up = /* sql */ `
ALTER TABLE task_associations
  -- Bumped by every change of step or outcome; a job names the value it was sent for, so a
  -- repeated or late job (a crashed worker's, a duplicate) finds it moved on and does nothing.
  ADD COLUMN step_seq integer NOT NULL DEFAULT 0,
  -- Holds one of its credential's lanes (PORTAL_CONCURRENCY_PER_CREDENTIAL): a job is queued or running for it.
  ADD COLUMN dispatched boolean NOT NULL DEFAULT false,
  -- Single-service syncs go before bulk ones of the same credential.
  ADD COLUMN priority smallint NOT NULL DEFAULT 0,
  -- The additional information (last payment, MXN) given for this run, if any.
  ADD COLUMN last_payment numeric(14, 2),
  ADD COLUMN next_attempt_at timestamptz,
  -- Waits the portal imposed (429) on the current step; they do not count as failed attempts.
  ADD COLUMN deferrals smallint NOT NULL DEFAULT 0,
  ADD COLUMN started_at timestamptz;

-- The queue of each credential: associations waiting for a lane.
CREATE INDEX task_associations_waiting_idx ON task_associations (credential_id, priority DESC, created_at, id)
  WHERE status = 0 AND NOT dispatched;
CREATE INDEX task_associations_dispatched_idx ON task_associations (credential_id) WHERE dispatched;
-- "Is this service point being synced already?"
CREATE INDEX task_associations_unfinished_rpu_idx ON task_associations (rpu_id) WHERE finished_at IS NULL;
CREATE INDEX task_associations_status_idx ON task_associations (status, task_id);
CREATE INDEX tasks_user_type_created_idx ON tasks (user_id, type, created_at DESC);

-- A portal account that answered "too many requests" is left alone until then, by every worker.
CREATE TABLE portal_cooldowns (
  credential_id uuid PRIMARY KEY REFERENCES credentials (id) ON DELETE CASCADE,
  until timestamptz NOT NULL
);

-- Periods a sync created, written in the same transaction as the period: the webhooks
-- (published_at) and the owner's e-mail (email: newer than any period the service point had, so
-- not on its first sync) go out from here once, even if the step that found them ran twice.
CREATE TABLE receipt_notifications (
  period_id uuid PRIMARY KEY REFERENCES periods (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rpu_id uuid NOT NULL REFERENCES rpus (id) ON DELETE CASCADE,
  task_association_id uuid REFERENCES task_associations (id) ON DELETE SET NULL,
  email boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  emailed_at timestamptz
);
CREATE INDEX receipt_notifications_unpublished_idx ON receipt_notifications (task_association_id)
  WHERE published_at IS NULL;
CREATE INDEX receipt_notifications_unsent_idx ON receipt_notifications (rpu_id) WHERE email AND emailed_at IS NULL;
`;
