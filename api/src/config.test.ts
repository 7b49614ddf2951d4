import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, decodeCredentialsKey, loadConfig, parseEnvironment } from './config';

const rootDir = '/srv/luz';
const tempDir = () => mkdtemp(join(tmpdir(), 'luz-config-'));

test('defaults make a complete embedded configuration', async () => {
  const dataDir = await tempDir();
  const config = await loadConfig({ DATA_DIR: dataDir }, { rootDir });
  expect(config).toMatchObject({
    port: 8080,
    host: '0.0.0.0',
    publicUrl: 'http://localhost:8080',
    dataDir,
    databaseUrl: null,
    // The bundled replica needs no pacing.
    portal: {
      proxyUrl: null,
      pacingMs: 0,
      consultationPacingMs: 0,
      serviceCap: 10,
      captchaTimeoutMs: 300_000,
    },
    billing: { provider: 'local', chargebeeSite: null, chargebeeApiKey: null },
    smtpUrl: null,
    firstSuperuser: null,
    workers: true,
    accessTokenExpireMinutes: 1440,
    passwordResetExpireMinutes: 30,
    loginRateLimit: { max: 10, windowMs: 60_000 },
    loginAddressRateLimit: { max: 30, windowMs: 60_000 },
    recoveryRateLimit: { max: 5, windowMs: 900_000 },
    signupRateLimit: { max: 20, windowMs: 3_600_000 },
    trustProxy: false,
    webRoot: rootDir,
    frontEnd: {
      apiUrl: '',
      remotes: {
        rpus: '/remotes/rpus/mf-manifest.json',
        periods: '/remotes/periods/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
        settings: '/remotes/settings/mf-manifest.json',
      },
      poweredBy: { label: 'Luz', url: 'http://localhost:8080' },
      chatScriptUrl: null,
      sessionRecordingScriptUrl: null,
      cspExtraSources: [],
    },
  });
  expect(config.credentialsKey).toHaveLength(32);
  expect(config.secretKey.length).toBeGreaterThanOrEqual(32);
});

test('DATA_DIR defaults to .data in the checkout; relative paths resolve from the working directory', async () => {
  const cwd = await tempDir();
  const relative = await loadConfig(
    { DATA_DIR: 'datos', WEB_ROOT: 'web', SECRET_KEY: 'k'.repeat(32), CREDENTIALS_KEY: 'a'.repeat(64) },
    { rootDir, cwd },
  );
  expect(relative.dataDir).toBe(join(cwd, 'datos'));
  expect(relative.webRoot).toBe(join(cwd, 'web'));
  const absent = await loadConfig(
    { SECRET_KEY: 'k'.repeat(32), CREDENTIALS_KEY: 'a'.repeat(64) },
    { rootDir, cwd },
  );
  expect(absent.dataDir).toBe(join(rootDir, '.data'));
});

test('secrets are generated once into DATA_DIR with mode 0600 and reused', async () => {
  const dataDir = await tempDir();
  const [first, concurrent] = await Promise.all([
    loadConfig({ DATA_DIR: dataDir }, { rootDir }),
    loadConfig({ DATA_DIR: dataDir }, { rootDir }),
  ]);
  expect(concurrent.secretKey).toBe(first.secretKey);
  expect(concurrent.credentialsKey.equals(first.credentialsKey)).toBe(true);
  for (const file of ['secret_key', 'credentials_key']) {
    expect((await stat(join(dataDir, file))).mode & 0o777).toBe(0o600);
  }
  const again = await loadConfig({ DATA_DIR: dataDir }, { rootDir });
  expect(again.secretKey).toBe(first.secretKey);
  expect(again.credentialsKey.equals(first.credentialsKey)).toBe(true);
  expect((await readFile(join(dataDir, 'secret_key'), 'utf8')).trim()).toBe(first.secretKey);
});

test('secrets from the environment win and nothing is written', async () => {
  const dataDir = await tempDir();
  const key = Buffer.alloc(32, 7);
  const config = await loadConfig(
    { DATA_DIR: dataDir, SECRET_KEY: 's'.repeat(40), CREDENTIALS_KEY: key.toString('base64') },
    { rootDir },
  );
  expect(config.secretKey).toBe('s'.repeat(40));
  expect(config.credentialsKey.equals(key)).toBe(true);
  await expect(stat(join(dataDir, 'secret_key'))).rejects.toThrow();
  expect(decodeCredentialsKey(key.toString('hex')).equals(key)).toBe(true);
  expect(() => decodeCredentialsKey('c2hvcnQ')).toThrow(ConfigError);
});

test('every setting is read from the environment', async () => {
  const config = await loadConfig(
    {
      PORT: '9000',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://luz.example.com/',
      DATA_DIR: await tempDir(),
      DATABASE_URL: 'postgres://luz:secreto@db:5432/luz',
      SECRET_KEY: 'x'.repeat(32),
      CREDENTIALS_KEY: 'b'.repeat(64),
      PORTAL_URL: 'http://portal:8090',
      PORTAL_PROXY_URL: 'http://oficina.example.mx:3128',
      PORTAL_SERVICE_CAP: '25',
      PORTAL_CAPTCHA_TIMEOUT: '2m',
      BILLING_PROVIDER: 'chargebee',
      CHARGEBEE_SITE: 'luz-test',
      CHARGEBEE_API_KEY: 'cb_key',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Luz <hola@luz.example.com>',
      FIRST_SUPERUSER: 'admin@luz.example.com',
      FIRST_SUPERUSER_PASSWORD: 'una-contraseña-larga',
      WORKERS: 'false',
      ACCESS_TOKEN_EXPIRE_MINUTES: '15',
      PASSWORD_RESET_EXPIRE_MINUTES: '10',
      LOGIN_RATE_LIMIT: '3/30s',
      LOGIN_ADDRESS_RATE_LIMIT: '50/5m',
      RECOVERY_RATE_LIMIT: '2/1h',
      SIGNUP_RATE_LIMIT: '4/10m',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      API_URL: 'https://api.luz.example.com/',
      REMOTE_RPUS_URL: 'https://cdn.example.com/rpus/mf-manifest.json',
      POWERED_BY_LABEL: 'Energía Co',
      POWERED_BY_URL: 'https://energia.example.com',
      CHAT_SCRIPT_URL: 'https://chat.example.com/widget.js',
      SESSION_RECORDING_SCRIPT_URL: 'https://rec.example.com/r.js',
      CSP_EXTRA_SOURCES: 'https://static.rec.example.com, wss://*.chat.example.com *.example.org:443',
      HOSTNAME: 'ignored',
    },
    { rootDir },
  );
  expect(config).toMatchObject({
    port: 9000,
    host: '127.0.0.1',
    publicUrl: 'https://luz.example.com',
    databaseUrl: 'postgres://luz:secreto@db:5432/luz',
    // CFE itself (PORTAL_URL) is paced by default.
    portal: {
      url: 'http://portal:8090',
      proxyUrl: 'http://oficina.example.mx:3128',
      pacingMs: 3_000,
      consultationPacingMs: 18_000,
      serviceCap: 25,
      captchaTimeoutMs: 120_000,
    },
    billing: { provider: 'chargebee', chargebeeSite: 'luz-test', chargebeeApiKey: 'cb_key' },
    smtpUrl: 'smtps://user:pass@mail.example.com:465',
    mailFrom: 'Luz <hola@luz.example.com>',
    firstSuperuser: { email: 'admin@luz.example.com', password: 'una-contraseña-larga' },
    workers: false,
    accessTokenExpireMinutes: 15,
    passwordResetExpireMinutes: 10,
    loginRateLimit: { max: 3, windowMs: 30_000 },
    loginAddressRateLimit: { max: 50, windowMs: 300_000 },
    recoveryRateLimit: { max: 2, windowMs: 3_600_000 },
    signupRateLimit: { max: 4, windowMs: 600_000 },
    trustProxy: true,
    logLevel: 'warn',
    frontEnd: {
      apiUrl: 'https://api.luz.example.com',
      remotes: {
        rpus: 'https://cdn.example.com/rpus/mf-manifest.json',
        periods: '/remotes/periods/mf-manifest.json',
      },
      poweredBy: { label: 'Energía Co', url: 'https://energia.example.com' },
      chatScriptUrl: 'https://chat.example.com/widget.js',
      sessionRecordingScriptUrl: 'https://rec.example.com/r.js',
      cspExtraSources: ['https://static.rec.example.com', 'wss://*.chat.example.com', '*.example.org:443'],
    },
  });
});

test('invalid settings stop the start with the variable named and the value never echoed', () => {
  const attempt = (env: Record<string, string>) => () => parseEnvironment(env);
  expect(attempt({ PORT: 'ochenta' })).toThrow(/PORT/);
  expect(attempt({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  expect(attempt({ LOGIN_RATE_LIMIT: 'muchos' })).toThrow(/LOGIN_RATE_LIMIT: expected <max>\/<window>/);
  expect(attempt({ BILLING_PROVIDER: 'chargebee' })).toThrow(/CHARGEBEE_SITE and CHARGEBEE_API_KEY/);
  expect(attempt({ FIRST_SUPERUSER_PASSWORD: 'contraseña-suelta' })).toThrow(/without FIRST_SUPERUSER/);
  expect(attempt({ SECRET_KEY: 'corto-y-secreto' })).toThrow(/SECRET_KEY/);
  expect(attempt({ SECRET_KEY: 'corto-y-secreto' })).not.toThrow(/corto-y-secreto/);
  expect(attempt({ WORKERS: 'quizá' })).toThrow(ConfigError);
  expect(attempt({ PORTAL_PROXY_URL: 'socks5://proxy:1080' })).toThrow(/PORTAL_PROXY_URL/);
  expect(attempt({ PORTAL_CAPTCHA_TIMEOUT: '5s' })).toThrow(/PORTAL_CAPTCHA_TIMEOUT: expected a duration/);
  expect(attempt({ PORTAL_SERVICE_CAP: '0' })).toThrow(/PORTAL_SERVICE_CAP/);
  expect(attempt({ POWERED_BY_URL: 'javascript:alert(document.cookie)' })).toThrow(/POWERED_BY_URL/);
  // A source list cannot smuggle keywords or new directives into the page's CSP.
  for (const sources of [
    "'unsafe-eval'",
    'https://a.example.com; script-src *',
    'https://a.example.com/path',
    '*',
  ]) {
    expect(attempt({ CSP_EXTRA_SOURCES: sources })).toThrow(/CSP_EXTRA_SOURCES/);
  }
  for (const origins of [
    'app.example.com',
    'https://app.example.com/luz',
    '*',
    'https://a.example.com,ftp://b',
  ]) {
    expect(attempt({ CORS_ORIGINS: origins })).toThrow(/CORS_ORIGINS/);
  }
  expect(
    parseEnvironment({ CORS_ORIGINS: 'https://app.example.com, http://localhost:3000/' }).CORS_ORIGINS,
  ).toEqual(['https://app.example.com', 'http://localhost:3000']);
});

test('empty variables count as absent', () => {
  expect(parseEnvironment({ PORT: '', DATABASE_URL: ' ', SMTP_URL: '' })).toMatchObject({ PORT: 8080 });
  expect(parseEnvironment({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
});
