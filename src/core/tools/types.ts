import type { Study } from '../study/study';
import type { Stage } from '../study/types';
import type { ToolResult } from './result';

/** JSON Schema subset used by tool parameters (draft-07 compatible; validated with ajv). */
export interface JsonSchema {
  type?:
    | 'object'
    | 'string'
    | 'number'
    | 'integer'
    | 'boolean'
    | 'array'
    | 'null'
    | ReadonlyArray<'string' | 'number' | 'integer' | 'boolean' | 'array' | 'null' | 'object'>;
  description?: string;
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  items?: JsonSchema;
  enum?: readonly unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxLength?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: readonly JsonSchema[];
  examples?: readonly unknown[];
}

export type ToolCategory = 'data' | 'preprocess' | 'dataset' | 'training' | 'evaluation' | 'ui' | 'state';

export interface ToolDefinition {
  name: string;
  /** written for an LLM: what it does, when to use it, what it returns */
  description: string;
  /** one line for people (palette, tool reference) */
  summary: string;
  category: ToolCategory;
  parameters: JsonSchema & { type: 'object'; properties: Readonly<Record<string, JsonSchema>> };
  /** stages in which the tool may run (StateManager availability table) */
  stages: readonly Stage[];
  /** the tool destroys work or starts a long job: the first call returns a `confirm` result */
  needsConfirmation: boolean;
  /** the tool changes the Study (false for read-only tools such as get_study_state) */
  mutates: boolean;
  /**
   * The tool writes files outside the Study (export_model, export_epochs): it changes no state, but a question must not
   * run it either, so the agent proposes it like a call that changes the Study.
   */
  writesFiles?: boolean;
  /**
   * The tool updates this group of the Study's settings: a parameter left out keeps its current value (the schema
   * default only when it was never set), so validation fills in no defaults and prompts start from the current value.
   */
  updates?: 'training';
}

export interface ToolEnv {
  /** folder that holds `.xbrain/` and against which relative paths resolve */
  workspace: string;
  /** folder of the installed extension / package (bundles, knowledge base) */
  packageRoot: string;
  /** untrusted workspaces run no training and no agent tools */
  trusted: boolean;
  /** interpreter for the pytorch trainer backend (VS Code setting `xbrain.python`); auto-detected when unset */
  python?: string;
  /**
   * extra folders reads and listings may reach besides the workspace (VS Code setting `xbrain.data.folders`, CLI
   * `--data-folder`); undefined = the XBRAIN_DATA_FOLDERS environment variable. Writes stay in the workspace.
   */
  dataFolders?: string[];
  /** memory one call may allocate, in MB (undefined: XBRAIN_MEMORY_BUDGET_MB, else half of the free memory) */
  memoryBudgetMB?: number;
  /**
   * keep recordings and epochs on disk under `.xbrain/spill/` when their samples exceed this many MB (0 = always;
   * undefined: XBRAIN_SPILL_ABOVE_MB, else 1024); see signal/spill.ts
   */
  spillAboveMB?: number;
  /** trainer threads when configure_training sets none (VS Code setting `xbrain.training.threads`; 0/unset: up to 2) */
  trainerThreads?: number;
  /**
   * At most this many epochs per training run, whatever configure_training set (the simulated Study of `--mock` and the
   * agent evaluations: real runs of the real trainer, kept short). The confirmation is unchanged; the result says so.
   */
  trainingEpochLimit?: number;
}

export interface ToolContext {
  study: Study;
  env: ToolEnv;
  signal?: AbortSignal;
  /** progress lines for long operations (chat progress, notification, CLI stderr) */
  progress?: (message: string) => void;
  /** run long jobs (training) to the end before returning: CLI runs and confirmed skip plans */
  awaitLongJobs?: boolean;
  /**
   * A call that waits on a long job calls this once the job has started and the Study is in its running stage: the
   * session's queue lets the next calls run (stop_training, get_study_state) while this one waits.
   */
  releaseQueue?: () => void;
}

export type ToolArgs = Record<string, unknown>;

/** `A`: the tool's validated arguments (tools/args.ts ArgsOf); methods, so a typed implementation fits the registry's table. */
export interface ToolImplementation<A = ToolArgs> {
  /** when set and it returns text, the call needs confirmation and this text says what will happen */
  confirmation?(args: A, ctx: ToolContext): string | null;
  run(args: A, ctx: ToolContext): Promise<ToolResult> | ToolResult;
}

export type ToolImplementations = Record<string, ToolImplementation>;
