import { describe, expect, it } from 'vitest';
import { diagnoseCell, diagnoseNotebook } from '../../../src/core/notebook/diagnostics';
import { checkStageOrder } from '../../../src/core/notebook/stageFlow';

const LOAD = 'load_data(paths=["a.edf"])\n';
const at = (src: string, d: { span: { start: number; end: number } }) => src.slice(d.span.start, d.span.end);

describe('cell diagnostics', () => {
  it('accepts a correct pipeline cell with no diagnostics', () => {
    const src = `${LOAD}apply_bandpass_filter(low_freq=8, high_freq=30)\nepoch_data(t_min=0, t_max=4, event_id=["T1", "T2"], baseline=null)\ngenerate_dataset()\nset_model(model_name="EEGNet")\nconfigure_training(epoch=2, batch_size=8, learning_rate=0.001)\nstart_training()\nevaluate()`;
    const r = diagnoseCell(src);
    expect(r.diagnostics).toEqual([]);
    expect(r.stageAfter).toBe('trained');
  });

  it('names the closest tool for an unknown one, on the tool name', () => {
    const src = `${LOAD}apply_bandpas_filter(low_freq=8, high_freq=30)`;
    const [d] = diagnoseCell(src).diagnostics;
    expect(d).toMatchObject({ severity: 'error', code: 'unknown_tool', line: 1, column: 0 });
    expect(d.message).toContain("did you mean 'apply_bandpass_filter'");
    expect(at(src, d)).toBe('apply_bandpas_filter');
  });

  it('points at a misspelt parameter with the closest valid name, and still checks the rest', () => {
    const src = `${LOAD}apply_bandpass_filter(low_freq=8, hi_freq=30)`;
    const ds = diagnoseCell(src).diagnostics;
    const unknown = ds.find((d) => d.message.includes("'hi_freq'"))!;
    expect(unknown.message).toContain("did you mean 'high_freq'");
    expect(at(src, unknown)).toBe('hi_freq');
    // the real high_freq is missing too
    expect(ds.some((d) => d.message.includes("missing required parameter 'high_freq'"))).toBe(true);
  });

  it('flags wrong types and enum values on the value, missing required values on the call', () => {
    const src = `${LOAD}apply_notch_filter(freq="50")\nnormalize_data(method="zscore")\nepoch_data(t_min=0)`;
    const ds = diagnoseCell(src).diagnostics;
    expect(ds).toHaveLength(3);
    expect(at(src, ds[0])).toBe('"50"');
    expect(ds[0].message).toContain("'freq' must be number");
    expect(at(src, ds[1])).toBe('"zscore"');
    expect(ds[1].message).toContain("did you mean 'z-score'");
    expect(at(src, ds[2])).toBe('epoch_data');
    expect(ds[2].message).toContain("missing required parameter 't_max'");
  });

  it('reports syntax errors with their line and keeps checking the other lines', () => {
    const src = `${LOAD}apply_notch_filter(freq=50\nresample_data(rate="x")`;
    const ds = diagnoseCell(src).diagnostics;
    expect(ds.map((d) => [d.code, d.line])).toEqual([
      ['syntax', 1],
      ['invalid_arguments', 2],
    ]);
  });

  it('reports calls the stage order makes impossible, and skip-aheads as warnings', () => {
    const first = diagnoseCell('epoch_data(t_min=0, t_max=4)').diagnostics;
    expect(first[0]).toMatchObject({ severity: 'error', code: 'stage_order' });
    expect(first[0].message).toContain('start with load_data');

    const back = diagnoseCell(`${LOAD}epoch_data(t_min=0, t_max=1)\nload_data(paths=["b.edf"])`).diagnostics;
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ code: 'stage_order', line: 2 });
    expect(back[0].message).toContain('reset_preprocessing or clear_dataset');

    const skip = diagnoseCell(`${LOAD}start_training()\nevaluate()`);
    expect(skip.diagnostics.map((d) => [d.code, d.severity])).toEqual([['skip_ahead', 'warning']]);
    expect(skip.stageAfter).toBe('trained');

    // going back explicitly makes load_data possible again
    expect(diagnoseCell(`${LOAD}epoch_data(t_min=0, t_max=1)\nclear_dataset()\nload_data(paths=["b.edf"])`).diagnostics).toEqual([]);
  });

  it('threads the stage through the code cells of a notebook, skipping markdown', () => {
    const cells = [
      { kind: 'markdown', source: 'epoch_data(t_min=0)' },
      { kind: 'code', source: LOAD },
      { kind: 'code', source: 'epoch_data(t_min=0, t_max=2)' },
      { kind: 'code', source: 'generate_dataset()\nload_data(paths=["c.edf"])' },
    ];
    const ds = diagnoseNotebook(cells);
    expect(ds[0]).toEqual([]);
    expect(ds[1]).toEqual([]);
    expect(ds[2]).toEqual([]);
    expect(ds[3].map((d) => d.code)).toEqual(['stage_order']);
  });

  it('warns about tools this build does not implement when asked', () => {
    const ds = diagnoseCell('list_files(directory=".")\nload_data(paths=["a.edf"])', { isImplemented: (t) => t === 'list_files' }).diagnostics;
    expect(ds.map((d) => [d.code, d.line])).toEqual([['not_implemented', 1]]);
  });

  it('stage rules agree with the StateManager: nothing skips ahead from empty, later tools plan from loaded data', () => {
    expect(checkStageOrder('generate_dataset', 'empty').kind).toBe('impossible');
    expect(checkStageOrder('generate_dataset', 'data_loaded')).toMatchObject({ kind: 'skip', after: 'dataset_ready' });
    expect(checkStageOrder('apply_bandpass_filter', 'trained')).toMatchObject({ kind: 'ok', after: 'preprocessed' });
    expect(checkStageOrder('stop_training', 'trained').kind).toBe('impossible');
  });
});
