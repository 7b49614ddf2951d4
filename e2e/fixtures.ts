import { randomUUID } from 'node:crypto';
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

  /** A fresh account promoted to superuser, which always counts as subscribed (spec §4). */
  async activeUser(): Promise<TestUser> {
    const user = await this.signup();
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

  /** An active account with one CFE credential, so the layout shows content instead of onboarding. */
  async userWithCredential(): Promise<TestUser> {
    const user = await this.activeUser();
    const credential = await this.request.post('/api/v1/credentials/', {
      ...this.authorized(user.token),
      data: { alias: 'Cuenta E2E', cfe_user: `cfe-${randomUUID()}`, password: 'portal-Password-1' },
    });
    expect(credential.status(), await credential.text()).toBe(200);
    return user;
  }

  authorized(token: string) {
    return { headers: { Authorization: `Bearer ${token}` } };
  }
}

/** Opens the app with a stored token, as if the user had logged in on this browser. */
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
