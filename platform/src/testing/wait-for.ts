/** Polls `check` until it holds, every `stepMs`; fails once `timeoutMs` has passed. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** Reads until the value passes `ok` and answers it; fails once `timeoutMs` has passed, showing the last value read. */
export async function readUntil<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, stepMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)?.slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
