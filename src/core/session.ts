import { Study } from './study/study';
import { ToolRegistry, type InvokeOptions } from './tools/registry';
import type { ToolContext, ToolEnv } from './tools/types';
import type { ToolResult } from './tools/result';
import { loadStudy, saveStudy, studyFile, studyFileExists } from './study/persistence';
import { acquireStudyLock, releaseStudyLock } from './study/lock';
import { definitionByName } from './tools/definitions';
import { XBrainError } from './errors';
import { errorResult } from './tools/result';
import { stat } from 'node:fs/promises';

export interface SessionInvokeOptions extends InvokeOptions {
  signal?: AbortSignal;
  progress?: (message: string) => void;
  awaitLongJobs?: boolean;
  /**
   * Checks run in the call's turn of the queue, on the Study as the calls before it left it (MCP's domain checks);
   * a result returned here is the answer and the tool does not run.
   */
  precheck?: (state: XBrainSession['study']['state']) => ToolResult | null;
}

/** One finished call, as every front end may observe it (XBrainSession.onDidInvoke). */
export interface InvokeEvent {
  tool: string;
  result: ToolResult;
}

export interface OpenOptions {
  /** start from an empty Study even if `.xbrain/study.json` exists (xbrain run) */
  fresh?: boolean;
  /** write `.xbrain/study.json` after every mutating call (default true) */
  persist?: boolean;
  /** who holds the Study lock while this session changes it (shown to other processes), e.g. "xbrain run a.xbrain" */
  owner?: string;
}

/**
 * One workspace's Study plus the registry that is the only way to change it. Every front end (extension, CLI,
 * notebook controller, MCP server, agent) holds a session and calls `invoke`.
 */
export class XBrainSession {
  private saving: Promise<void> = Promise.resolve();
  private inFlight = 0;
  /** the end of the queue: every call waits for the one before it (one queue per workspace session) */
  private tail: Promise<void> = Promise.resolve();
  private locked = false;
  /** size and mtime of study.json as this session last read or wrote it: another process's write changes it */
  private diskStamp: string | null = null;
  private fresh = false;
  private owner = `xbrain (${process.argv
    .slice(1, 3)
    .map((a) => a.split(/[\\/]/).pop())
    .join(' ')})`;
  private saveTimer: NodeJS.Timeout | undefined;
  private readonly unsubscribe: () => void;
  private readonly invokeListeners = new Set<(e: InvokeEvent) => void>();
  /** how long changes made outside `invoke` (background training progress) wait before they are written */
  static backgroundSaveDelayMs = 500;

  private constructor(
    readonly study: Study,
    readonly registry: ToolRegistry,
    readonly env: ToolEnv,
    private readonly persist: boolean,
  ) {
    // Background jobs (training started in chat returns at once) change the Study after `invoke` has returned:
    // write those changes too, debounced, so per-epoch progress and the final run status survive a reload.
    const sub = study.onDidChange(() => {
      if (!this.persist || this.inFlight > 0) return;
      if (this.saveTimer) clearTimeout(this.saveTimer);
      this.saveTimer = setTimeout(() => {
        this.saveTimer = undefined;
        void this.save().catch(() => undefined);
      }, XBrainSession.backgroundSaveDelayMs);
      this.saveTimer.unref?.();
    });
    this.unsubscribe = () => sub.dispose();
  }

  static async open(env: ToolEnv, opts: OpenOptions = {}): Promise<XBrainSession> {
    const persist = opts.persist ?? true;
    let study = new Study();
    if (!opts.fresh && (await studyFileExists(env.workspace))) study = new Study(await loadStudy(env.workspace));
    const session = new XBrainSession(study, new ToolRegistry(), env, persist);
    session.diskStamp = await diskStamp(env.workspace);
    session.fresh = Boolean(opts.fresh);
    if (opts.owner) session.owner = opts.owner;
    return session;
  }

  /** For tests and mock mode: a session over a given Study, never written to disk. */
  static inMemory(env: ToolEnv, study = new Study(), registry = new ToolRegistry()): XBrainSession {
    return new XBrainSession(study, registry, env, false);
  }

  context(opts: SessionInvokeOptions = {}): ToolContext {
    return { study: this.study, env: this.env, signal: opts.signal, progress: opts.progress, awaitLongJobs: opts.awaitLongJobs };
  }

  /**
   * Runs one tool call in its turn: calls run one at a time in arrival order, each on the Study the previous one
   * left, and the history records them in that order. A call that waits on a long job (training run to the end)
   * frees the queue once the job has started (ToolContext.releaseQueue); the stage gate then refuses what may not
   * run during training. Before a call that may change the Study, the session takes the workspace's Study lock
   * (src/core/study/lock.ts) so another process cannot change it at the same time.
   */
  async invoke(name: string, args: unknown, opts: SessionInvokeOptions = {}): Promise<ToolResult> {
    const result = await this.queued(name, args, opts);
    for (const l of this.invokeListeners) l({ tool: name, result });
    return result;
  }

  /**
   * Every call's result, whichever front end made it (chat, agent, palette, notebook, MCP): the one door's
   * observers, so no front end reports results by hand. Returns the unsubscribe function.
   */
  onDidInvoke(listener: (e: InvokeEvent) => void): () => void {
    this.invokeListeners.add(listener);
    return () => this.invokeListeners.delete(listener);
  }

  private async queued(name: string, args: unknown, opts: SessionInvokeOptions): Promise<ToolResult> {
    // the interrupt does not wait in line behind the job it stops (it only marks runs stopped and kills trainers)
    if (name === 'stop_training') return this.run(name, args, opts, () => undefined);
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const before = this.tail;
    this.tail = before.then(() => turn);
    await before;
    let freed = false;
    const free = (): void => {
      if (!freed) {
        freed = true;
        release();
      }
    };
    try {
      return await this.run(name, args, opts, free);
    } finally {
      free();
    }
  }

  private async run(name: string, args: unknown, opts: SessionInvokeOptions, free: () => void): Promise<ToolResult> {
    let note = '';
    if (this.persist && definitionByName.get(name)?.mutates) {
      try {
        note = await this.lock();
      } catch (e) {
        if (e instanceof XBrainError) return errorResult(name, e.code, e.message, e.details);
        throw e;
      }
    }
    const early = opts.precheck?.(this.study.state);
    if (early) return early;
    const before = this.study.state;
    this.inFlight++;
    let result: ToolResult;
    try {
      result = await this.registry.invoke(
        name,
        args,
        { ...this.context(opts), releaseQueue: free },
        { confirmed: opts.confirmed, confirmedQuestion: opts.confirmedQuestion },
      );
    } finally {
      this.inFlight--;
    }
    if (this.persist && this.study.state !== before) await this.save();
    return note ? { ...result, content: `${note}\n${result.content}`, meta: { ...result.meta, reloaded: true } } : result;
  }

  /**
   * Takes the Study lock on the first call that may change the Study and keeps it until dispose. If another process
   * wrote study.json since this session read it, the Study is reloaded first and the caller is told.
   */
  private async lock(): Promise<string> {
    if (this.locked) return '';
    const { recoveredFrom } = acquireStudyLock(this.env.workspace, this.owner);
    this.locked = true;
    const notes: string[] = [];
    if (recoveredFrom) notes.push(`Note: took over the Study lock left by ${recoveredFrom.command} (pid ${recoveredFrom.pid}), which is no longer running.`);
    const now = await diskStamp(this.env.workspace);
    if (!this.fresh && now !== null && now !== this.diskStamp) {
      this.study.replace(await loadStudy(this.env.workspace));
      notes.push('Note: another process changed the Study since it was opened here; it was reloaded from .xbrain/study.json before this call.');
    }
    this.diskStamp = now;
    return notes.join('\n');
  }

  /** Writes any pending background change now and stops following the Study (extension deactivate, CLI exit). */
  async dispose(): Promise<void> {
    this.unsubscribe();
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
      if (this.persist) await this.save();
    }
    await this.saving.catch(() => undefined);
    if (this.locked) {
      this.locked = false;
      releaseStudyLock(this.env.workspace);
    }
  }

  /** Saves are serialised so two quick mutations never interleave their writes. */
  save(): Promise<void> {
    this.saving = this.saving
      .catch(() => undefined)
      .then(async () => {
        await saveStudy(this.env.workspace, this.study.state);
        this.diskStamp = await diskStamp(this.env.workspace);
      });
    return this.saving;
  }
}

async function diskStamp(workspace: string): Promise<string | null> {
  const st = await stat(studyFile(workspace)).catch(() => null);
  return st ? `${st.size}:${st.mtimeMs}` : null;
}
