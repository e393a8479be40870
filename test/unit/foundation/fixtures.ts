import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { stateTools } from '../../../src/core/tools/impl/state';
import { XBrainError } from '../../../src/core/errors';
import { text } from '../../../src/core/tools/result';
import type { ToolContext, ToolImplementations } from '../../../src/core/tools/types';
import { STAGES } from '../../../src/core/study/types';
import { syntheticEpochs, syntheticRecording } from '../helpers/synthetic';

/**
 * Minimal stand-ins for the capability tools, used only to drive the registry and the StateManager through every
 * stage: they commit plausible state the way the real tools do (one commit, all-or-nothing).
 */
export const stageDrivers: ToolImplementations = {
  load_data: {
    run: (args, ctx) => {
      const recs = (args.paths as string[]).map((p) => syntheticRecording({ path: p }));
      const s = ctx.study.state;
      ctx.study.commit({ recordings: [...s.recordings, ...recs], loadedEvents: [...s.loadedEvents, ...recs.map((r) => r.events)] }, ['recordings']);
      return text('load_data', `loaded ${recs.length}`);
    },
  },
  apply_bandpass_filter: {
    run: (args, ctx) => {
      if ((args.low_freq as number) >= (args.high_freq as number))
        throw new XBrainError('invalid_arguments', 'low_freq must be below high_freq', { parameter: 'low_freq' });
      const s = ctx.study.state;
      ctx.study.commit({ history: [...s.history, { op: 'bandpass', params: args, shape: [], description: 'Filtering', at: '' }] }, ['preprocessing']);
      return text('apply_bandpass_filter', 'filtered');
    },
  },
  epoch_data: {
    run: (_a, ctx) => {
      ctx.study.commit({ epochs: syntheticEpochs(ctx.study.state.recordings[0]) }, ['epochs']);
      return text('epoch_data', 'epoched');
    },
  },
  generate_dataset: {
    run: (args, ctx) => {
      const n = ctx.study.state.epochs!.nEpochs;
      const all = Int32Array.from({ length: n }, (_, i) => i);
      ctx.study.commit(
        {
          dataset: {
            config: args as never,
            splits: [{ id: 'f1', name: 'Fold_1', train: all.slice(0, n - 2), val: all.slice(n - 2, n - 1), test: all.slice(n - 1) }],
            audit: { overlap: 0, warnings: [] },
            createdAt: '',
          },
        },
        ['datasets'],
      );
      return text('generate_dataset', 'split');
    },
  },
  set_model: { run: (a, ctx) => (ctx.study.commit({ model: { name: a.model_name as 'EEGNet', params: {} } }, ['training']), text('set_model', 'ok')) },
  configure_training: { run: (a, ctx) => (ctx.study.commit({ training: a as never }, ['training']), text('configure_training', 'ok')) },
  start_training: {
    run: (_a, ctx: ToolContext) => {
      const run = {
        id: 'r1',
        splitId: 'f1',
        splitName: 'Fold_1',
        repeat: 0,
        seed: 1,
        model: ctx.study.state.model!,
        config: ctx.study.state.training!,
        status: 'done' as const,
        metrics: [],
        artefacts: {},
        startedAt: '',
      };
      ctx.study.commit({ runs: [...ctx.study.state.runs, run] }, ['runs']);
      return text('start_training', 'trained');
    },
  },
  stop_training: { run: () => text('stop_training', 'stopped') },
  evaluate: { run: () => text('evaluate', 'evaluated') },
};

export function harness(workspace = '/tmp') {
  const study = new Study();
  const registry = new ToolRegistry({ ...stateTools, ...stageDrivers });
  const ctx: ToolContext = { study, env: { workspace, packageRoot: '/tmp', trusted: true } };
  return { study, registry, ctx, call: (name: string, args: unknown = {}, confirmed = false) => registry.invoke(name, args, ctx, { confirmed }) };
}

export async function driveTo(h: ReturnType<typeof harness>, stage: string) {
  const steps: [string, unknown][] = [
    ['load_data', { paths: ['/data/a.edf'] }],
    ['epoch_data', { t_min: 0, t_max: 1 }],
    ['generate_dataset', {}],
    ['set_model', { model_name: 'EEGNet' }],
    ['configure_training', { epoch: 1, batch_size: 4, learning_rate: 0.001 }],
    ['start_training', {}],
  ];
  const target = STAGES.indexOf(stage as never);
  for (let i = 0; i < steps.length && STAGES.indexOf(h.study.stage) < target; i++) {
    if (!h.registry.definitions.find((d) => d.name === steps[i][0])!.stages.includes(h.study.stage)) continue;
    const r = await h.call(steps[i][0], steps[i][1], true);
    if (r.type === 'error') throw new Error(`${steps[i][0]}: ${r.content}`);
  }
  if (h.study.stage !== stage) throw new Error(`could not reach ${stage}, at ${h.study.stage}`);
}
