/**
 * The statistics of `eval:parity` (sign test, t-based 95 % CI of a mean paired difference) and `--combine`: the
 * paired comparison over the union of several earlier `--json` outputs, so seeds run in separate invocations
 * (`--first-seed`) pool into one set of (seed, fold) pairs.
 */

/** Two-sided exact sign test on the non-zero differences. */
export function signTest(diffs: number[]): { plus: number; minus: number; ties: number; p: number } {
  const plus = diffs.filter((d) => d > 0).length;
  const minus = diffs.filter((d) => d < 0).length;
  const n = plus + minus;
  const k = Math.min(plus, minus);
  let tail = 0;
  let c = 1;
  for (let i = 0; i <= n; i++) {
    if (i <= k) tail += c;
    c = (c * (n - i)) / (i + 1);
  }
  return { plus, minus, ties: diffs.length - n, p: n === 0 ? 1 : Math.min(1, (2 * tail) / 2 ** n) };
}

export const mean = (a: number[]): number => a.reduce((s, v) => s + v, 0) / Math.max(1, a.length);
export const sd = (a: number[]): number => {
  const m = mean(a);
  return a.length > 1 ? Math.sqrt(a.reduce((s, v) => s + (v - m) ** 2, 0) / (a.length - 1)) : 0;
};

/** Two-sided 97.5 % quantile of Student's t with df degrees of freedom (table to 30, then 1.96 + 2.4/df). */
export function tQuantile975(df: number): number {
  const table = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074,
    2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
  ];
  return df < 1 ? NaN : df <= 30 ? table[df - 1] : 1.96 + 2.4 / df;
}

/** Mean of paired differences with its t-based 95 % confidence interval. */
export function meanCi95(diffs: number[]): { mean: number; lo: number; hi: number; sd: number; n: number } {
  const m = mean(diffs);
  const half = diffs.length > 1 ? (tQuantile975(diffs.length - 1) * sd(diffs)) / Math.sqrt(diffs.length) : NaN;
  return { mean: m, lo: m - half, hi: m + half, sd: sd(diffs), n: diffs.length };
}

/** The fields of one `eval:parity --json` output that `--combine` reads. */
export interface ParityOutput {
  config: Record<string, unknown> & { firstSeed: number };
  /** accuracy[s][k]: seed 100 · (firstSeed + s), fold k; JSON writes a missing fold (NaN) as null */
  cells: Array<{ dataset: string; model: string; backend: string; accuracy: Array<Array<number | null>> }>;
}

/**
 * Settings that change what a (dataset, model, backend, seed, fold) accuracy means: outputs that differ in any of
 * them do not pool. (threads too: the pytorch backend's sums depend on its thread count.)
 */
export const POOLED_SETTINGS = [
  'commonInit',
  'defaults',
  'epochs',
  'batch',
  'lr',
  'selection',
  'normalize',
  'folds',
  'threads',
  'files',
  'perSubject',
  'events',
  'tmin',
  'tmax',
  'band',
] as const;

/** What an output written before a setting existed ran with (the pipeline's fixed PhysioNet paradigm then). */
const SETTING_BEFORE: Partial<Record<(typeof POOLED_SETTINGS)[number], unknown>> = { events: ['T1', 'T2'], tmin: 0, tmax: 4, band: [8, 30] };
const settingOf = (o: ParityOutput, k: (typeof POOLED_SETTINGS)[number]): string => JSON.stringify(o.config[k] ?? SETTING_BEFORE[k]);

/** One paired comparison a − b over every (seed, fold) both backends have. */
export interface PairedSummary {
  /** a dataset, or `all` for the family pooled over the datasets */
  dataset: string;
  model: string;
  pair: [string, string];
  seeds: number[];
  pairs: number;
  meanA: number;
  meanB: number;
  meanDiff: number;
  ci95: ReturnType<typeof meanCi95>;
  signTest: ReturnType<typeof signTest>;
}

/**
 * Pools the outputs by (dataset, model, backend, seed, fold) and compares local − pytorch (and every replica
 * `engine:N` − its engine) per (dataset, model), then per model over all datasets. A key present in two outputs
 * must hold the same accuracy there (a repeated seed is a reproduction; a different value means the runs are not
 * the same computation); outputs must agree on POOLED_SETTINGS. Means are over the paired keys only.
 */
export function combineParityOutputs(outputs: Array<{ name: string; output: ParityOutput }>): PairedSummary[] {
  if (!outputs.length) throw new Error('--combine: no outputs given');
  const first = outputs[0];
  for (const { name, output } of outputs.slice(1))
    for (const k of POOLED_SETTINGS)
      if (settingOf(output, k) !== settingOf(first.output, k))
        throw new Error(
          `--combine: ${name} has ${k} = ${settingOf(output, k)} but ${first.name} has ${settingOf(first.output, k)}; only runs with the same settings pool`,
        );
  // dataset → model → backend → `seed/fold` → accuracy (and the output it came from)
  const acc = new Map<string, Map<string, Map<string, Map<string, { value: number; from: string }>>>>();
  const at = <K, V>(m: Map<K, V>, k: K, make: () => V): V => {
    if (!m.has(k)) m.set(k, make());
    return m.get(k)!;
  };
  for (const { name, output } of outputs)
    for (const cell of output.cells)
      cell.accuracy.forEach((folds, s) =>
        folds.forEach((value, fold) => {
          if (typeof value !== 'number' || !Number.isFinite(value)) return;
          const seed = 100 * (output.config.firstSeed + s);
          const byKey = at(
            at(
              at(acc, cell.dataset, () => new Map()),
              cell.model,
              () => new Map(),
            ),
            cell.backend,
            () => new Map(),
          );
          const key = `${seed}/${fold}`;
          const prior = byKey.get(key);
          if (prior && prior.value !== value)
            throw new Error(
              `--combine: ${cell.dataset} ${cell.model} ${cell.backend} seed ${seed} fold ${fold} is ${prior.value} in ${prior.from} but ${value} in ${name}`,
            );
          if (!prior) byKey.set(key, { value, from: name });
        }),
      );
  // per (dataset, model, pair): the paired keys in seed, fold order
  const rows: Array<{ dataset: string; model: string; pair: [string, string]; a: number[]; b: number[]; seeds: Set<number> }> = [];
  for (const [dataset, byModel] of acc)
    for (const [model, byBackend] of byModel) {
      const backends = [...byBackend.keys()];
      const pairs: Array<[string, string]> = [
        ['local', 'pytorch'],
        ...backends.filter((b) => b.includes(':')).map((b): [string, string] => [b.split(':')[0], b]),
      ];
      for (const [a, b] of pairs) {
        const A = byBackend.get(a);
        const B = byBackend.get(b);
        if (!A || !B) continue;
        const keys = [...A.keys()]
          .filter((k) => B.has(k))
          .sort((x, y) => {
            const [sx, fx] = x.split('/').map(Number);
            const [sy, fy] = y.split('/').map(Number);
            return sx - sy || fx - fy;
          });
        rows.push({
          dataset,
          model,
          pair: [a, b],
          a: keys.map((k) => A.get(k)!.value),
          b: keys.map((k) => B.get(k)!.value),
          seeds: new Set(keys.map((k) => Number(k.split('/')[0]))),
        });
      }
    }
  const summarise = (dataset: string, model: string, pair: [string, string], a: number[], b: number[], seeds: Set<number>): PairedSummary => {
    const diffs = a.map((v, i) => v - b[i]);
    return {
      dataset,
      model,
      pair,
      seeds: [...seeds].sort((x, y) => x - y),
      pairs: diffs.length,
      meanA: mean(a),
      meanB: mean(b),
      meanDiff: mean(diffs),
      ci95: meanCi95(diffs),
      signTest: signTest(diffs),
    };
  };
  const out = rows.map((r) => summarise(r.dataset, r.model, r.pair, r.a, r.b, r.seeds));
  if (acc.size > 1) {
    const groups = new Map<string, typeof rows>();
    for (const r of rows) at(groups, `${r.model}\u0000${r.pair.join('\u0000')}`, () => []).push(r);
    for (const g of groups.values())
      out.push(
        summarise(
          'all',
          g[0].model,
          g[0].pair,
          g.flatMap((r) => r.a),
          g.flatMap((r) => r.b),
          new Set(g.flatMap((r) => [...r.seeds])),
        ),
      );
  }
  return out;
}

/** One line per summary: means, paired difference with its CI, sign counts and p (accuracies as fractions). */
export function formatPairedSummary(s: PairedSummary): string {
  const st = s.signTest;
  return `${s.dataset} ${s.model.padEnd(14)} ${s.pair.join(' − ')}: ${s.pairs} pairs (seeds ${s.seeds.join(',')}), ${s.pair[0]} ${s.meanA.toFixed(3)}, ${s.pair[1]} ${s.meanB.toFixed(3)}, difference ${s.meanDiff.toFixed(3)} (95 % CI ${s.ci95.lo.toFixed(3)} … ${s.ci95.hi.toFixed(3)}, SD ${s.ci95.sd.toFixed(3)}); +${st.plus} −${st.minus} =${st.ties}, sign test p = ${st.p.toFixed(3)}`;
}
