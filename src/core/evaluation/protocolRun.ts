/**
 * Runs pipelines on the folds of an evaluation protocol (MOABB's WithinSession / CrossSession / CrossSubject
 * evaluations), every pipeline on the same folds: CSP+LDA and TS+LR in process, the model families through a
 * `ModelTrainer` the caller provides (the tool trains them in the trainer child process). Results are MOABB-shaped
 * rows (score, time, samples, subject, session, channels, n_sessions, dataset, pipeline) plus XBrain's accuracy,
 * balanced accuracy, kappa, ROC-AUC, n_train, n_test and fold; per-subject means, mean ± SD per pipeline over
 * subjects, and a paired Wilcoxon signed-rank test between every two pipelines over subjects.
 *
 * MOABB's `score` is ROC-AUC for two classes and accuracy otherwise; `samples` is the number of training epochs;
 * `time` the seconds to fit and predict the fold.
 *
 * With a `store`, every finished run is handed to it at once and runs it already holds are reused, so an interrupted
 * protocol resumes at its first unfinished run; the rows of a resumed call equal an uninterrupted call's (their `time`
 * is the one measured when the run was done).
 */
import type { ProtocolPayload } from '../mime';
import type { Epochs } from '../signal/types';
import type { ModelName } from '../study/types';
import { XBrainError } from '../errors';
import { protocolFolds, type ProtocolFold, type ProtocolOptions } from '../dataset/protocolFolds';
import { cspLdaScores, fitCspLda } from './cspLda';
import { epochBlocks } from './epochBlocks';
import { classNames } from './evaluateRuns';
import { classificationReport, meanSd, type MeanSd } from './metrics';
import { fitTangentSpaceLr, tangentSpaceLrProba } from './tangentSpaceLr';
import { wilcoxonSignedRank } from './wilcoxon';
import {
  METRICS,
  MODEL_PIPELINES,
  PIPELINES,
  type PairedComparison,
  type PipelineName,
  type ProtocolMetric,
  type ProtocolResult,
  type ProtocolRow,
  type SubjectScore,
} from './protocolResult';
/** The epochs at `idx` as a contiguous set: positional reads when the epochs are kept on disk (signal/spill.ts). */

export const isModelPipeline = (p: string): p is ModelName => (MODEL_PIPELINES as readonly string[]).includes(p);

/** One model-family run of a protocol: train `model` on fold.train, score fold.test. */
export interface ModelRunRequest {
  model: ModelName;
  fold: ProtocolFold;
  foldIndex: number;
  seed: number;
}

/** Trains a model family on fold.train and returns its outputs on fold.test: n_test × K logits (class order = eventId). */
export type ModelTrainer = (req: ModelRunRequest) => Promise<Float32Array | Float64Array>;

/**
 * Starts every given run at once (one Slurm array job) and returns one promise per run, in the order given; they may
 * settle in any order. `seconds` is the run's own time (training and scoring, not its time in the queue).
 */
export type ModelBatchTrainer = (reqs: ModelRunRequest[]) => Promise<{ logits: Float32Array | Float64Array; seconds: number }>[];

/** The training seed of fold fi: the same for every model family and backend. */
const foldSeed = (seed: number | undefined, fi: number): number => ((seed ?? 0) + 1000 * fi) >>> 0;

/** One fold × pipeline run of a protocol. */
export interface ProtocolRunId {
  foldIndex: number;
  foldName: string;
  pipeline: PipelineName;
}

/**
 * Where finished runs are kept while a protocol runs, so a killed or cancelled protocol resumes at the first
 * unfinished run (protocolCheckpoint.ts keeps them under .xbrain/). `put` is called as soon as a run finishes, before
 * its progress line.
 */
export interface ProtocolRunStore {
  get(run: ProtocolRunId): ProtocolRow[] | undefined;
  put(run: ProtocolRunId, rows: ProtocolRow[]): void;
}

export interface RunProtocolOptions extends ProtocolOptions {
  pipelines: readonly PipelineName[];
  dataset: string;
  trainModel?: ModelTrainer;
  /** used instead of trainModel when given: every model run is started at once and they finish in any order */
  trainModels?: ModelBatchTrainer;
  progress?: (message: string) => void;
  signal?: AbortSignal;
  training?: Record<string, unknown> | null;
  now?: Date;
  /** finished runs of an earlier, interrupted call: skipped and reused; new runs are added as they finish */
  store?: ProtocolRunStore;
}

/** Scores in the full class order from a model that saw only some classes (absent classes get `fill`). */
function placeScores(raw: ArrayLike<number>, present: number[], K: number, n: number, fill: number): Float64Array {
  const out = new Float64Array(n * K).fill(fill);
  const Km = present.length;
  for (let i = 0; i < n; i++) present.forEach((c, k) => (out[i * K + c] = raw[i * Km + k]));
  return out;
}

let counter = 0;

export async function runProtocol(e: Epochs, o: RunProtocolOptions): Promise<ProtocolResult> {
  const pipelines = [...new Set(o.pipelines)];
  if (pipelines.length === 0) throw new XBrainError('invalid_arguments', 'pipelines: name at least one pipeline', { parameter: 'pipelines' });
  for (const p of pipelines) {
    if (!(PIPELINES as readonly string[]).includes(p))
      throw new XBrainError('invalid_arguments', `pipelines: unknown pipeline "${p}" (choose from ${PIPELINES.join(', ')})`, { parameter: 'pipelines' });
  }
  if (pipelines.some(isModelPipeline) && !o.trainModel && !o.trainModels) throw new XBrainError('internal', 'model pipelines need a trainer');
  if (pipelines.includes('TS+LR') && e.nChannels > 64) {
    throw new XBrainError('invalid_arguments', `pipelines: TS+LR handles up to 64 channels, the epochs have ${e.nChannels}; select channels first`, {
      parameter: 'pipelines',
    });
  }
  const plan = protocolFolds(e, o);
  const classes = classNames(e);
  const K = classes.length;
  const scoreMetric = K === 2 ? 'roc_auc' : 'accuracy';
  const sessionsOf = new Map<string, Set<string>>();
  for (let i = 0; i < e.nEpochs; i++) {
    if (!sessionsOf.has(e.subject[i])) sessionsOf.set(e.subject[i], new Set());
    sessionsOf.get(e.subject[i])!.add(e.session[i]);
  }
  const total = plan.folds.length * pipelines.length;
  // runs an interrupted earlier call finished, in fold × pipeline order
  const earlier = new Map<string, ProtocolRow[]>();
  const runKey = (fi: number, p: string): string => `${fi}\u0000${p}`;
  if (o.store) {
    plan.folds.forEach((fold, fi) => {
      for (const pipeline of pipelines) {
        const got = o.store!.get({ foldIndex: fi, foldName: fold.name, pipeline });
        if (got) earlier.set(runKey(fi, pipeline), got);
      }
    });
    if (earlier.size) o.progress?.(`resumed: ${earlier.size} of ${total} runs already done`);
  }
  const results = new Map<string, ProtocolRow[]>(earlier);
  let done = earlier.size;
  let fresh = 0;
  /** Scores a finished run, keeps it (store first, so a kill right after loses nothing) and reports it. */
  const finish = (fi: number, pipeline: PipelineName, scores: Float64Array, probabilities: boolean, seconds: number): void => {
    const fold = plan.folds[fi];
    // one row per tested subject (cross-subject folds with N > 1 hold several)
    const runRows: ProtocolRow[] = [];
    for (const subject of fold.testSubjects) {
      const pos: number[] = [];
      fold.test.forEach((idx, j) => {
        if (e.subject[idx] === subject) pos.push(j);
      });
      const y = pos.map((j) => e.labels[fold.test[j]]);
      const s = new Float64Array(pos.length * K);
      pos.forEach((j, r) => s.set(scores.subarray(j * K, (j + 1) * K), r * K));
      const rep = classificationReport(y, s, classes, { scoresAreProbabilities: probabilities });
      const sessions = new Set(pos.map((j) => e.session[fold.test[j]]));
      runRows.push({
        dataset: o.dataset,
        pipeline,
        subject,
        session: sessions.size === 1 ? [...sessions][0] : 'all',
        fold: fold.fold,
        fold_name: fold.name,
        score: scoreMetric === 'roc_auc' ? rep.auc : rep.accuracy,
        accuracy: rep.accuracy,
        balanced_accuracy: rep.balancedAccuracy,
        kappa: rep.kappa,
        roc_auc: rep.auc,
        n_train: fold.train.length,
        n_test: pos.length,
        samples: fold.train.length,
        time: seconds / fold.testSubjects.length,
        channels: e.nChannels,
        n_sessions: sessionsOf.get(subject)!.size,
      });
    }
    o.store?.put({ foldIndex: fi, foldName: fold.name, pipeline }, runRows);
    results.set(runKey(fi, pipeline), runRows);
    done++;
    fresh++;
    o.progress?.(
      `${pipeline} ${fold.name}: ${runRows.map((r) => `${r.subject} accuracy ${(r.accuracy * 100).toFixed(1)} %`).join(', ')} (${done}/${total}, ${seconds.toFixed(1)} s)`,
    );
  };
  const checkLogits = (pipeline: PipelineName, fi: number, logits: ArrayLike<number>): Float64Array => {
    const fold = plan.folds[fi];
    if (logits.length !== fold.test.length * K) {
      throw new XBrainError(
        'invalid_state',
        `${pipeline} gave ${logits.length / Math.max(1, fold.test.length)} outputs per epoch for ${K} classes on fold "${fold.name}"`,
      );
    }
    return Float64Array.from(logits);
  };
  const cancelled = (): XBrainError =>
    new XBrainError(
      'cancelled',
      `run_protocol was cancelled after ${done} of ${total} fold × pipeline runs; ${o.store ? 'the finished runs are kept: run the same protocol again to resume' : 'nothing was stored'}`,
    );

  // A batch trainer (Slurm) gets every unfinished model run at once; they finish in any order, each reported and
  // kept as it finishes, while the baselines run here.
  const batch: Promise<void>[] = [];
  if (o.trainModels) {
    const reqs: ModelRunRequest[] = [];
    plan.folds.forEach((fold, fi) => {
      for (const pipeline of pipelines)
        if (isModelPipeline(pipeline) && !earlier.has(runKey(fi, pipeline))) reqs.push({ model: pipeline, fold, foldIndex: fi, seed: foldSeed(o.seed, fi) });
    });
    if (reqs.length && !o.signal?.aborted) {
      const started = o.trainModels(reqs);
      reqs.forEach((req, k) => {
        const p = started[k].then((r) => finish(req.foldIndex, req.model, checkLogits(req.model, req.foldIndex, r.logits), false, r.seconds));
        p.catch(() => undefined); // settled below, after the baselines: not an unhandled rejection meanwhile
        batch.push(p);
      });
    }
  }
  for (let fi = 0; fi < plan.folds.length; fi++) {
    const fold = plan.folds[fi];
    const yTrain = Array.from(fold.train, (i) => e.labels[i]);
    for (const pipeline of pipelines) {
      if (earlier.has(runKey(fi, pipeline)) || (o.trainModels && isModelPipeline(pipeline))) continue;
      if (o.signal?.aborted) {
        await Promise.allSettled(batch);
        throw cancelled();
      }
      const t0 = performance.now();
      let scores: Float64Array;
      let probabilities = false;
      if (pipeline === 'CSP+LDA') {
        const m = fitCspLda(epochBlocks(e, fold.train), yTrain);
        scores = placeScores(cspLdaScores(m, epochBlocks(e, fold.test)), m.classes, K, fold.test.length, -1e30);
      } else if (pipeline === 'TS+LR') {
        const m = fitTangentSpaceLr(epochBlocks(e, fold.train), yTrain);
        scores = placeScores(tangentSpaceLrProba(m, epochBlocks(e, fold.test)), m.classes, K, fold.test.length, 0);
        probabilities = true;
      } else {
        const logits = await o.trainModel!({ model: pipeline, fold, foldIndex: fi, seed: foldSeed(o.seed, fi) });
        scores = checkLogits(pipeline, fi, logits);
      }
      finish(fi, pipeline, scores, probabilities, (performance.now() - t0) / 1000);
      // let a batch's progress through between in-process runs
      if (batch.length) await new Promise((r) => setImmediate(r));
    }
  }
  if (batch.length) {
    const settled = await Promise.allSettled(batch);
    const failed = settled.find((x): x is PromiseRejectedResult => x.status === 'rejected');
    if (o.signal?.aborted) throw cancelled();
    if (failed) throw failed.reason;
  } else if (o.signal?.aborted && done < total) throw cancelled();
  // fold × pipeline order, whatever order the runs finished in
  const rows: ProtocolRow[] = [];
  plan.folds.forEach((_, fi) => {
    for (const pipeline of pipelines) rows.push(...results.get(runKey(fi, pipeline))!.map((r) => ({ ...r, dataset: o.dataset })));
  });
  const subjects = subjectScores(rows, pipelines);
  const summary: ProtocolResult['summary'] = {};
  for (const p of pipelines) {
    const mine = subjects.filter((s) => s.pipeline === p);
    summary[p] = Object.fromEntries(METRICS.map((m) => [m, meanSd(mine.map((s) => s[m]))])) as Record<ProtocolMetric, MeanSd>;
  }
  const now = o.now ?? new Date();
  return {
    id: `${now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}-${(counter++).toString(36)}`,
    protocol: o.protocol,
    createdAt: now.toISOString(),
    dataset: o.dataset,
    options: {
      folds: o.protocol === 'within_session' ? (o.folds ?? 5) : null,
      n_test_subjects: o.protocol === 'cross_subject' ? (o.nTestSubjects ?? 1) : null,
      seed: o.seed ?? 0,
      pool_sessions: o.protocol === 'within_session' && !!o.poolSessions,
    },
    classes,
    scoreMetric,
    pipelines,
    nFolds: plan.folds.length,
    rows,
    subjects,
    summary,
    comparisons: compare(subjects, pipelines),
    skipped: plan.skipped,
    epochs: { n: e.nEpochs, channels: e.nChannels, nTimes: e.nTimes, sfreq: e.sfreq },
    training: pipelines.some(isModelPipeline) ? (o.training ?? null) : null,
    resumed: total - fresh,
    nRuns: total,
  };
}

/** Per subject and pipeline: the mean of its fold rows (MOABB averages folds within a subject and session). */
export function subjectScores(rows: readonly ProtocolRow[], pipelines: readonly PipelineName[]): SubjectScore[] {
  const out: SubjectScore[] = [];
  // subjects in natural order (002 before 010), whatever order the folds tested them in
  const subjects = [...new Set(rows.map((r) => r.subject))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  for (const p of pipelines) {
    for (const s of subjects) {
      const mine = rows.filter((r) => r.pipeline === p && r.subject === s);
      if (!mine.length) continue;
      const avg = (m: ProtocolMetric): number => mine.reduce((a, r) => a + r[m], 0) / mine.length;
      out.push({
        subject: s,
        pipeline: p,
        folds: mine.length,
        score: avg('score'),
        accuracy: avg('accuracy'),
        balanced_accuracy: avg('balanced_accuracy'),
        kappa: avg('kappa'),
        roc_auc: avg('roc_auc'),
      });
    }
  }
  return out;
}

/** Wilcoxon signed-rank test of every pair of pipelines on the per-subject scores. */
export function compare(subjects: readonly SubjectScore[], pipelines: readonly PipelineName[]): PairedComparison[] {
  const out: PairedComparison[] = [];
  for (let i = 0; i < pipelines.length; i++) {
    for (let j = i + 1; j < pipelines.length; j++) {
      const a = pipelines[i];
      const b = pipelines[j];
      const pairs = [...new Set(subjects.map((s) => s.subject))]
        .map((s) => [subjects.find((x) => x.subject === s && x.pipeline === a), subjects.find((x) => x.subject === s && x.pipeline === b)])
        .filter((p): p is [SubjectScore, SubjectScore] => !!p[0] && !!p[1]);
      const da = pairs.map((p) => p[0].score);
      const db = pairs.map((p) => p[1].score);
      const meanDifference = pairs.length ? da.reduce((s, v, k) => s + v - db[k], 0) / pairs.length : NaN;
      const base = { a, b, metric: 'score' as const, subjects: pairs.length, meanDifference };
      if (pairs.length < 2) {
        out.push({ ...base, p: null, statistic: null, method: null, rankBiserial: null, r: null, note: 'fewer than two subjects: no paired test' });
        continue;
      }
      try {
        const w = wilcoxonSignedRank(da, db);
        out.push({ ...base, p: w.p, statistic: w.statistic, method: w.method, rankBiserial: w.rankBiserial, r: w.r });
      } catch (err) {
        out.push({ ...base, p: null, statistic: null, method: null, rankBiserial: null, r: null, note: (err as Error).message });
      }
    }
  }
  return out;
}

/** MOABB's columns first, then XBrain's. */
export const CSV_COLUMNS: ReadonlyArray<keyof ProtocolRow> = [
  'score',
  'time',
  'samples',
  'subject',
  'session',
  'channels',
  'n_sessions',
  'dataset',
  'pipeline',
  'fold',
  'fold_name',
  'accuracy',
  'balanced_accuracy',
  'kappa',
  'roc_auc',
  'n_train',
  'n_test',
];

const csvCell = (v: unknown): string => {
  const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function protocolCsv(r: ProtocolResult): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of r.rows) lines.push(CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\n')}\n`;
}

const pct = (x: number): string => (Number.isFinite(x) ? (100 * x).toFixed(1) : '–');

/** The result as a Markdown report: per pipeline mean ± SD, per subject scores, paired tests. */
export function protocolReport(r: ProtocolResult): string {
  const name = { within_session: 'Within-session', cross_session: 'Cross-session', cross_subject: 'Cross-subject' }[r.protocol];
  const nSub = new Set(r.subjects.map((s) => s.subject)).size;
  const L: string[] = [];
  L.push(
    `${name} evaluation of ${r.pipelines.join(', ')} on ${nSub} subject(s), ${r.nFolds} fold(s)${r.options.folds ? ` (${r.options.folds}-fold${r.options.pool_sessions ? ' over all sessions of a subject' : ' per session'})` : ''}${r.options.n_test_subjects ? ` (${r.options.n_test_subjects} test subject(s) per fold)` : ''}, seed ${r.options.seed}. Score = ${r.scoreMetric === 'roc_auc' ? 'ROC-AUC' : 'accuracy'}.`,
  );
  L.push('', '| pipeline | score | accuracy % | balanced acc. % | kappa | ROC-AUC |', '|---|---|---|---|---|---|');
  for (const p of r.pipelines) {
    const s = r.summary[p];
    const ms = (m: MeanSd, f: (x: number) => string): string => `${f(m.mean)} ± ${f(m.sd)}`;
    L.push(
      `| ${p} | ${ms(s.score, (x) => x.toFixed(3))} | ${ms(s.accuracy, pct)} | ${ms(s.balanced_accuracy, pct)} | ${ms(s.kappa, (x) => x.toFixed(3))} | ${ms(s.roc_auc, (x) => x.toFixed(3))} |`,
    );
  }
  L.push('', `Per subject (accuracy %, mean over folds): | subject | ${r.pipelines.join(' | ')} |`);
  for (const sub of [...new Set(r.subjects.map((s) => s.subject))]) {
    L.push(`| ${sub} | ${r.pipelines.map((p) => pct(r.subjects.find((s) => s.subject === sub && s.pipeline === p)?.accuracy ?? NaN)).join(' | ')} |`);
  }
  if (r.comparisons.length) {
    L.push('', 'Paired Wilcoxon signed-rank tests over subjects (score):');
    for (const c of r.comparisons) {
      L.push(
        c.p === null
          ? `- ${c.a} vs ${c.b}: mean difference ${c.meanDifference.toFixed(3)}; ${c.note}`
          : `- ${c.a} vs ${c.b}: mean difference ${c.meanDifference.toFixed(3)}, p = ${c.p.toPrecision(3)} (${c.method}, n = ${c.subjects}), rank-biserial r = ${c.rankBiserial!.toFixed(2)}`,
      );
    }
  }
  if (r.skipped.length) L.push('', `Skipped: ${r.skipped.join(', ')}.`);
  if (r.resumed) L.push('', `resumed: ${r.resumed} of ${r.nRuns} runs already done (kept from an interrupted call with the same settings and epochs).`);
  return L.join('\n');
}

/** The per-subject figure (notebook renderer / webview): score per subject and pipeline, mean ± SD, chance. */
export function protocolPayload(r: ProtocolResult): ProtocolPayload {
  const subjects = [...new Set(r.subjects.map((s) => s.subject))];
  return {
    protocol: r.protocol,
    metric: r.scoreMetric === 'roc_auc' ? 'ROC-AUC' : 'accuracy',
    pipelines: [...r.pipelines],
    subjects,
    scores: r.pipelines.map((p) => subjects.map((s) => r.subjects.find((x) => x.subject === s && x.pipeline === p)?.score ?? null)),
    mean: r.pipelines.map((p) => r.summary[p].score.mean),
    sd: r.pipelines.map((p) => r.summary[p].score.sd),
    chance: r.scoreMetric === 'roc_auc' ? 0.5 : 1 / Math.max(1, r.classes.length),
  };
}
