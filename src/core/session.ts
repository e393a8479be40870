import { Study } from './study/study';
import { ToolRegistry, type InvokeOptions } from './tools/registry';
import type { ToolContext, ToolEnv } from './tools/types';
import type { ToolResult } from './tools/result';
import { loadStudy, saveStudy, studyFileExists } from './study/persistence';

export interface SessionInvokeOptions extends InvokeOptions {
  signal?: AbortSignal;
  progress?: (message: string) => void;
  awaitLongJobs?: boolean;
}

export interface OpenOptions {
  /** start from an empty Study even if `.xbrain/study.json` exists (xbrain run) */
  fresh?: boolean;
  /** write `.xbrain/study.json` after every mutating call (default true) */
  persist?: boolean;
}

/**
 * One workspace's Study plus the registry that is the only way to change it. Every front end (extension, CLI,
 * notebook controller, MCP server, agent) holds a session and calls `invoke`.
 */
export class XBrainSession {
  private saving: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private saveTimer: NodeJS.Timeout | undefined;
  private readonly unsubscribe: () => void;
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
    return new XBrainSession(study, new ToolRegistry(), env, persist);
  }

  /** For tests and mock mode: a session over a given Study, never written to disk. */
  static inMemory(env: ToolEnv, study = new Study(), registry = new ToolRegistry()): XBrainSession {
    return new XBrainSession(study, registry, env, false);
  }

  context(opts: SessionInvokeOptions = {}): ToolContext {
    return { study: this.study, env: this.env, signal: opts.signal, progress: opts.progress, awaitLongJobs: opts.awaitLongJobs };
  }

  async invoke(name: string, args: unknown, opts: SessionInvokeOptions = {}): Promise<ToolResult> {
    const before = this.study.state;
    this.inFlight++;
    let result: ToolResult;
    try {
      result = await this.registry.invoke(name, args, this.context(opts), { confirmed: opts.confirmed });
    } finally {
      this.inFlight--;
    }
    if (this.persist && this.study.state !== before) await this.save();
    return result;
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
  }

  /** Saves are serialised so two quick mutations never interleave their writes. */
  save(): Promise<void> {
    this.saving = this.saving.catch(() => undefined).then(() => saveStudy(this.env.workspace, this.study.state));
    return this.saving;
  }
}
