// A tiny test runner for the extension host (mocha is not a dependency): named async tests, run in order, each
// failure printed with its stack; run() rejects when any failed, which the vscode-e2e runner turns into exit 1.
export type TestFn = () => Promise<void> | void;
const tests: { name: string; fn: TestFn }[] = [];

export function test(name: string, fn: TestFn): void {
  tests.push({ name, fn });
}

export async function runAll(timeoutMs = 120_000): Promise<void> {
  let failed = 0;
  for (const t of tests) {
    const t0 = Date.now();
    try {
      await Promise.race([t.fn(), new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs))]);
      console.log(`  ✔ ${t.name} (${Date.now() - t0} ms)`);
    } catch (e) {
      failed++;
      console.error(`  ✘ ${t.name}\n    ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }
  console.log(`${tests.length - failed} passing, ${failed} failing`);
  if (failed) throw new Error(`${failed} integration test(s) failed`);
}

/** Polls `probe` every 100 ms until it returns a value other than undefined; fails naming `what` after `ms`. */
export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, ms: number): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
