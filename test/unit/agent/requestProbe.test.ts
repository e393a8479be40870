import { describe, it, expect, afterAll } from 'vitest';
import { editDistance } from '../../../src/core/agent/understanding/editDistance';
import { frameHalf, requestFrames, requestProbe, typo } from './requestProbe';
import { scoreRequestProbe } from './requestProbeRun';
import { useFreshTrainer } from './simulatedTrainer';
import { repoRoot } from '../helpers/paths';

useFreshTrainer();

/**
 * The request probe (issue 14), the question probe's counterpart: request frames in English and Traditional Chinese ×
 * value forms × stages, each with its expected call computed from the simulated Study's facts, through the agent with
 * the offline planner. The frames were split into a tune half and a held half by a hash of their ids before any result
 * was read; both halves must stay above a floor set below the measured rate, so a regression fails here.
 * `node scripts/probe-requests.mjs` prints the figures by group and family.
 */
describe('request probe: frames × value forms × stages', () => {
  const probes = requestProbe();
  let outcome: Awaited<ReturnType<typeof scoreRequestProbe>> | undefined;
  afterAll(() => {
    outcome = undefined;
  });

  it('has both languages and both halves, split by the frame id alone', () => {
    const frames = requestFrames();
    expect(frames.length).toBeGreaterThan(250);
    expect(new Set(frames.map((f) => f.id)).size).toBe(frames.length);
    for (const lang of ['en', 'zh'])
      for (const half of ['tune', 'held'])
        expect(
          frames.some((f) => f.lang === lang && frameHalf(f.id) === half),
          `${lang} ${half}`,
        ).toBe(true);
    // every probe of a frame is on its frame's side
    for (const p of probes) expect(p.half).toBe(frameHalf(p.frame));
    expect(probes.length).toBeGreaterThan(2000);
  });

  it('computes values from the Study, not from the planner', () => {
    const half = probes.find((p) => p.id.startsWith('resample/en/imperative/0#half@'));
    expect(half?.turns.at(-1)).toBe('resample the data to half the sampling rate');
    expect(half?.expect).toEqual({ tools: ['resample_data'], args: [{ rate: 80 }] });
    const ms = probes.find((p) => p.id.startsWith('epoch/en/imperative/0#ms@'));
    expect(ms?.expect.args[0]).toEqual({ t_min: -0.25, t_max: 2 });
    const twice = probes.find((p) => p.id.startsWith('epochs-setting/en/imperative/0#double@'));
    expect(twice?.expect.args[0]).toEqual({ epoch: 20 });
  });

  it('typos are one slip away and keep the first two letters', () => {
    for (const w of ['resample', 'bandpass', 'evaluate', 'normalize', 'training'])
      for (let seed = 0; seed < 6; seed++) {
        const t = typo(w, seed);
        expect(t).not.toBe(w);
        expect(editDistance(t, w)).toBe(1);
        expect(t.slice(0, 2)).toBe(w.slice(0, 2));
      }
  });

  it('both halves stay above their floors', async () => {
    outcome = await scoreRequestProbe(repoRoot, probes);
    const { tune, held } = outcome;
    // measured when these floors were set: tune 99.9% (1119/1120), held 92.6% (1152/1244); 291 frames
    expect(tune.rate, `tune ${tune.right}/${tune.probes}`).toBeGreaterThanOrEqual(0.97);
    expect(held.rate, `held ${held.right}/${held.probes}`).toBeGreaterThanOrEqual(0.9);
  }, 600_000);
});
