/**
 * Polls `check` until it holds or `timeoutMs` has passed, and returns its last answer: for the
 * effects of jobs another process (a worker) runs. Tests assert the answer, never the time.
 */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}
