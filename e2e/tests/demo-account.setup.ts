import { saveDemoAccount, syncedDemoUser, test } from '../fixtures';

// Runs before the specs of the `periodos` project (playwright.config.ts), which share its result.
test('la cuenta demo de CFE, sincronizada una vez para las pruebas de periodos', async ({
  seed,
  request,
}) => {
  test.setTimeout(240_000);
  await saveDemoAccount(await syncedDemoUser(seed, request));
});
