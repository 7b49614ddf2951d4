/**
 * Resolves once `condition` holds, checking it every few milliseconds. No deadline of its own: how
 * long something takes depends on the machine's load, and a condition that never holds hits
 * jest's limit for the test.
 */
export async function waitFor(condition: () => boolean | Promise<boolean>): Promise<void> {
  await waitForValue(async () => (await condition()) || null);
}

/** The first truthy value `probe` gives, checked as `waitFor` checks its condition. */
export async function waitForValue<T>(
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
): Promise<NonNullable<Exclude<T, false>>> {
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<Exclude<T, false>>;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
