import { describe, expect, it } from 'vitest';
import { completionsAt, hoverAt, signature } from '../../../src/core/notebook/language';
import { definitionByName } from '../../../src/core/tools/definitions';

const end = (s: string) => completionsAt(s, s.length);

describe('completion and hover', () => {
  it('completes tool names at the start of a line, with a snippet for the required parameters', () => {
    const items = end('load_data(paths=["a"])\napply_');
    expect(items.map((i) => i.label)).toEqual(['apply_standard_preprocess', 'apply_bandpass_filter', 'apply_notch_filter']);
    const bp = items.find((i) => i.label === 'apply_bandpass_filter')!;
    expect(bp.snippet).toBe('apply_bandpass_filter(low_freq=${1}, high_freq=${2})$0');
    expect(bp.replace).toEqual({ start: 23, end: 29 });
    expect(bp.documentation).toContain('Stages:');
  });

  it('completes parameter names not yet given', () => {
    const items = end('epoch_data(t_min=0, ');
    expect(items.map((i) => i.label)).toEqual(['t_max', 'event_id', 'baseline']);
    expect(end('epoch_data(t_min=0, t_m').map((i) => i.label)).toEqual(['t_max']);
    expect(items[0].insertText).toBe('t_max=');
  });

  it('completes enum values (JSON-quoted), booleans/null and defaults after =', () => {
    expect(end('configure_training(optimizer=').map((i) => i.label)).toEqual(['"adam"', '"sgd"', '"adamw"']);
    expect(end('set_model(model_name=').map((i) => i.insertText)).toEqual(['"EEGNet"', '"ShallowConvNet"', '"SCCNet"']);
    expect(end('epoch_data(t_min=0, t_max=4, baseline=').map((i) => i.label)).toContain('null');
    expect(end('configure_training(epoch=').map((i) => i.label)).toEqual(['10']);
    const partial = 'normalize_data(method="z';
    const [z] = completionsAt(partial, partial.length).filter((i) => i.label === '"z-score"');
    expect(partial.slice(z.replace.start, z.replace.end)).toBe('"z');
  });

  it('offers nothing inside comments or after a finished call on the same line', () => {
    expect(end('# apply_')).toEqual([]);
    expect(end('get_study_state() # get_')).toEqual([]);
  });

  it('hovers tool names with signature and description, parameters with type and default', () => {
    const src = 'configure_training(epoch=2, batch_size=8, learning_rate=0.001, optimizer="sgd")';
    const tool = hoverAt(src, 3)!;
    expect(tool.markdown).toContain(signature(definitionByName.get('configure_training')!));
    expect(tool.markdown).toContain(definitionByName.get('configure_training')!.description);
    const opt = hoverAt(src, src.indexOf('"sgd"') + 1)!;
    expect(opt.markdown).toContain('**optimizer** (optional)');
    expect(opt.markdown).toContain('default `"adam"`');
    expect(src.slice(opt.span.start, opt.span.end)).toBe('optimizer');
    expect(hoverAt('nope(a=1)', 1)).toBeNull();
  });
});
