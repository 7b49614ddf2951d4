import { ConfigError, loadConfig, parseEnvironment } from '../config';

// The billing settings of api/src/config.ts (documented in the README).

const chargebee = {
  BILLING_PROVIDER: 'chargebee',
  CHARGEBEE_SITE: 'luz-test',
  CHARGEBEE_API_KEY: 'test_key',
};

test('local is the default and needs nothing else', async () => {
  const config = await loadConfig(
    { SECRET_KEY: 'x'.repeat(32), CREDENTIALS_KEY: 'a'.repeat(64) },
    {
      rootDir: '/tmp/luz-billing-config',
    },
  );
  expect(config.billing).toEqual({
    provider: 'local',
    chargebeeSite: null,
    chargebeeApiKey: null,
    chargebeePlanItemPriceId: 'luz-empresa-MXN-Monthly',
    planMonthlyPrice: '990.00',
    chargebeeWebhookAuth: null,
    chargebeeApiBaseUrl: null,
  });
});

test('every Chargebee setting is read', async () => {
  const config = await loadConfig(
    {
      ...chargebee,
      CHARGEBEE_PLAN_ITEM_PRICE_ID: 'plan-empresa-MXN-Yearly',
      PLAN_MONTHLY_PRICE: '1490.5',
      CHARGEBEE_WEBHOOK_USERNAME: 'chargebee',
      CHARGEBEE_WEBHOOK_PASSWORD: 'una-contraseña-muy-larga',
      CHARGEBEE_API_BASE_URL: 'http://127.0.0.1:9911',
      SECRET_KEY: 'x'.repeat(32),
      CREDENTIALS_KEY: 'a'.repeat(64),
    },
    { rootDir: '/tmp/luz-billing-config' },
  );
  expect(config.billing).toEqual({
    provider: 'chargebee',
    chargebeeSite: 'luz-test',
    chargebeeApiKey: 'test_key',
    chargebeePlanItemPriceId: 'plan-empresa-MXN-Yearly',
    planMonthlyPrice: '1490.50',
    chargebeeWebhookAuth: { username: 'chargebee', password: 'una-contraseña-muy-larga' },
    chargebeeApiBaseUrl: 'http://127.0.0.1:9911',
  });
});

test('mistakes stop the start, naming the variable and never its value', () => {
  const attempt = (env: Record<string, string>) => () => parseEnvironment(env);
  expect(attempt({ BILLING_PROVIDER: 'stripe' })).toThrow(/BILLING_PROVIDER/);
  expect(attempt({ ...chargebee, CHARGEBEE_API_KEY: '' })).toThrow(/CHARGEBEE_SITE and CHARGEBEE_API_KEY/);
  expect(attempt({ ...chargebee, CHARGEBEE_SITE: 'https://luz-test.chargebee.com' })).toThrow(
    /CHARGEBEE_SITE: must be the site name/,
  );
  expect(attempt({ ...chargebee, CHARGEBEE_WEBHOOK_USERNAME: 'chargebee' })).toThrow(/go together/);
  expect(attempt({ ...chargebee, CHARGEBEE_WEBHOOK_PASSWORD: 'una-contraseña-muy-larga' })).toThrow(
    /go together/,
  );
  expect(
    attempt({ ...chargebee, CHARGEBEE_WEBHOOK_USERNAME: 'cb', CHARGEBEE_WEBHOOK_PASSWORD: 'corta' }),
  ).toThrow(/CHARGEBEE_WEBHOOK_PASSWORD: must be at least 16 characters/);
  expect(
    attempt({ ...chargebee, CHARGEBEE_WEBHOOK_USERNAME: 'cb', CHARGEBEE_WEBHOOK_PASSWORD: 'corta' }),
  ).not.toThrow(/corta/);
  expect(attempt({ CHARGEBEE_API_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
});
