// Real EEG end to end through the tools, as a user does it from chat: PhysioNet S001 runs 10 and 14 (imagined fists
// vs feet), band-passed 8–30 Hz, NOT normalised (the epochs stay in volts, ~1e-5), epoched 0–4 s on T1/T2, split by
// trial, EEGNet trained in the trainer child process: the test-set accuracy beats chance (CSP+LDA reaches 1.00 on
// these runs). The trainer standardises the inputs with the training split's statistics (input_norm train_fold,
// the default); without it BatchNorm's eps outweighs the variance of volts. The 5-fold figure lives in
// `npm run eval:parity -- --datasets ff --models EEGNet --backends local --seeds 1`.
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { ToolContext } from '../../../src/core/tools/types';
import { testDataDir } from '../helpers/paths';
import { tempPackageRoot } from './trainerBundle';

const { tmp, packageRoot } = tempPackageRoot('xbrain-real-');

describe('EEGNet on PhysioNet S001 fists vs feet (runs 10, 14)', () => {
  it('beats chance on the held-out trials', async () => {
    const study = new Study();
    const reg = new ToolRegistry();
    const ctx: ToolContext = { study, env: { workspace: tmp, packageRoot, trusted: true }, awaitLongJobs: true };
    const call = async (name: string, args: Record<string, unknown>): Promise<void> => {
      const r = await reg.invoke(name, args, ctx, { confirmed: true });
      expect(r.type, `${name}: ${r.content}`).not.toBe('error');
    };
    await call('load_data', { paths: ['S001R10.edf', 'S001R14.edf'].map((f) => path.join(testDataDir, f)) });
    await call('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
    await call('epoch_data', { t_min: 0, t_max: 4, event_id: ['T1', 'T2'], baseline: null });
    await call('generate_dataset', { test_ratio: 0.2, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group' });
    await call('set_model', { model_name: 'EEGNet' });
    await call('configure_training', { epoch: 25, batch_size: 8, learning_rate: 0.005, selection: 'best_val_accuracy', seed: 1 });
    await call('start_training', {});
    const run = study.state.runs[0];
    expect(run.status, run.error).toBe('done');
    const split = study.state.dataset!.splits[0];
    const selected = (run as typeof run & { selectedEpoch: number }).selectedEpoch;
    const test = run.metrics[selected - 1].test!;
    console.log(
      `S001 R10+R14: ${split.train.length}/${split.val.length}/${split.test.length} train/val/test, selected epoch ${selected}, test accuracy ${test.accuracy.toFixed(3)}, AUC ${test.auc.toFixed(3)}`,
    );
    // Only 6 held-out trials (30 epochs in all): the run is seeded and deterministic, so this is a regression
    // guard (measured: 4/6, AUC 0.78), not a statistical claim.
    expect(test.accuracy).toBeGreaterThan(0.5);
    expect(test.auc).toBeGreaterThan(0.5);
    expect(run.metrics[run.metrics.length - 1].train.accuracy).toBeGreaterThanOrEqual(0.85);
  }, 300_000);
});
