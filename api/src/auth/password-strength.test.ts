import { waitFor } from '../testing/wait-for';
import { resolvePackage } from '../utils/resolve-package';
import { PASSWORD_CHECK_PACKAGES, PasswordStrength } from './password-strength';

const packages = () => PASSWORD_CHECK_PACKAGES.map(resolvePackage);

// The dictionaries live in a worker thread that ends when idle, so that the memory they take goes
// back to the system (issue 17).

test('scores passwords with the dictionaries, in a worker that ends once idle and starts again when needed', async () => {
  const strength = new PasswordStrength(packages, 50);
  expect(strength.running).toBe(false);
  expect(await strength.score('P@ssw0rd', [])).toBeLessThan(3);
  expect(strength.running).toBe(true);
  await waitFor(() => !strength.running);
  expect(await strength.score('tornillo caballo nube verde', [])).toBeGreaterThanOrEqual(3);
  // The account's own words count: the same password is weak for the company it names.
  expect(await strength.score('Xoquitlaco2024', ['aceros', 'xoquitlaco'])).toBeLessThan(3);
  strength.close();
});

test('checks sent together are answered each with its own score', async () => {
  const strength = new PasswordStrength(packages);
  const scores = await Promise.all(
    ['12345678', 'Contraseña-de-prueba-1', 'qwerty123', 'Tzitzimetl.99'].map((password) =>
      strength.score(password, []),
    ),
  );
  expect(scores.map((score) => score >= 3)).toEqual([false, true, false, true]);
  strength.close();
  expect(strength.running).toBe(false);
});

test('close waits for the checks still waiting; the worker then ends when idle', async () => {
  const strength = new PasswordStrength(packages, 50);
  const pending = strength.score('iloveyou', []);
  strength.close();
  expect(await pending).toBeLessThan(3);
  await waitFor(() => !strength.running);
});
