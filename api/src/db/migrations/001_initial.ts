// The whole domain model, created at once so that every capability lands on a stable schema.
// Money is numeric(14,2) (MXN, exact); calendar dates are `date`; events are `timestamptz`.
export const up = /* sql */ `
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  full_name text NOT NULL DEFAULT '',
  company_name text NOT NULL DEFAULT '',
  hashed_password text NOT NULL,
  is_superuser boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  must_change_password boolean NOT NULL DEFAULT false,
  token_version integer NOT NULL DEFAULT 0,
  subscription_status text NOT NULL DEFAULT 'no_subscription',
  subscription_id text,
  billing_customer_id text,
  subscription_updated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_company_name_idx ON users (lower(company_name));

CREATE TABLE password_reset_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE credentials (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  alias text NOT NULL DEFAULT '',
  cfe_user text NOT NULL,
  password_encrypted text NOT NULL,
  status smallint NOT NULL DEFAULT 0,
  status_message text,
  last_synced_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX credentials_user_cfe_user_key ON credentials (user_id, lower(cfe_user));

CREATE TABLE rpus (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id uuid REFERENCES credentials (id) ON DELETE SET NULL,
  service_number text NOT NULL,
  alias text NOT NULL DEFAULT '',
  alias_search text NOT NULL DEFAULT '',
  rpu_status smallint NOT NULL DEFAULT 0,
  status_message text,
  with_autofetch boolean NOT NULL DEFAULT false,
  send_email_notifications boolean NOT NULL DEFAULT false,
  has_uns boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  duplicated boolean NOT NULL DEFAULT false,
  last_payment numeric(14, 2),
  holder_name text,
  tariff text,
  last_synced_at timestamptz,
  next_autofetch_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX rpus_user_service_number_key ON rpus (user_id, service_number) WHERE NOT deleted;
CREATE INDEX rpus_service_number_idx ON rpus (service_number text_pattern_ops);
CREATE INDEX rpus_credential_idx ON rpus (credential_id);
CREATE INDEX rpus_autofetch_idx ON rpus (next_autofetch_at) WHERE with_autofetch AND NOT deleted;

CREATE TABLE tasks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type smallint NOT NULL,
  status smallint NOT NULL DEFAULT 0,
  workflow smallint NOT NULL,
  credential_id uuid REFERENCES credentials (id) ON DELETE SET NULL,
  message text,
  reviewed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX tasks_user_created_idx ON tasks (user_id, created_at DESC);
CREATE INDEX tasks_created_idx ON tasks (created_at DESC);

CREATE TABLE task_associations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rpu_id uuid REFERENCES rpus (id) ON DELETE SET NULL,
  credential_id uuid REFERENCES credentials (id) ON DELETE SET NULL,
  service_number text,
  workflow smallint NOT NULL,
  chain_step text,
  attempt smallint NOT NULL DEFAULT 0,
  status smallint NOT NULL DEFAULT 0,
  progress smallint NOT NULL DEFAULT 0,
  message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX task_associations_task_idx ON task_associations (task_id);
CREATE INDEX task_associations_rpu_idx ON task_associations (rpu_id);

CREATE TABLE periods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rpu_id uuid NOT NULL REFERENCES rpus (id) ON DELETE CASCADE,
  credential_id uuid REFERENCES credentials (id) ON DELETE SET NULL,
  initial_date date NOT NULL,
  final_date date NOT NULL,
  amount numeric(14, 2) NOT NULL,
  consumption_kwh numeric(14, 2) NOT NULL DEFAULT 0,
  tariff text NOT NULL DEFAULT '',
  cfdi_uuid text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (rpu_id, initial_date, final_date)
);
CREATE INDEX periods_user_dates_idx ON periods (user_id, final_date DESC);

CREATE TABLE task_association_periods (
  task_association_id uuid NOT NULL REFERENCES task_associations (id) ON DELETE CASCADE,
  period_id uuid NOT NULL REFERENCES periods (id) ON DELETE CASCADE,
  PRIMARY KEY (task_association_id, period_id)
);

CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rpu_id uuid NOT NULL REFERENCES rpus (id) ON DELETE CASCADE,
  period_id uuid NOT NULL REFERENCES periods (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('pdf', 'xml')),
  file_name text NOT NULL UNIQUE,
  storage_key text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (period_id, kind)
);

CREATE TABLE payment_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rpu_id uuid NOT NULL REFERENCES rpus (id) ON DELETE CASCADE,
  paid_on date NOT NULL,
  amount numeric(14, 2) NOT NULL,
  channel text NOT NULL DEFAULT '',
  reference text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (rpu_id, paid_on, reference)
);
CREATE INDEX payment_history_rpu_idx ON payment_history (rpu_id, paid_on DESC);

CREATE TABLE webhooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  events text[] NOT NULL DEFAULT '{}',
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  secret_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  message_id text NOT NULL,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_duration_ms integer,
  last_error text,
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, created_at DESC);

CREATE TABLE billing_events (
  id text PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now()
);
`;
