/**
 * Starts the trainer bundle as a child process on a job file and turns its NDJSON stdout into typed events.
 * A run ends as done, stopped (after stop()), or failed: an error event, a crash, a kill or a missing done event,
 * reported with the last stderr lines so the cause is visible.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { XBrainError } from '../errors';
import type { SpawnSpec } from './backends/types';
import { parseEvent, type DoneEvent, type ProgressEvent, type TrainerEvent, type TrainerStatus } from './protocol';

export interface LaunchOptions {
  /** the trainer bundle (dist/trainer.js); found from packageRoot or next to the running bundle when omitted */
  entry?: string;
  packageRoot?: string;
  /** Node executable (default: this process's) */
  nodePath?: string;
  env?: NodeJS.ProcessEnv;
  /** how long stop() waits for a clean exit before killing the child (ms) */
  stopGraceMs?: number;
  /** stderr lines kept for the failure message */
  stderrLines?: number;
  /** run this command instead of `node dist/trainer.js` (a backend's spawn spec, e.g. the pytorch trainer) */
  spawn?: SpawnSpec;
}

export interface TrainerOutcome {
  status: Exclude<TrainerStatus, 'running'>;
  /** the done event (status done or stopped) */
  done?: DoneEvent;
  progress: ProgressEvent[];
  /** why it failed: the trainer's error message or how the process ended, plus the stderr tail */
  error?: string;
  stderrTail: string[];
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

/** Where the trainer bundle is: explicit, `<packageRoot>/dist/trainer.js`, or next to the running bundle. */
export function findTrainerEntry(opts: Pick<LaunchOptions, 'entry' | 'packageRoot'> = {}): string {
  const candidates: string[] = [];
  if (opts.entry) candidates.push(opts.entry);
  // XBRAIN_TRAINER overrides the package's bundle (the agent evaluations train with one built from the sources)
  if (process.env.XBRAIN_TRAINER) candidates.push(process.env.XBRAIN_TRAINER);
  if (opts.packageRoot) candidates.push(path.join(opts.packageRoot, 'dist', 'trainer.js'));
  if (typeof __dirname !== 'undefined') candidates.push(path.join(__dirname, 'trainer.js'));
  for (const c of candidates) if (existsSync(c)) return c;
  throw new XBrainError('not_found', `The trainer bundle was not found (looked for ${candidates.join(', ') || 'dist/trainer.js'}); run \`npm run build\`.`, {
    file: candidates[0] ?? 'dist/trainer.js',
  });
}

type Listener = (e: TrainerEvent) => void;

/** One trainer child process. */
export class TrainerRun {
  private readonly child: ChildProcess;
  private readonly listeners = new Set<Listener>();
  private readonly stderr: string[] = [];
  private readonly progressEvents: ProgressEvent[] = [];
  private doneEvent: DoneEvent | undefined;
  private errorMessage: string | undefined;
  private stopRequested = false;
  private killTimer: NodeJS.Timeout | undefined;
  private state: TrainerStatus = 'running';
  /** settles when the process has exited; never rejects */
  readonly finished: Promise<TrainerOutcome>;

  constructor(
    readonly jobFile: string,
    private readonly opts: LaunchOptions = {},
  ) {
    const keep = opts.stderrLines ?? 20;
    const env = { ...(opts.env ?? process.env), ...opts.spawn?.env };
    this.child = opts.spawn
      ? spawn(opts.spawn.command, opts.spawn.args, { stdio: ['pipe', 'pipe', 'pipe'], env })
      : spawn(opts.nodePath ?? process.execPath, [findTrainerEntry(opts), jobFile], { stdio: ['pipe', 'pipe', 'pipe'], env });
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      const e = parseEvent(line);
      if (!e) {
        if (line.trim()) this.fire({ type: 'log', message: line });
        return;
      }
      if (e.type === 'progress') this.progressEvents.push(e);
      else if (e.type === 'done') this.doneEvent = e;
      else if (e.type === 'error') this.errorMessage = e.message;
      this.fire(e);
    });
    createInterface({ input: this.child.stderr! }).on('line', (line) => {
      this.stderr.push(line);
      if (this.stderr.length > keep) this.stderr.shift();
    });
    // A child that dies before reading stdin makes writes fail with EPIPE: the exit handler reports it.
    this.child.stdin!.on('error', () => undefined);
    this.finished = new Promise((resolve) => {
      let spawnError: Error | undefined;
      this.child.once('error', (e) => {
        spawnError = e;
      });
      this.child.once('close', (code, signal) => {
        if (this.killTimer) clearTimeout(this.killTimer);
        const tail = this.stderr.slice();
        let status: TrainerOutcome['status'];
        let error: string | undefined;
        if (this.doneEvent && code === 0) {
          status = this.doneEvent.stopped ? 'stopped' : 'done';
        } else if (this.stopRequested && !this.errorMessage && signal) {
          // Killed after the grace period of stop(): nothing was saved.
          status = 'stopped';
        } else {
          status = 'failed';
          const how = spawnError ? `could not start (${spawnError.message})` : signal ? `was killed by ${signal}` : `exited with code ${code}`;
          error = this.errorMessage ? `${this.errorMessage} (trainer ${how})` : `The trainer ${how} before finishing.`;
          if (tail.length) error += `\nLast stderr lines:\n${tail.join('\n')}`;
        }
        this.state = status;
        resolve({ status, done: this.doneEvent, progress: this.progressEvents.slice(), error, stderrTail: tail, exitCode: code, signal });
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get status(): TrainerStatus {
    return this.state;
  }

  /** Typed events as they arrive (progress, log, done, error); returns an unsubscribe function. */
  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private fire(e: TrainerEvent): void {
    for (const l of this.listeners) l(e);
  }

  /** Asks the trainer to stop after the current batch (it saves what it has); kills it after the grace period. */
  stop(): Promise<TrainerOutcome> {
    if (this.state === 'running' && !this.stopRequested) {
      this.stopRequested = true;
      if (this.child.stdin!.writable) this.child.stdin!.write('{"type":"stop"}\n');
      this.killTimer = setTimeout(() => this.child.kill('SIGKILL'), this.opts.stopGraceMs ?? 3000);
    }
    return this.finished;
  }

  /** Ends the process at once (the run is reported failed, with its stderr tail). */
  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<TrainerOutcome> {
    if (this.state === 'running') this.child.kill(signal);
    return this.finished;
  }
}

/** Spawns `node <dist/trainer.js> <jobFile>`. */
export function launchTrainer(jobFile: string, opts: LaunchOptions = {}): TrainerRun {
  return new TrainerRun(jobFile, opts);
}
