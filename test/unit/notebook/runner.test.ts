import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { XBrainSession } from '../../../src/core/session';
import { stateTools } from '../../../src/core/tools/impl/state';
import { runCell, runNotebook } from '../../../src/core/notebook/runner';
import { parseNotebook } from '../../../src/core/notebook/format';
import { resultOutputs } from '../../../src/core/notebook/outputs';
import { XBRAIN_MIME } from '../../../src/core/mime';
import { text } from '../../../src/core/tools/result';
import { stageDrivers } from '../foundation/fixtures';
import { repoRoot, testDataDir } from '../helpers/paths';

function session(extra = {}) {
  const ws = mkdtempSync(join(tmpdir(), 'xbrain-nb-'));
  return XBrainSession.inMemory(
    { workspace: ws, packageRoot: repoRoot, trusted: true },
    new Study(),
    new ToolRegistry({ ...stateTools, ...stageDrivers, ...extra }),
  );
}

describe('notebook runner', () => {
  it('runs the calls of a cell in order through the registry and the StateManager', async () => {
    const s = session();
    const run = await runCell('load_data(paths=["/d/a.edf"])\n# cut\nepoch_data(t_min=0, t_max=1)\nget_study_state()', s);
    expect(run.outcome).toBe('ok');
    expect(run.results.map((r) => r.tool)).toEqual(['load_data', 'epoch_data', 'get_study_state']);
    expect(s.study.stage).toBe('preprocessed');
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('runs nothing from a cell with a syntax error and names line and column', async () => {
    const s = session();
    const run = await runCell('load_data(paths=["/d/a.edf"])\nepoch_data(t_min=0 t_max=1)', s);
    expect(run.outcome).toBe('error');
    expect(run.results[0].content).toMatch(/line 2, column 20/);
    expect(s.study.stage).toBe('empty');
  });

  it('rolls a failing cell back: earlier calls of the cell leave no trace in the Study', async () => {
    const s = session();
    await runCell('load_data(paths=["/d/a.edf"])', s);
    const before = s.study.state;
    const run = await runCell(
      'apply_bandpass_filter(low_freq=4, high_freq=40)\napply_bandpass_filter(low_freq=30, high_freq=8)\nepoch_data(t_min=0, t_max=1)',
      s,
    );
    expect(run.outcome).toBe('error');
    expect(run.rolledBack).toBe(true);
    expect(run.results.map((r) => r.type)).toEqual(['text', 'error']);
    expect(run.results[1].content).toContain('low_freq must be below high_freq');
    expect(s.study.state).toBe(before);
  });

  it('stops at a confirmation unless confirmed, asks a function, and confirms with true', async () => {
    const s = session();
    await runCell('load_data(paths=["/d/a.edf"])\nepoch_data(t_min=0, t_max=1)\ngenerate_dataset()', s);
    const cell = 'set_model(model_name="EEGNet")\nconfigure_training(epoch=1, batch_size=4, learning_rate=0.001)\nstart_training()';
    const refused = await runCell(cell, s);
    expect(refused.outcome).toBe('needs_confirmation');
    expect(refused.results[2].type).toBe('confirm');
    expect(s.study.state.model).toBeNull();
    const asked: string[] = [];
    const viaDialog = await runCell(cell, s, { confirm: async (r) => (asked.push(r.tool), false) });
    expect(asked).toEqual(['start_training']);
    expect(viaDialog.outcome).toBe('needs_confirmation');
    const yes = await runCell(cell, s, { confirm: true });
    expect(yes.outcome).toBe('ok');
    expect(s.study.stage).toBe('trained');
  });

  it('stops before the next call when interrupted and restores the Study', async () => {
    const ac = new AbortController();
    const s = session({ get_dataset_info: { run: () => (ac.abort(), text('get_dataset_info', 'info')) } });
    const run = await runCell('load_data(paths=["/d/a.edf"])\nget_dataset_info()\nepoch_data(t_min=0, t_max=1)', s, { signal: ac.signal });
    expect(run.outcome).toBe('cancelled');
    expect(run.results.map((r) => r.tool)).toEqual(['load_data', 'get_dataset_info', 'notebook']);
    expect(run.results[2].error?.code).toBe('cancelled');
    expect(s.study.stage).toBe('empty');
  });

  it('runs a notebook top to bottom, skipping markdown, and stops at the first failing cell', async () => {
    const nb = parseNotebook(
      JSON.stringify({
        version: 1,
        metadata: {},
        cells: [
          { kind: 'markdown', source: '# title' },
          { kind: 'code', source: 'load_data(paths=["/d/a.edf"])' },
          { kind: 'code', source: 'epoch_data(t_min=0, t_max=1)' },
          { kind: 'code', source: 'set_model(model_name="EEGNet")' },
          { kind: 'code', source: 'get_study_state()' },
        ],
      }),
    );
    const s = session();
    const started: number[] = [];
    const report = await runNotebook(nb, s, { onCellStart: (i) => started.push(i) });
    expect(report.ok).toBe(false);
    expect(started).toEqual([1, 2, 3]);
    expect(report.cells.map((c) => [c.index, c.outcome])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [3, 'needs_confirmation'],
    ]);
    // set_model at 'preprocessed' is a skip-ahead plan: it waits for confirmation.
    expect(report.cells[2].results[0].content).toContain('generate_dataset');
  });

  it('runs real tools on the real test-data folder', async () => {
    const s = XBrainSession.inMemory({ workspace: testDataDir, packageRoot: repoRoot, trusted: true });
    const run = await runCell('list_files(directory=".", pattern="S001R0*.edf")\nget_study_state()', s);
    expect(run.outcome).toBe('ok');
    expect(run.results[0].content).toContain('S001R04.edf');
    expect(run.results[0].content).toContain('S001R08.edf');
    expect(run.results[0].content).not.toContain('S001R10.edf');
  });

  it('persists the restored Study after a rollback through afterRollback', async () => {
    const s = session();
    let saved = 0;
    await runCell('load_data(paths=["/d/a.edf"])\nnormalize_data(method="bad")', s, { afterRollback: async () => void saved++ });
    expect(saved).toBe(1);
  });
});

describe('result outputs', () => {
  it('turns errors into error outputs and passes render payloads through as their MIME type', () => {
    const err = resultOutputs({ type: 'error', tool: 'epoch_data', content: 'no events', meta: {}, error: { code: 'invalid_state', message: 'no events' } });
    expect(err[0].items[0].mime).toBe('application/vnd.code.notebook.error');
    expect(JSON.parse((err[0].items[0] as { data: string }).data)).toMatchObject({ name: 'invalid_state', message: 'epoch_data: no events' });
    const data = {
      split: 'test',
      classes: ['a', 'b'],
      confusion: [
        [1, 0],
        [0, 1],
      ],
      metrics: { accuracy: 1 },
    };
    const ok = resultOutputs({ type: 'plot', tool: 'evaluate', content: 'acc 1.0', meta: { render: { mime: XBRAIN_MIME.metrics, data } } });
    expect(ok.map((o) => o.items[0].mime)).toEqual(['text/plain', XBRAIN_MIME.metrics]);
    expect((ok[1].items[0] as { data: unknown }).data).toEqual(data);
  });

  it('draws the training curves of the Study runs for start_training (loss and accuracy per split)', async () => {
    const s = session();
    await runCell(
      'load_data(paths=["/d/a.edf"])\nepoch_data(t_min=0, t_max=1)\ngenerate_dataset()\nset_model(model_name="EEGNet")\nconfigure_training(epoch=2, batch_size=4, learning_rate=0.001)\nstart_training()',
      s,
      { confirm: true },
    );
    const metrics = [1, 2].map((epoch) => ({
      epoch,
      seconds: 0.1,
      lr: 0.001,
      train: { loss: 1 / epoch, accuracy: 0.5 * epoch, auc: 0.5 },
      val: { loss: 1.1 / epoch, accuracy: 0.4 * epoch, auc: 0.5 },
    }));
    s.study.updateRun('r1', (r) => ({ ...r, metrics }));
    const outs = resultOutputs(text('start_training', 'trained'), s.study.state);
    expect(outs[1].items[0].mime).toBe(XBRAIN_MIME.training);
    const payload = (outs[1].items[0] as { data: { live: boolean; series: { label: string; metric: string; x: number[]; y: number[] }[] } }).data;
    expect(payload.live).toBe(false);
    expect(payload.series.map((x) => `${x.label}/${x.metric}`)).toEqual([
      'Fold_1 r0 train/loss',
      'Fold_1 r0 train/accuracy',
      'Fold_1 r0 val/loss',
      'Fold_1 r0 val/accuracy',
    ]);
    expect(payload.series[2].y).toEqual([1.1, 0.55]);
  });

  it('takes a payload from meta.mime (the meta is the payload) as well as from meta.render', () => {
    const meta = {
      mime: XBRAIN_MIME.metrics,
      split: 'test',
      classes: ['T1', 'T2'],
      confusion: [
        [4, 1],
        [2, 3],
      ],
      accuracy: 0.7,
    };
    const outs = resultOutputs({ type: 'data', tool: 'evaluate', content: 'acc 70 %', meta });
    expect(outs.map((o) => o.items[0].mime)).toEqual(['text/plain', XBRAIN_MIME.metrics]);
    expect((outs[1].items[0] as { data: unknown }).data).toEqual(meta);
  });
});

describe('interrupting a long job', () => {
  it('stops a running training through stop_training and rolls the cell back', async () => {
    let release: () => void = () => undefined;
    const stopped = new Promise<void>((r) => (release = r));
    const calls: string[] = [];
    const s = session({
      start_training: {
        run: async (_a: unknown, ctx: { study: Study }) => {
          const run = {
            id: 'r9',
            splitId: 'f1',
            splitName: 'Fold_1',
            repeat: 0,
            seed: 1,
            model: ctx.study.state.model!,
            config: ctx.study.state.training!,
            status: 'running' as const,
            metrics: [],
            artefacts: {},
            startedAt: '',
          };
          ctx.study.commit({ runs: [...ctx.study.state.runs, run] }, ['runs']);
          await stopped; // a trainer that runs until stopped
          return text('start_training', 'Training finished: 1 run(s)');
        },
      },
      stop_training: {
        run: (_a: unknown, ctx: { study: Study }) => {
          calls.push('stop_training');
          ctx.study.updateRun('r9', (r) => ({ ...r, status: 'stopped' }));
          release();
          return text('stop_training', 'stopped');
        },
      },
    });
    await runCell(
      'load_data(paths=["/d/a.edf"])\nepoch_data(t_min=0, t_max=1)\ngenerate_dataset()\nset_model(model_name="EEGNet")\nconfigure_training(epoch=1, batch_size=4, learning_rate=0.001)',
      s,
    );
    const before = s.study.state;
    const ac = new AbortController();
    const pending = runCell('start_training()', s, { confirm: true, signal: ac.signal });
    await new Promise((r) => setTimeout(r, 20));
    expect(s.study.stage).toBe('training');
    ac.abort();
    const run = await pending;
    expect(calls).toEqual(['stop_training']);
    expect(run.outcome).toBe('cancelled');
    expect(run.results.map((r) => r.tool)).toEqual(['start_training', 'notebook']);
    expect(s.study.state).toBe(before);
  });
});
