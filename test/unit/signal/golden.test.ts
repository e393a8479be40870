import { describe, expect, it } from 'vitest';
import { designFir, designNotch, notchHarmonics } from '../../../src/core/signal/firDesign';
import { firFilterPair, firKernel } from '../../../src/core/signal/firApply';
import { butterSos, defaultSosPadlen, sosfiltfilt } from '../../../src/core/signal/iir';
import { resamplePair, resamplePlan } from '../../../src/core/signal/resample';
import { referenceRows } from '../../../src/core/signal/rows';
import { manifest, maxRelErr, readF64, readRows } from './goldenData';

const TOL = 1e-6;

function firAll(rows: Float64Array[], taps: Float64Array): Float64Array[] {
  const k = firKernel(taps, rows[0].length);
  const out = rows.map((r) => new Float64Array(r.length));
  for (let c = 0; c < rows.length; c += 2) firFilterPair(rows[c], rows[c + 1] ?? null, k, out[c], out[c + 1] ?? null);
  return out;
}

for (const sfreq of [160, 250]) {
  describe(`golden MNE/SciPy outputs at ${sfreq} Hz`, () => {
    const input = readRows(`input_${sfreq}.f64`, 8);
    const params = manifest.params[String(sfreq)];

    it('designs the 8–30 Hz FIR taps and log exactly as MNE', () => {
      const d = designFir(sfreq, 8, 30);
      const want = readF64(`fir_bandpass_8_30_taps_${sfreq}.f64`);
      expect(d.length).toBe(params.fir_bandpass_8_30.filter_length);
      expect(d.taps.length).toBe(want.length);
      let err = 0;
      for (let i = 0; i < want.length; i++) err = Math.max(err, Math.abs(d.taps[i] - want[i]));
      expect(err).toBeLessThan(1e-12);
      expect(d.lTransBandwidth).toBe(2);
      expect(d.hTransBandwidth).toBe(7.5);
      expect(d.log).toBe(params.fir_bandpass_8_30.mne_log);
    });

    it('FIR band-pass 8–30 Hz output', () => {
      const d = designFir(sfreq, 8, 30);
      expect(maxRelErr(firAll(input, d.taps), readRows(`fir_bandpass_8_30_${sfreq}.f64`, 8))).toBeLessThan(TOL);
    });

    for (const f0 of [50, 60]) {
      it(`notch ${f0} Hz (+ harmonics below Nyquist) output, length and log`, () => {
        const freqs = notchHarmonics(f0, sfreq);
        const p = params[`notch${f0}`];
        expect(freqs).toEqual(p.freqs);
        const d = designNotch(sfreq, freqs);
        expect(d.length).toBe(p.filter_length);
        expect(d.log).toBe(p.mne_log);
        expect(maxRelErr(firAll(input, d.taps), readRows(`notch${f0}_${sfreq}.f64`, 8))).toBeLessThan(TOL);
      });
    }

    it('Butterworth-4 band-pass SOS and sosfiltfilt output (padtype odd, default padlen)', () => {
      const sos = butterSos(4, [8, 30], 'bandpass', sfreq);
      const want = readF64(`iir_butter4_8_30_sos_${sfreq}.f64`);
      expect(sos.length).toBe(4);
      for (let s = 0; s < 4; s++) for (let j = 0; j < 6; j++) expect(Math.abs(sos[s][j] - want[6 * s + j])).toBeLessThan(1e-12);
      expect(defaultSosPadlen(sos)).toBe(params.iir_butter4_8_30.padlen);
      const out = input.map((r) => sosfiltfilt(sos, r, defaultSosPadlen(sos)));
      expect(maxRelErr(out, readRows(`iir_butter4_8_30_${sfreq}.f64`, 8))).toBeLessThan(TOL);
    });

    it('FFT resample to 128 Hz', () => {
      const plan = resamplePlan(input[0].length, 128, sfreq);
      expect(plan.nOut).toBe(3840);
      const out = input.map(() => new Float64Array(plan.nOut));
      for (let c = 0; c < 8; c += 2) resamplePair(input[c], input[c + 1], plan, out[c], out[c + 1]);
      expect(maxRelErr(out, readRows(`resample_to_128_${sfreq}.f64`, 8))).toBeLessThan(TOL);
      // one channel alone (odd channel count path)
      const single = new Float64Array(plan.nOut);
      resamplePair(input[7], null, plan, single, null);
      expect(maxRelErr([single], [readRows(`resample_to_128_${sfreq}.f64`, 8)[7]])).toBeLessThan(TOL);
    });

    it('common average reference', () => {
      const out = input.map((r) => new Float64Array(r.length));
      referenceRows(input, out, [0, 1, 2, 3, 4, 5, 6, 7], new Set([0, 1, 2, 3, 4, 5, 6, 7]));
      expect(maxRelErr(out, readRows(`car_${sfreq}.f64`, 8))).toBeLessThan(TOL);
    });
  });
}

describe('fused sosfiltfilt used by the tools', () => {
  it('equals scipy sosfiltfilt (golden) for the Butterworth-4 band-pass at 160 and 250 Hz', async () => {
    const { sosfiltfiltInto } = await import('../../../src/core/signal/rows');
    const { sosfiltZi } = await import('../../../src/core/signal/iir');
    for (const sfreq of [160, 250]) {
      const input = readRows(`input_${sfreq}.f64`, 8);
      const sos = butterSos(4, [8, 30], 'bandpass', sfreq);
      const pad = defaultSosPadlen(sos);
      const ext = new Float64Array(input[0].length + 2 * pad);
      const out = input.map((r) => {
        const o = new Float64Array(r.length);
        sosfiltfiltInto(sos, r, pad, sosfiltZi(sos), ext, o);
        return o;
      });
      expect(maxRelErr(out, readRows(`iir_butter4_8_30_${sfreq}.f64`, 8))).toBeLessThan(TOL);
    }
  });
});

describe('paired sosfiltfilt', () => {
  it('two channels at once equal the golden scipy output', async () => {
    const { sosfiltfiltPairInto } = await import('../../../src/core/signal/rows');
    const { sosfiltZi } = await import('../../../src/core/signal/iir');
    const input = readRows('input_250.f64', 8);
    const sos = butterSos(4, [8, 30], 'bandpass', 250);
    const pad = defaultSosPadlen(sos);
    const want = readRows('iir_butter4_8_30_250.f64', 8);
    const ea = new Float64Array(input[0].length + 2 * pad),
      eb = new Float64Array(ea.length);
    const oa = new Float64Array(input[0].length),
      ob = new Float64Array(input[0].length);
    sosfiltfiltPairInto(sos, input[2], input[5], pad, sosfiltZi(sos), ea, eb, oa, ob);
    expect(maxRelErr([oa, ob], [want[2], want[5]])).toBeLessThan(TOL);
  });
});

describe('FIR on short rows (epochs shorter than the filter)', () => {
  it('equals the direct zero-phase convolution of the reflect_limited padded signal', async () => {
    const { firRows } = await import('../../../src/core/signal/rows');
    const { reflectLimitedPad } = await import('../../../src/core/signal/pad');
    const d = designFir(160, 8, 30);
    const input = readRows('input_160.f64', 8);
    for (const n of [100, 265, 300, 531, 700]) {
      const rows = [input[0].slice(0, n), input[1].slice(50, 50 + n), input[2].slice(7, 7 + n)];
      const out = rows.map(() => new Float64Array(n));
      firRows(rows, out, d);
      const nh = d.taps.length,
        nEdge = Math.min(nh, n) - 1;
      const want = rows.map((x) => {
        const p = reflectLimitedPad(x, nEdge, nEdge);
        const y = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          let acc = 0;
          for (let k = 0; k < nh; k++) {
            const e = i + nEdge + (nh - 1) / 2 - k;
            if (e >= 0 && e < p.length) acc += d.taps[k] * p[e];
          }
          y[i] = acc;
        }
        return y;
      });
      expect(maxRelErr(out, want)).toBeLessThan(1e-9);
    }
  });
});
