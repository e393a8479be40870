import type { ToolContext } from '../types';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XBrainError } from '../../errors';
import { data, plot, text } from '../result';
import { studyDir } from '../../study/persistence';
import { saliencyForRuns } from '../../evaluation/explainRuns';
import type { SaliencyMethod } from '../../evaluation/saliency';
import { exportModel } from '../../evaluation/modelCard';
import { insideWorkspace } from '../boundary';
import { evaluateRuns, type EvalSet, type EvaluationMetrics, type EvaluationResult, type StoredReport } from '../../evaluation/evaluateRuns';
import { chanceDiagnosis } from '../../evaluation/diagnose';
import { significanceText, type ClassificationReport, type MeanSd, type SummaryMetric } from '../../evaluation/metrics';
import type { ArgsOf, TypedImplementations } from '../args';
import { XBRAIN_MIME, type MimeMeta } from '../../mime';

const pct = (v: number): string => `${(100 * v).toFixed(1)}%`;
const ms = (s: MeanSd): string => (s.n > 1 ? `${pct(s.mean)} ± ${pct(s.sd)}` : pct(s.mean));

function compact(r: ClassificationReport): StoredReport {
  return {
    n: r.n,
    accuracy: r.accuracy,
    balancedAccuracy: r.balancedAccuracy,
    kappa: r.kappa,
    macroF1: r.macroF1,
    auc: r.auc,
    confusion: r.confusion,
    perClass: r.perClass,
    chance: r.chance,
  };
}

function meanOf(s: Record<SummaryMetric, MeanSd>): Record<SummaryMetric, number> {
  return { accuracy: s.accuracy.mean, balancedAccuracy: s.balancedAccuracy.mean, kappa: s.kappa.mean, macroF1: s.macroF1.mean, auc: s.auc.mean };
}

/** The `evaluate` result's meta: headline figures (mean over runs), pooled confusion/per-class, mean ± SD, baseline. */
export function evaluationMeta(res: EvaluationResult, set: EvalSet): Omit<EvaluationMetrics, 'diagnosis'> {
  return {
    mime: XBRAIN_MIME.metrics,
    split: set,
    classes: res.classes,
    ...meanOf(res.summary),
    confusion: res.pooled.confusion,
    perClass: res.pooled.perClass,
    chance: res.pooled.chance,
    summary: res.summary,
    pooled: compact(res.pooled),
    folds: res.folds,
    runs: res.runs.map((r) => ({ runId: r.runId, splitId: r.splitId, splitName: r.splitName, repeat: r.repeat, seed: r.seed, set: r.set, ...compact(r) })),
    baseline: res.baseline
      ? {
          method: res.baseline.method,
          nComponents: res.baseline.nComponents,
          ...meanOf(res.baseline.summary),
          summary: res.baseline.summary,
          splits: res.baseline.splits.map((b) => ({ splitId: b.splitId, splitName: b.splitName, set: b.set, ...compact(b) })),
        }
      : null,
  };
}

async function runEvaluate(args: ArgsOf<'evaluate'>, ctx: ToolContext) {
  const state = ctx.study.state;
  if (!state.epochs || !state.dataset) throw new XBrainError('invalid_state', 'evaluate needs epochs and a dataset');
  const set: EvalSet = args.split;
  const res = await evaluateRuns(state.epochs, state.dataset.splits, state.runs, { set, workspace: ctx.env.workspace, baseline: args.baseline !== false });
  const diagnosis = chanceDiagnosis(
    res,
    state.runs.filter((r) => res.runs.some((x) => x.runId === r.id)),
    state,
  );
  const meta: EvaluationMetrics = { ...evaluationMeta(res, set), diagnosis };
  const lines = [
    `Evaluated ${res.runs.length} run(s) on the ${set} set with ONNX Runtime (${res.classes.join(' / ')}).`,
    `Accuracy ${ms(res.summary.accuracy)}, balanced accuracy ${ms(res.summary.balancedAccuracy)}, kappa ${res.summary.kappa.mean.toFixed(3)}, macro-F1 ${res.summary.macroF1.mean.toFixed(3)}, AUC ${res.summary.auc.mean.toFixed(3)}.`,
    `Chance: ${pct(res.pooled.chance.uniform)} (majority class ${pct(res.pooled.chance.majority)}; ${significanceText(res.pooled.chance, res.pooled.n, res.classes.length)}).`,
  ];
  if (res.folds.length > 1) lines.push(...res.folds.map((f) => `  ${f.splitName}: ${ms(f.summary.accuracy)} over ${f.runs} run(s)`));
  if (res.baseline)
    lines.push(`CSP+LDA baseline on the same split: accuracy ${ms(res.baseline.summary.accuracy)}, kappa ${res.baseline.summary.kappa.mean.toFixed(3)}.`);
  if (res.runs.some((r) => r.set !== set)) lines.push(`Note: splits without ${set} epochs were evaluated on validation.`);
  if (diagnosis) lines.push(`Warning: ${diagnosis}`);
  const evaluation = { runIds: res.runs.map((r) => r.runId), split: set, metrics: meta, createdAt: new Date().toISOString() };
  ctx.study.commit({ evaluations: [...state.evaluations, evaluation] }, ['runs']);
  return data('evaluate', lines.join('\n'), meta satisfies MimeMeta<typeof XBRAIN_MIME.metrics>);
}

function runSaliency(args: ArgsOf<'compute_saliency'>, ctx: ToolContext) {
  const state = ctx.study.state;
  if (!state.epochs || !state.dataset) throw new XBrainError('invalid_state', 'compute_saliency needs epochs and a dataset');
  const method: SaliencyMethod = args.method;
  const { n_samples: nSamples, stdev, absolute } = args;
  const payload = saliencyForRuns(state.epochs, state.dataset.splits, state.runs, {
    method,
    nSamples,
    stdev,
    absolute,
    workspace: ctx.env.workspace,
    montage: state.montage,
  });
  const dir = join(studyDir(ctx.env.workspace), 'saliency');
  mkdirSync(dir, { recursive: true });
  const name = `${method}${absolute ? '-abs' : ''}-${new Date().toISOString().replace(/[-:.]/g, '')}.json`;
  writeFileSync(join(dir, name), JSON.stringify(payload));
  const rel = `saliency/${name}`;
  const key = `saliency_${method}${absolute ? '_abs' : ''}`;
  ctx.study.commit({ runs: state.runs.map((r) => (payload.runIds.includes(r.id) ? { ...r, artefacts: { ...r.artefacts, [key]: rel } } : r)) }, ['runs']);
  const top = payload.topomap.perClass.map((c) => {
    const order = c.values
      .map((v, i) => [Math.abs(v), i] as const)
      .sort((a, b) => b[0] - a[0])
      .slice(0, 3);
    return `${c.class}: ${order.map(([, i]) => payload.channels[i]).join(', ')}`;
  });
  const lines = [
    `Saliency (${method}${absolute ? ', absolute' : ''}) of ${payload.runIds.length} run(s), target = true label, averaged per class (${payload.maps.map((m) => `${m.class} ${m.n}`).join(', ')} trials).`,
    `Strongest channels (time-averaged): ${top.join('; ')}.`,
    `Views: channel × time maps, spectrogram (STFT nperseg ${payload.spectrogram.nperseg}, overlap ${payload.spectrogram.noverlap}), topomap (${payload.topomap.montage ?? 'no montage: positions unavailable'}). Saved to .xbrain/${rel}.`,
  ];
  const meta: MimeMeta<typeof XBRAIN_MIME.saliency> & { file: string } = { ...payload, file: rel };
  return plot('compute_saliency', lines.join('\n'), meta);
}

export const analysisTools = {
  evaluate: { run: runEvaluate },
  compute_saliency: { run: runSaliency },
  export_model: {
    run: (args, ctx) => {
      const out = insideWorkspace(ctx.env, String(args.path), 'write', 'path');
      // the two files are written in place: an existing link named like them must not carry the write outside
      for (const f of ['model.onnx', 'model.card.json']) insideWorkspace(ctx.env, join(out, f), 'write', 'path');
      const r = exportModel(ctx.study.state, ctx.env.workspace, out, args.run_id === undefined ? undefined : String(args.run_id));
      const ev = r.cardData.metrics.evaluation as { accuracy?: number } | null;
      const lines = [
        `Exported run ${r.run.id} (${r.run.model.name}, ${r.run.splitName}, repeat ${r.run.repeat}) to ${r.onnx}`,
        `Model card: ${r.card} (${r.cardData.classes.length} classes, ${r.cardData.input.nChannels} channels × ${r.cardData.input.nTimes} samples at ${r.cardData.input.sfreq} Hz, ${r.cardData.preprocessing.length} preprocessing step(s)${ev?.accuracy !== undefined ? `, accuracy ${pct(ev.accuracy)}` : ''}).`,
      ];
      return text('export_model', lines.join('\n'), { onnx: r.onnx, card: r.card, runId: r.run.id, modelCard: r.cardData });
    },
  },
} satisfies TypedImplementations;
