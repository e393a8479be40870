import { describe, expect, it } from 'vitest';
import { formatCall, parseCell, positionAt } from '../../../src/core/notebook/cellParser';

describe('cell language parser', () => {
  it('parses calls with JSON values, comments and blank lines', () => {
    const src = [
      '# preprocessing',
      'apply_bandpass_filter(low_freq=8, high_freq=30)  # mu/beta',
      '',
      'epoch_data(t_min=-0.5, t_max=4, event_id=["T1", "T2"], baseline=null)',
      'attach_labels(mapping={"a.gdf": "a.mat", "b #1.gdf": "b.mat"})',
      'configure_training(epoch=2, batch_size=16, learning_rate=1e-3, save_checkpoints_every=0)',
      'start_training()',
      'switch_panel(panel_name="training", view_mode="a\\"b\\u00e9")',
    ].join('\n');
    const { calls, errors } = parseCell(src);
    expect(errors).toEqual([]);
    expect(calls.map((c) => c.tool)).toEqual(['apply_bandpass_filter', 'epoch_data', 'attach_labels', 'configure_training', 'start_training', 'switch_panel']);
    expect(calls[0].args).toEqual({ low_freq: 8, high_freq: 30 });
    expect(calls[1].args).toEqual({ t_min: -0.5, t_max: 4, event_id: ['T1', 'T2'], baseline: null });
    expect(calls[2].args).toEqual({ mapping: { 'a.gdf': 'a.mat', 'b #1.gdf': 'b.mat' } });
    expect(calls[3].args.learning_rate).toBe(0.001);
    expect(calls[4].args).toEqual({});
    expect(calls[5].args.view_mode).toBe('a"bé');
    expect(calls[1].line).toBe(3);
    // spans point at the source text
    const c = calls[1];
    expect(src.slice(c.toolSpan.start, c.toolSpan.end)).toBe('epoch_data');
    expect(src.slice(c.arguments[2].valueSpan.start, c.arguments[2].valueSpan.end)).toBe('["T1", "T2"]');
    expect(src.slice(c.arguments[3].nameSpan.start, c.arguments[3].nameSpan.end)).toBe('baseline');
  });

  it('lets one call continue over lines while its parentheses are open', () => {
    const { calls, errors } = parseCell('load_data(\n  paths=[\n    "a.edf",\n    "b.edf"\n  ],  # two runs\n)\nget_study_state()');
    expect(errors).toEqual([]);
    expect(calls[0].args).toEqual({ paths: ['a.edf', 'b.edf'] });
    expect(calls[1].line).toBe(6);
  });

  it.each([
    ['apply_notch_filter(freq=50', "'(' at line 1, column 19 is never closed", 0, 18],
    ['apply_notch_filter(freq=50))', 'one tool call per line', 0, 27],
    ['apply_notch_filter(50)', 'arguments are named: write name=value', 0, 19],
    ["set_model(model_name='EEGNet')", 'strings use double quotes', 0, 21],
    ['epoch_data(t_min=0, t_max=4, baseline=None)', "'None' is not JSON: write null", 0, 38],
    ['normalize_data(method=z-score)', "expected a JSON value but found 'z'", 0, 22],
    ['x = 3', "expected '(' after 'x'", 0, 0],
    ['get_study_state() get_dataset_info()', 'one tool call per line', 0, 18],
    ['epoch_data(t_min=0, t_min=1)', "parameter 't_min' is given twice", 0, 20],
    ['load_data(paths=["a.edf",])', 'trailing comma in array', 0, 24],
    ['load_data(paths=["a.edf)', 'unterminated string starting at line 1, column 18', 0, 17],
    ['apply_notch_filter(freq=5O)', "invalid number '5O' at line 1, column 25", 0, 24],
    ['resample_data(rate=01)', 'invalid number', 0, 19],
    ['\n\n  123()', 'expected a tool call', 2, 2],
  ])('reports %j with line and column', (src, message, line, column) => {
    const { errors } = parseCell(src);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0].message).toContain(message);
    expect({ line: errors[0].line, column: errors[0].column }).toEqual({ line, column });
  });

  it('recovers at the next line so one typo does not hide the other calls', () => {
    const { calls, errors } = parseCell('apply_notch_filter(freq=)\nresample_data(rate=128)\nnormalize_data(method="z-score"');
    expect(calls.map((c) => c.tool)).toEqual(['resample_data']);
    expect(errors.map((e) => e.line)).toEqual([0, 2]);
  });

  it('reports a call left open before the next line at its parenthesis and still parses that line', () => {
    const { calls, errors } = parseCell('apply_notch_filter(freq=50\nresample_data(rate=128)\napply_notch_filter(\nget_study_state()');
    expect(errors.map((e) => [e.line, e.column])).toEqual([
      [0, 18],
      [2, 18],
    ]);
    expect(errors[0].message).toContain('is not closed before the next line');
    expect(calls.map((c) => c.tool)).toEqual(['resample_data', 'get_study_state']);
  });

  it('keeps # inside strings and treats an empty or comment-only cell as no calls', () => {
    expect(parseCell('list_files(directory="#data")').calls[0].args.directory).toBe('#data');
    expect(parseCell('').calls).toEqual([]);
    expect(parseCell('# just a note\n   \n# another').calls).toEqual([]);
  });

  it('formats calls back into syntax it parses to the same arguments', () => {
    const args = { t_min: -0.2, t_max: 4, event_id: ['T1', 'T2'], baseline: [null, 0], mapping: { 'a b': 'c"d' } };
    const line = formatCall('epoch_data', args);
    expect(line).toBe('epoch_data(t_min=-0.2, t_max=4, event_id=["T1", "T2"], baseline=[null, 0], mapping={"a b": "c\\"d"})');
    expect(parseCell(line).calls[0].args).toEqual(args);
  });

  it('maps offsets to 0-based positions', () => {
    expect(positionAt('ab\ncd\ne', 4)).toEqual({ line: 1, column: 1 });
    expect(positionAt('ab\ncd\ne', 6)).toEqual({ line: 2, column: 0 });
  });
});
