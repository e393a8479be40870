/**
 * `npm run bench -- train [--json] [--epochs N] [--threads N] [--data DIR] [--no-pytorch] [--python PY]`
 *
 * The refbench training task: XBrainLab's EEGNet on 288 × 22 × 1000 (250 Hz, 4 classes), batch 32, Adam 1e-3,
 * shuffled. Data: X.f32 / y.u8 / meta.json from DIR, or written by `bench/reference/train_ref.py --save-data` (the
 * same seeded synthetic set the shared reference uses). Then the same task runs in PyTorch (train_ref.py
 * --arch xbrainlab) with the same threads in this session, and the ratio of median seconds per epoch is printed.
 * Prints {model, shape, batch, threads, seconds_per_epoch, …} with --json. Needs `npm run build` (worker bundle).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import * as path from 'node:path';
import { createModel } from '../src/core/training/models';
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

function pythonWithTorch(): string | null {
  const candidates = [opt('python', ''), process.env.XBRAIN_PYTHON, 'python3', '/usr/bin/python3'].filter((c): c is string => !!c);
  for (const py of candidates) if (spawnSync(py, ['-c', 'import torch, numpy'], { stdio: 'ignore' }).status === 0) return py;
  return null;
}

const median = (a: number[]): number => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main(): Promise<void> {
  const py = pythonWithTorch();
  let dataDir = opt('data', '');
  let tmp: string | null = null;
  if (!dataDir) {
    if (!py) throw new Error('no --data DIR and no Python with torch to generate the data (apt-get install python3-torch)');
    tmp = mkdtempSync(path.join(tmpdir(), 'xbrain-bench-train-'));
    dataDir = path.join(tmp, 'data');
    log('writing the refbench data with train_ref.py --save-data …');
    const r = spawnSync(py, [refScript, '--epochs', '0', '--save-data', dataDir], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`train_ref.py --save-data failed: ${r.stderr}`);
  }
  const meta = JSON.parse(readFileSync(path.join(dataDir, 'meta.json'), 'utf8')) as { shape: [number, number, number]; sfreq: number };
  const [n, C, T] = meta.shape;
  const xb = readFileSync(path.join(dataDir, 'X.f32'));
  const x = new Float32Array(xb.buffer.slice(xb.byteOffset, xb.byteOffset + xb.byteLength));
  const labels = Int32Array.from(readFileSync(path.join(dataDir, 'y.u8')));
  const nClasses = Math.max(...labels) + 1;

  const workerScript = path.join(repoRoot, 'dist/trainWorker.js');
  if (threads > 1 && !existsSync(workerScript)) throw new Error(`${workerScript} is missing: run \`npm run build\` first`);
  const model = createModel('EEGNet', { nChannels: C, nTimes: T, sfreq: meta.sfreq, nClasses }, {}, { seed: 0 });
  log(`XBrain engine: EEGNet ${n}×${C}×${T}, batch ${batch}, ${threads} thread(s), ${epochs} epoch(s), load ${loadavg()[0].toFixed(2)} …`);
  // Process CPU time (all threads) per epoch: less sensitive than wall time to other load on the machine.
  const cpu: number[] = [];
  let c0 = process.cpuUsage();
  const res = await trainModel(
    model,
    { train: { x, labels } },
    {
      epochs,
      batchSize: batch,
      learningRate: lr,
      optimizer: 'adam',
      seed: 0,
      threads,
      workerScript,
    },
    {
      onEpoch: (r) => {
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1e6);
        c0 = process.cpuUsage();
        log(
          `  epoch ${r.epoch}: ${r.seconds.toFixed(2)} s (cpu ${cpu[cpu.length - 1].toFixed(2)} s), loss ${r.train.loss.toFixed(4)}, acc ${r.train.accuracy.toFixed(3)}`,
        );
      },
    },
  );
  const ours = median(res.epochs.map((e) => e.seconds));

  let pytorch: {
    seconds_per_epoch: number;
    min_seconds_per_epoch: number;
    cpu_seconds_per_epoch: number;
    torch: string;
    threads: number;
    losses: number[];
  } | null = null;
  if (py && !flag('no-pytorch')) {
    log(`PyTorch (train_ref.py --arch xbrainlab), ${threads} thread(s), ${epochs} epoch(s) …`);
    const r = spawnSync(
      py,
      [
        refScript,
        '--arch',
        'xbrainlab',
        '--data',
        dataDir,
        '--epochs',
        String(epochs),
        '--threads',
        String(threads),
        '--batch',
        String(batch),
        '--lr',
        String(lr),
      ],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`train_ref.py failed: ${r.stderr}`);
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
            summary?: { median_s_per_epoch: number; min_s_per_epoch: number; median_cpu_s_per_epoch: number; torch: string; threads: number };
          },
      );
    for (const l of lines) if (l.epoch) log(`  epoch ${l.epoch}: ${l.seconds!.toFixed(2)} s (cpu ${l.cpu_s!.toFixed(2)} s), loss ${l.loss!.toFixed(4)}`);
    const s = lines.find((l) => l.summary)!.summary!;
    pytorch = {
      seconds_per_epoch: s.median_s_per_epoch,
      min_seconds_per_epoch: s.min_s_per_epoch,
      cpu_seconds_per_epoch: s.median_cpu_s_per_epoch,
      torch: s.torch,
      threads: s.threads,
      losses: lines.filter((l) => l.epoch).map((l) => l.loss!),
    };
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });

  const out = {
    model: 'EEGNet (XBrainLab)',
    shape: [n, C, T],
    batch,
    threads: res.threads,
    seconds_per_epoch: Number(ours.toFixed(4)),
    min_seconds_per_epoch: Number(Math.min(...res.epochs.map((e) => e.seconds)).toFixed(4)),
    cpu_seconds_per_epoch: Number(median(cpu).toFixed(4)),
    epochs,
    losses: res.epochs.map((e) => Number(e.train.loss.toFixed(4))),
    pytorch,
    /** median wall time per epoch, ours / PyTorch's */
    ratio: pytorch ? Number((ours / pytorch.seconds_per_epoch).toFixed(3)) : null,
    /** fastest epoch each (least disturbed by other load) and median CPU time per epoch */
    ratio_min: pytorch ? Number((Math.min(...res.epochs.map((e) => e.seconds)) / pytorch.min_seconds_per_epoch).toFixed(3)) : null,
    ratio_cpu: pytorch ? Number((median(cpu) / pytorch.cpu_seconds_per_epoch).toFixed(3)) : null,
    cpus: cpus().length,
    loadavg_1m: Number(loadavg()[0].toFixed(2)),
    node: process.version,
  };
  if (json) process.stdout.write(`${JSON.stringify(out)}\n`);
  else {
    process.stdout.write(`XBrain EEGNet ${n}×${C}×${T}, batch ${batch}, ${res.threads} thread(s): ${ours.toFixed(3)} s/epoch\n`);
    if (pytorch)
      process.stdout.write(`PyTorch ${pytorch.torch}, ${pytorch.threads} thread(s): ${pytorch.seconds_per_epoch.toFixed(3)} s/epoch — ratio ${out.ratio}x\n`);
  }
}

main().catch((e: Error) => {
  process.stderr.write(`bench train: ${e.message}\n`);
  process.exit(1);
});
