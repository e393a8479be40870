/**
 * `npm run bench -- train [--json] [--models EEGNet,ShallowConvNet,SCCNet] [--epochs N] [--threads N] [--batch N]
 *                        [--data DIR] [--no-pytorch] [--python PY]`
 *
 * The refbench training task for each of XBrainLab's model families: 288 × 22 × 1000 (250 Hz, 4 classes), batch 32,
 * Adam 1e-3, shuffled, dropout as built. Data: X.f32 / y.u8 / meta.json from DIR, or written by
 * `bench/reference/train_ref.py --save-data` (the seeded synthetic set the shared reference uses). Per model, the
 * XBrain engine and PyTorch (train_ref.py --arch xbrainlab --model NAME) each train in a fresh child process with the
 * same data, threads and batch; each child reports seconds per epoch (wall and process CPU, all threads) and its
 * peak RSS (Linux VmHWM: the whole process, runtime included). Printed per model: median, fastest and CPU seconds
 * per epoch of both sides, their ratios (ours / PyTorch's) and the peaks; with --json one object per model and line.
 * Needs `npm run build` for more than one thread (the worker bundle dist/trainWorker.js).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import * as path from 'node:path';
import { createModel, MODEL_NAMES, type ModelName } from '../src/core/training/models';
import { trainModel } from '../src/core/training/train';

const argv = process.argv.slice(2);
const flag = (name: string): boolean => argv.includes(`--${name}`);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
};
const json = flag('json');
const epochs = Number(opt('epochs', '3'));
const threads = Number(opt('threads', '2'));
const batch = Number(opt('batch', '32'));
const lr = Number(opt('lr', '0.001'));
const repoRoot = path.resolve(__dirname, '../..');
const refScript = path.join(repoRoot, 'bench/reference/train_ref.py');
const log = (m: string): void => {
  process.stderr.write(`${m}\n`);
};

/** What each side's child reports. */
interface SideResult {
  engine: string;
  seconds_per_epoch: number;
  min_seconds_per_epoch: number;
  cpu_seconds_per_epoch: number;
  /** VmHWM of the child process, MiB */
  peak_rss_mib: number;
  threads: number;
  losses: number[];
}

const median = (a: number[]): number => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (v: number, d = 4): number => Number(v.toFixed(d));

/** Peak RSS of this process since exec (Linux VmHWM), MiB. */
function peakRssMib(): number {
  try {
    const m = readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+) kB/);
    if (m) return Number(m[1]) / 1024;
  } catch {
    /* not Linux */
  }
  return process.resourceUsage().maxRSS / 1024;
}

function readData(dir: string): { x: Float32Array; labels: Int32Array; shape: [number, number, number]; sfreq: number } {
  const meta = JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8')) as { shape: [number, number, number]; sfreq: number };
  const xb = readFileSync(path.join(dir, 'X.f32'));
  const x = new Float32Array(xb.buffer.slice(xb.byteOffset, xb.byteOffset + xb.byteLength));
  return { x, labels: Int32Array.from(readFileSync(path.join(dir, 'y.u8'))), shape: meta.shape, sfreq: meta.sfreq };
}

/** The XBrain child: trains one model on the data and prints its SideResult as the last line. */
async function child(name: ModelName, dataDir: string): Promise<void> {
  const { x, labels, shape, sfreq } = readData(dataDir);
  const [, C, T] = shape;
  const nClasses = Math.max(...labels) + 1;
  const workerScript = path.join(repoRoot, 'dist/trainWorker.js');
  if (threads > 1 && !existsSync(workerScript)) throw new Error(`${workerScript} is missing: run \`npm run build\` first`);
  const model = createModel(name, { nChannels: C, nTimes: T, sfreq, nClasses }, {}, { seed: 0 });
  // Process CPU time (all threads) per epoch: less sensitive than wall time to other load on the machine.
  const cpu: number[] = [];
  let c0 = process.cpuUsage();
  const res = await trainModel(
    model,
    { train: { x, labels } },
    { epochs, batchSize: batch, learningRate: lr, optimizer: 'adam', seed: 0, threads, workerScript },
    {
      onEpoch: (r) => {
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1e6);
        c0 = process.cpuUsage();
        log(`  epoch ${r.epoch}: ${r.seconds.toFixed(2)} s (cpu ${cpu[cpu.length - 1].toFixed(2)} s), loss ${r.train.loss.toFixed(4)}`);
      },
    },
  );
  const secs = res.epochs.map((e) => e.seconds);
  const out: SideResult = {
    engine: `xbrain (node ${process.version})`,
    seconds_per_epoch: round(median(secs)),
    min_seconds_per_epoch: round(Math.min(...secs)),
    cpu_seconds_per_epoch: round(median(cpu)),
    peak_rss_mib: round(peakRssMib(), 1),
    threads: res.threads,
    losses: res.epochs.map((e) => round(e.train.loss)),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

function pythonWithTorch(): string | null {
  const candidates = [opt('python', ''), process.env.XBRAIN_PYTHON, 'python3', '/usr/bin/python3'].filter((c): c is string => !!c);
  for (const py of candidates) if (spawnSync(py, ['-c', 'import torch, numpy'], { stdio: 'ignore' }).status === 0) return py;
  return null;
}

function runXBrain(name: ModelName, dataDir: string): SideResult {
  const args = ['--expose-gc', __filename, '--child', name, '--data', dataDir, '--epochs', String(epochs), '--threads', String(threads)];
  const r = spawnSync(process.execPath, [...args, '--batch', String(batch), '--lr', String(lr)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`XBrain child for ${name} failed (exit ${r.status})`);
  return JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as SideResult;
}

function runPyTorch(py: string, name: ModelName, dataDir: string): SideResult {
  const args = ['--arch', 'xbrainlab', '--model', name, '--data', dataDir, '--epochs', String(epochs), '--threads', String(threads)];
  const r = spawnSync(py, [refScript, ...args, '--batch', String(batch), '--lr', String(lr)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`train_ref.py --model ${name} failed: ${r.stderr}`);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map(
      (l) =>
        JSON.parse(l) as {
          epoch?: number;
          seconds?: number;
          cpu_s?: number;
          loss?: number;
          summary?: {
            median_s_per_epoch: number;
            min_s_per_epoch: number;
            median_cpu_s_per_epoch: number;
            peak_rss_mib: number;
            torch: string;
            threads: number;
          };
        },
    );
  for (const l of lines) if (l.epoch) log(`  epoch ${l.epoch}: ${l.seconds!.toFixed(2)} s (cpu ${l.cpu_s!.toFixed(2)} s), loss ${l.loss!.toFixed(4)}`);
  const s = lines.find((l) => l.summary)!.summary!;
  return {
    engine: `pytorch ${s.torch}`,
    seconds_per_epoch: s.median_s_per_epoch,
    min_seconds_per_epoch: s.min_s_per_epoch,
    cpu_seconds_per_epoch: s.median_cpu_s_per_epoch,
    peak_rss_mib: s.peak_rss_mib,
    threads: s.threads,
    losses: lines.filter((l) => l.epoch).map((l) => l.loss!),
  };
}

function parseModels(): ModelName[] {
  const names = opt('models', MODEL_NAMES.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const n of names)
    if (!(MODEL_NAMES as readonly string[]).includes(n)) throw new Error(`--models: unknown model "${n}"; choose from ${MODEL_NAMES.join(', ')}`);
  return names as ModelName[];
}

function main(): void {
  const models = parseModels();
  const py = flag('no-pytorch') ? null : pythonWithTorch();
  let dataDir = opt('data', '');
  let tmp: string | null = null;
  if (!dataDir) {
    const gen = py ?? pythonWithTorch();
    if (!gen) throw new Error('no --data DIR and no Python with torch to generate the data (apt-get install python3-torch)');
    tmp = mkdtempSync(path.join(tmpdir(), 'xbrain-bench-train-'));
    dataDir = path.join(tmp, 'data');
    log('writing the refbench data with train_ref.py --save-data …');
    const r = spawnSync(gen, [refScript, '--epochs', '0', '--save-data', dataDir], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`train_ref.py --save-data failed: ${r.stderr}`);
  }
  const meta = readData(dataDir);
  try {
    for (const name of models) {
      log(`${name} ${meta.shape.join('×')}, batch ${batch}, ${threads} thread(s), ${epochs} epoch(s), load ${loadavg()[0].toFixed(2)}`);
      log(' XBrain engine …');
      const ours = runXBrain(name, dataDir);
      let pytorch: SideResult | null = null;
      if (py) {
        log(` PyTorch (train_ref.py --model ${name}) …`);
        pytorch = runPyTorch(py, name, dataDir);
      }
      const ratio = (a: number, b: number | undefined): number | null => (b ? round(a / b, 3) : null);
      const out = {
        model: name,
        shape: meta.shape,
        batch,
        threads: ours.threads,
        epochs,
        xbrain: ours,
        pytorch,
        /** median wall time per epoch, ours / PyTorch's */
        ratio: ratio(ours.seconds_per_epoch, pytorch?.seconds_per_epoch),
        /** fastest epoch each (least disturbed by other load) */
        ratio_min: ratio(ours.min_seconds_per_epoch, pytorch?.min_seconds_per_epoch),
        /** median process CPU seconds per epoch (all threads) */
        ratio_cpu: ratio(ours.cpu_seconds_per_epoch, pytorch?.cpu_seconds_per_epoch),
        /** peak RSS of the child processes */
        ratio_peak_rss: ratio(ours.peak_rss_mib, pytorch?.peak_rss_mib),
        cpus: cpus().length,
        loadavg_1m: round(loadavg()[0], 2),
      };
      if (json) process.stdout.write(`${JSON.stringify(out)}\n`);
      else {
        const line = (s: SideResult): string =>
          `${s.engine.padEnd(22)} ${s.seconds_per_epoch.toFixed(3)} s/epoch (min ${s.min_seconds_per_epoch.toFixed(3)}, cpu ${s.cpu_seconds_per_epoch.toFixed(3)}), peak ${s.peak_rss_mib.toFixed(0)} MiB`;
        process.stdout.write(`${name}, ${ours.threads} thread(s):\n  ${line(ours)}\n`);
        if (pytorch) {
          process.stdout.write(
            `  ${line(pytorch)}\n  ratio ${out.ratio}× (min ${out.ratio_min}×, cpu ${out.ratio_cpu}×), peak ${out.ratio_peak_rss}×, load ${out.loadavg_1m}\n`,
          );
        }
      }
    }
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

const childModel = opt('child', '');
if (childModel) {
  child(childModel as ModelName, opt('data', '')).catch((e: Error) => {
    process.stderr.write(`bench train (child): ${e.message}\n`);
    process.exit(1);
  });
} else {
  try {
    main();
  } catch (e) {
    process.stderr.write(`bench train: ${(e as Error).message}\n`);
    process.exit(1);
  }
}
