/**
 * For the specs that start a shop server of their own (own data directory, own SMTP server):
 * waits until it answers.
 */

/**
 * Polls `<base>/api/configuration/configurations` every 0.5 s until it answers 2xx.
 * @param name what the server is for, in the error.
 * @throws Error when it has not answered within 60 s.
 */
export async function waitForOwnServer(base: string, name: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${base}/api/configuration/configurations`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} server did not start`);
}
