/**
 * Resolves once `condition` holds, checking it every few milliseconds. No deadline of its own: how
 * long something takes depends on the machine's load, and a condition that never holds hits
 * jest's limit for the test.
 */
export async function waitFor(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}
