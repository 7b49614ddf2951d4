// Billing (range 50–59): what the subscription gate needs to stay in step with the provider, and
// the records of the built-in `local` provider, which is its own little billing system.
export const up = /* sql */ `
-- The provider's version of the stored subscription (Chargebee's resource_version): an older
-- snapshot, from an event that arrived late, never overwrites a newer one.
ALTER TABLE users ADD COLUMN subscription_version bigint;
-- A subscription belongs to one user; webhooks find the user through it or through the customer.
CREATE UNIQUE INDEX users_subscription_id_key ON users (subscription_id);
CREATE INDEX users_billing_customer_id_idx ON users (billing_customer_id);

CREATE TABLE billing_local_subscriptions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('active', 'paused', 'cancelled')),
  version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_local_subscriptions_user_idx ON billing_local_subscriptions (user_id);

-- The local provider's hosted checkout pages; the id is the capability in the page's URL.
CREATE TABLE billing_local_checkouts (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  redirect_url text NOT NULL,
  state text NOT NULL DEFAULT 'created' CHECK (state IN ('created', 'succeeded', 'cancelled', 'acknowledged')),
  subscription_id text REFERENCES billing_local_subscriptions (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX billing_local_checkouts_user_idx ON billing_local_checkouts (user_id);
`;
