import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, signInWithToken, test } from '../fixtures';

// Issue 15: axe finds no serious or critical violation on the screens, the new ones included.
// axe-core is evaluated in the page (page.evaluate is not subject to the page's CSP).
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

test('axe: ninguna infracción seria o crítica en las pantallas de un usuario', async ({ page, seed }) => {
  test.setTimeout(120_000);
  const user = await seed.userWithCredential();
  await signInWithToken(page, user.token);
  for (const path of ['/attention', '/rpus/', '/downloads', '/periods', '/settings?tab=3', '/subscription']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('axe: ninguna infracción seria o crítica en el inicio de sesión ni en la consola de administración', async ({
  page,
  seed,
}) => {
  test.setTimeout(120_000);
  for (const path of ['/login', '/create-account']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  const superuser = await seed.superuser();
  await signInWithToken(page, superuser.token);
  for (const path of ['/admin?tab=0', '/admin?tab=1', '/admin?tab=2']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
