import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export { expect };

export type TestUser = { email: string; password: string; token: string; id: string };

const superuser = () => ({
  email: process.env.LUZ_E2E_SUPERUSER as string,
  password: process.env.LUZ_E2E_SUPERUSER_PASSWORD as string,
});

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/login/access-token', { form: { username: email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).access_token as string;
}

let superuserTokenOnce: Promise<string> | null = null;

/** Seeds state through the product's own API, as a user would create it. */
export class ApiSeed {
  constructor(private readonly request: APIRequestContext) {}

  /**
   * The first superuser's token, logged in once per worker: every test that seeds an active user
   * needs it, and logging in for each would run into the login rate limit.
   */
  async superuserToken() {
    const { email, password } = superuser();
    superuserTokenOnce ??= apiLogin(this.request, email, password).catch((error: unknown) => {
      superuserTokenOnce = null;
      throw error;
    });
    return superuserTokenOnce;
  }

  async signup(overrides: Partial<{ full_name: string; company_name: string }> = {}): Promise<TestUser> {
    const email = `e2e-${randomUUID()}@luz.test`;
    const password = 'e2e-Password-123';
    const response = await this.request.post('/api/v1/users/signup', {
      data: {
        email,
        password,
        full_name: overrides.full_name ?? 'Usuaria de Prueba',
        company_name: overrides.company_name ?? 'Empresa E2E',
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    const { id } = await response.json();
    return { email, password, id, token: await apiLogin(this.request, email, password) };
  }

  /** A regular account with an active subscription: who uses the product day to day. */
  activeUser(): Promise<TestUser> {
    return this.subscribedUser();
  }

  /**
   * A fresh account promoted to superuser, which always counts as subscribed (spec §4).
   * `subscribed`: it also bought the plan, so it keeps access if it stops being a superuser.
   */
  async superuser({ subscribed = false } = {}): Promise<TestUser> {
    const user = subscribed ? await this.subscribedUser() : await this.signup();
    const promoted = await this.request.patch(`/api/v1/users/${user.id}`, {
      ...this.authorized(await this.superuserToken()),
      data: { is_superuser: true },
    });
    expect(promoted.status(), await promoted.text()).toBe(200);
    return user;
  }

  /**
   * A regular account that bought the plan on the local provider's checkout page, as a customer
   * does: the API answers 402 to an account without a subscription.
   */
  async subscribedUser(
    overrides: Partial<{ full_name: string; company_name: string }> = {},
  ): Promise<TestUser> {
    const user = await this.signup(overrides);
    const auth = this.authorized(user.token);
    const checkout = await this.request.post('/api/v1/chargebee/generate-checkout-new-url/', {
      ...auth,
      data: {},
    });
    expect(checkout.status(), await checkout.text()).toBe(200);
    const { url, hosted_page_id } = await checkout.json();
    const paid = await this.request.post(`${new URL(url).pathname}/pay`, { form: {}, maxRedirects: 0 });
    expect(paid.status(), await paid.text()).toBe(303);
    const confirmed = await this.request.post('/api/v1/chargebee/confirm-subscription/', {
      ...auth,
      data: { hosted_page_id },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    return user;
  }

  /**
   * An active account (regular and subscribed, or a superuser) with one CFE credential, so the
   * layout shows content instead of onboarding.
   */
  async userWithCredential({ superuser = false, subscribed = false } = {}): Promise<TestUser> {
    const user = superuser ? await this.superuser({ subscribed }) : await this.activeUser();
    await this.refusedCredential(user.token);
    return user;
  }

  /**
   * A CFE account that the replica does not know, so CFE refuses its password (a notice of the
   * user's attention inbox). Adding an account connects it in the background; this returns once
   * the refusal is stored. Announced later, the live event of it would refresh the lists of a page
   * the test has opened, at a moment of its own (it once took a page to /subscription before the
   * request a test waited for, the connection having waited behind other tests' syncs).
   */
  async refusedCredential(token: string, alias = 'Cuenta E2E'): Promise<void> {
    const auth = this.authorized(token);
    const created = await this.request.post('/api/v1/credentials/', {
      ...auth,
      data: { alias, cfe_user: `cfe-${randomUUID()}`, password: 'portal-Password-1' },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { credential_id } = await created.json();
    await expect
      .poll(
        async () => {
          const credential = await this.request.get(`/api/v1/credentials/${credential_id}`, auth);
          return ((await credential.json()) as { status_message: string | null }).status_message;
        },
        { intervals: [50, 100, 250], timeout: 30_000 },
      )
      .toMatch(/^CFE rechazó el inicio de sesión/);
  }

  /** A CFE account of the user (a demo account of the bundled replica of CFE's pages, by default). */
  async addCredential(
    token: string,
    data: { cfe_user?: string; password?: string; alias?: string } = {},
  ): Promise<string> {
    const response = await this.request.post('/api/v1/credentials/', {
      ...this.authorized(token),
      data: { cfe_user: 'empresa.demo', password: 'Demo-2024', alias: 'Portal demo', ...data },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).credential_id as string;
  }

  /** A service point of the user. */
  async addRpu(
    token: string,
    data: { service_number: string; credential_id?: string; alias?: string; holder_name?: string },
  ): Promise<string> {
    const response = await this.request.post('/api/v1/rpus/', { ...this.authorized(token), data });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).rpu_id as string;
  }

  authorized(token: string) {
    return { headers: { Authorization: `Bearer ${token}` } };
  }
}

/** One of the user's latest fifty tasks, as GET /tasks/ lists it. */
export async function taskOf(request: APIRequestContext, token: string, taskId: string) {
  const response = await request.get('/api/v1/tasks/?page_size=50', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const tasks = (await response.json()) as {
    data: { task_id: string; status: number; created_at: string; finished_at: string | null }[];
  };
  return tasks.data.find((candidate) => candidate.task_id === taskId);
}

/** Waits until a task of the user has finished and answers its status (1: success). */
export async function finishedTaskStatus(request: APIRequestContext, token: string, taskId: string) {
  let status: number | null = null;
  await expect
    .poll(
      async () => {
        const task = await taskOf(request, token, taskId);
        status = task?.finished_at ? task.status : null;
        return status !== null;
      },
      { timeout: 120_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
  return status;
}

/**
 * A subscribed user whose portal account, six services like the replica's "empresa.demo", has been
 * synced; answers once the task finished. The account is the test run's own, with eight months of
 * history (about four receipts a service, with their payments): enough for every screen the
 * `periodos` specs read, a quarter of the thirty months "empresa.demo" has, and nothing another
 * test links to the shared demo account joins this sync.
 */
export async function syncedDemoUser(seed: ApiSeed, request: APIRequestContext) {
  const user = await seed.activeUser();
  const auth = seed.authorized(user.token);
  const portalUser = await replicaAccount(request, 6, { historyMonths: 8 });
  const credential = await request.post('/api/v1/credentials/', {
    ...auth,
    data: { alias: 'Empresa demo', cfe_user: portalUser, password: 'Demo-2024' },
  });
  expect(credential.status(), await credential.text()).toBe(200);
  const { credential_id } = await credential.json();
  const started = await request.post(`/api/v1/credentials/sync/${credential_id}`, { ...auth, data: {} });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const { task_id: taskId } = await started.json();
  expect(await finishedTaskStatus(request, user.token, taskId)).toBe(1);
  return { user, taskId: taskId as string };
}

export type DemoAccount = Awaited<ReturnType<typeof syncedDemoUser>>;

/** Where the `cuenta-demo` setup project leaves the synced demo account (playwright.config.ts). */
const demoAccountFile = () => join(process.env.LUZ_E2E_DATA_DIR as string, 'e2e-demo-account.json');

export async function saveDemoAccount(account: DemoAccount) {
  await writeFile(demoAccountFile(), JSON.stringify(account));
}

/**
 * The demo account synced once by the setup project, shared by the specs that only read what a
 * sync stored (a full sync per test would repeat minutes of work).
 */
export async function demoAccount(): Promise<DemoAccount> {
  return JSON.parse(await readFile(demoAccountFile(), 'utf8')) as DemoAccount;
}

export async function signInWithToken(page: Page, token: string) {
  // Once per tab: later navigations must see what the app itself did with the token.
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-seeded')) return;
    window.sessionStorage.setItem('e2e-seeded', '1');
    window.localStorage.setItem('access_token', value);
  }, token);
}

export const test = base.extend<{ seed: ApiSeed }>({
  seed: async ({ request }, use) => {
    await use(new ApiSeed(request));
  },
});

export const superuserCredentials = superuser;

/**
 * Opens the header's sync area unless it is open. The app opens it by itself when CFE asks for a
 * CAPTCHA, which can happen between reading the toggle and clicking it (the click then closes it):
 * tried again until the area shows.
 */
export async function openSyncArea(page: Page) {
  const toggle = page.getByRole('button', { name: /^Sincronizaciones/ });
  const area = page.getByRole('complementary', { name: 'Sincronizaciones' });
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(area).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

/** The bundled replica's control API (docs/cfe-replica.md), on loopback next to the product. */
export async function replica<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`http://127.0.0.1:${process.env.LUZ_E2E_REPLICA_PORT}/__replica${path}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/**
 * The history of an account whose services a test needs synced, not read through: two receipts a
 * service, with their payments (the replica's `historyMonths`).
 */
export const SHORT_HISTORY_MONTHS = 4;

/**
 * A portal account of the replica of the caller's own (password Demo-2024) with `services` in it,
 * without the XML throttle: what a test links to it or downloads from it never changes what
 * other tests find in the shared demo accounts. With `historyMonths`, its grids list only that
 * many months (services contracted recently): a test that needs its services synced, not their
 * whole history, syncs a few receipts each instead of fifteen. With `captcha: 'always'`, CFE asks
 * for its CAPTCHA at every new login, as on the replica's "captcha.demo".
 */
export async function replicaAccount(
  request: APIRequestContext,
  services = 0,
  options: { historyMonths?: number; captcha?: 'always' } = {},
): Promise<string> {
  const username = `e2e-${randomUUID()}`;
  const switches = {
    xmlThrottle: null,
    historyMonths: options.historyMonths ?? null,
    ...(options.captcha ? { captcha: options.captcha } : {}),
  };
  const response = await request.post(
    `http://127.0.0.1:${process.env.LUZ_E2E_REPLICA_PORT}/__replica/accounts`,
    { data: { username, password: 'Demo-2024', services, switches } },
  );
  expect(response.status(), await response.text()).toBe(201);
  return username;
}

/** The holder's name CFE has for a service (the receipt's NOMBRE), as the user copies it from a receipt. */
export async function holderNameOf(request: APIRequestContext, serviceNumber: string) {
  return (await replica<{ holder_name: string }>(request, `/services/${serviceNumber}/documents`))
    .holder_name;
}
