/**
 * Reads `read` every 50 ms until `ok` holds of its answer or `ms` have passed, and answers the last
 * reading: the test's own assertion on it then says what was not reached.
 */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
