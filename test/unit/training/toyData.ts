import { Rng } from '../../../src/core/training/rng';

/** Two classes that differ by a 6 Hz vs 12 Hz oscillation on a class-specific channel, plus noise. */
export function toyData(n: number, C: number, T: number, sfreq: number, seed: number): { x: Float32Array; labels: Int32Array } {
  const rng = new Rng(seed);
  const x = new Float32Array(n * C * T);
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const y = i % 2;
    labels[i] = y;
    const f = y ? 12 : 6;
    const ph = rng.uniform(0, 2 * Math.PI);
    for (let c = 0; c < C; c++) {
      for (let t = 0; t < T; t++) {
        const sig = c === y ? 1.5 * Math.sin((2 * Math.PI * f * t) / sfreq + ph) : 0;
        x[(i * C + c) * T + t] = sig + 0.5 * rng.normal();
      }
    }
  }
  return { x, labels };
}
