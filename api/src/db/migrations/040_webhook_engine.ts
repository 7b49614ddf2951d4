// Webhook engine: test deliveries are told apart (they are never retried), delivery time is kept,
// the lookups the engine makes (an owner's endpoints, deliveries still due) have indexes, and
// each service point remembers the status last announced, so rpu.status_changed carries the
// previous one and fires only on a real change.
export const up = /* sql */ `
ALTER TABLE webhook_deliveries ADD COLUMN is_test boolean NOT NULL DEFAULT false;
ALTER TABLE webhook_deliveries ADD COLUMN delivered_at timestamptz;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check
  CHECK (status IN ('pending', 'sending', 'delivered', 'failed'));
ALTER TABLE rpus ADD COLUMN webhook_status smallint;
CREATE INDEX webhooks_user_idx ON webhooks (user_id, created_at DESC);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
  WHERE status IN ('pending', 'sending');
`;
