/**
 * `npm run bench -- io [--json] [--repeats N] [--hour-file PATH]`: in-process read times of the EDF reader, median of
 * repeats, one JSON line per case {op, file, shape, seconds, repeats, peakBytes, peakRatio}.
 *   - S001R04.edf from XBRAIN_TEST_DATA (default test/data): header, full read, 10 s window;
 *   - a simulated 64-channel one-hour EDF+ (written once to the OS temp folder, or --hour-file): the same cases.
 * peakRatio = peak resident memory a full read adds (fresh child process that has read the file once before and keeps it: max RSS −
 *   RSS before) / float32 data size; coldPeakRatio the same without that warm-up (includes V8's first compilation).
 * The MNE counterpart is bench/io_mne.py (same cases, same JSON shape); see bench/README-io.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readEdf, readEdfHeader } from '../src/core/io/formats/edf';
import { simulateFiles } from '../src/core/io/simulateFiles';

const args = process.argv.slice(2);
const json = args.includes('--json');
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const repeats = Number(opt('--repeats') ?? 15);
const dataDir = process.env.XBRAIN_TEST_DATA ? resolve(process.env.XBRAIN_TEST_DATA) : resolve(__dirname, '../../test/data');
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function time<T>(fn: () => Promise<T>, n: number): Promise<{ seconds: number; last: T }> {
  const xs: number[] = [];
  let last: T | undefined;
  await fn(); // warm-up (JIT, page cache)
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    last = await fn();
    xs.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return { seconds: median(xs), last: last as T };
}

/**
 * Peak resident memory a full read adds, measured in a fresh child process (this bundle with --peak-child FILE):
 * the child's peak RSS minus its RSS just before the read. `warm`: the reader has already read the file once (that
 * result kept alive), as in an extension host that has read files before; cold: only the header was read, so the peak
 * also holds V8's first optimising compilation of the decoder (a fixed ~7 MB under Node 22, visible on small files).
 */
function peak(path: string, warm: boolean): number {
  const r = spawnSync(process.execPath, ['--expose-gc', __filename, '--peak-child', path, ...(warm ? ['--warm'] : [])], { encoding: 'utf8' });
  const v = Number(r.stdout.trim());
  if (r.status !== 0 || !Number.isFinite(v)) throw new Error(`peak measurement failed: ${r.stderr}`);
  return v;
}

/**
 * Peak RSS of this process. Linux's VmHWM belongs to the address space created by exec; getrusage's maxRSS is not
 * used there because it keeps the parent's peak across fork + exec (the benchmark parent holds an hour of data).
 */
function highWaterRss(): number {
  try {
    const m = readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+) kB/);
    if (m) return Number(m[1]) * 1024;
  } catch {
    /* not Linux */
  }
  return process.resourceUsage().maxRSS * 1024;
}

async function peakChild(path: string, warm: boolean): Promise<void> {
  await readEdfHeader(path); // load code paths before the baseline
  // warm: one full read first so the decoder is already optimised (V8's optimising compilers take several MB of
  // transient memory the first time a hot loop tiers up). Its result stays alive: freed arrays would hand their
  // resident pages to the measured read and hide its cost.
  const first = warm ? await readEdf(path) : null;
  gc();
  // the high-water mark from start-up and the warm-up read must not count (Linux: writing 5 resets VmHWM)
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    /* not Linux: the warm-up stays in the peak */
  }
  const base = process.memoryUsage().rss;
  const raw = await readEdf(path);
  const top = highWaterRss();
  process.stdout.write(`${Math.max(0, top - base)}\n`);
  void raw;
  void first;
}

function emit(rec: Record<string, unknown>): void {
  if (json) process.stdout.write(JSON.stringify(rec) + '\n');
  else
    process.stdout.write(
      `${String(rec.op).padEnd(8)} ${String(rec.file).padEnd(28)} ${JSON.stringify(rec.shape).padEnd(14)} ${(Number(rec.seconds) * 1000).toFixed(2).padStart(9)} ms${rec.peakRatio !== undefined ? `  peak ${Number(rec.peakRatio).toFixed(2)}× float32 data` : ''}\n`,
    );
}

async function benchFile(path: string, label: string, n: number): Promise<void> {
  const h = await time(() => readEdfHeader(path), n);
  emit({ op: 'header', file: label, shape: [h.last.channels.length, h.last.nTimes], seconds: h.seconds, repeats: n });
  const full = await time(() => readEdf(path), n);
  const shape = [full.last.data.length, full.last.nTimes];
  const dataBytes = shape[0] * shape[1] * 4;
  const peakBytes = peak(path, true);
  const coldPeakBytes = peak(path, false);
  emit({
    op: 'read',
    file: label,
    shape,
    seconds: full.seconds,
    repeats: n,
    peakBytes,
    peakRatio: peakBytes / dataBytes,
    coldPeakBytes,
    coldPeakRatio: coldPeakBytes / dataBytes,
  });
  const w0 = Math.floor(full.last.nTimes / 3),
    wl = Math.round(10 * full.last.sfreq);
  const win = await time(() => readEdf(path, { start: w0, stop: w0 + wl }), n);
  emit({ op: 'window', file: label, shape: [win.last.data.length, wl], seconds: win.seconds, repeats: n });
}

async function main(): Promise<void> {
  const child = opt('--peak-child');
  if (child) return peakChild(child, args.includes('--warm'));
  const s001 = join(dataDir, 'S001R04.edf');
  if (!existsSync(s001)) throw new Error(`${s001} not found (set XBRAIN_TEST_DATA)`);
  await benchFile(s001, 'S001R04.edf', repeats);
  let hour = opt('--hour-file');
  if (!hour) {
    hour = join(tmpdir(), 'xbrain-bench-sim-64ch-1h.edf');
    if (!existsSync(hour) || statSync(hour).size < 70e6) simulateFiles({ out: hour, seed: 1, duration: 3600 });
  }
  gc();
  await benchFile(hour, 'simulated-64ch-1h.edf', Math.max(3, Math.min(repeats, 7)));
}

main().catch((e: unknown) => {
  process.stderr.write(`bench io: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
