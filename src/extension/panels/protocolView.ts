import type { StudyState } from '../../core/study/types';
import { protocolPayload } from '../../core/evaluation/protocolRun';
import type { ProtocolResult } from '../../core/evaluation/protocolResult';
import { protocolFigure } from '../../webview/renderer/figures';
import type { HostToPage, PanelView } from '../../webview/shared/protocol';

const PROTOCOL_NAMES = { within_session: 'within-session', cross_session: 'cross-session', cross_subject: 'cross-subject' } as const;
const f3 = (v: number): string => (Number.isFinite(v) ? v.toFixed(3) : '–');
const pct = (v: number): string => (Number.isFinite(v) ? `${(100 * v).toFixed(1)}%` : '–');

/** run_protocol results, latest first (the panel's index 0 is the newest). */
export const protocolsLatestFirst = (s: Readonly<StudyState>): ProtocolResult[] => [...(s.protocols ?? [])].reverse();

/**
 * The evaluation panel's protocol view of one run_protocol result: the per-subject figure the notebook renderer draws
 * (one builder: protocolPayload → protocolFigure), a table of subjects × pipelines (score and accuracy, mean over
 * folds) closed by mean ± SD per pipeline, and the paired Wilcoxon tests in the summary line.
 */
export function protocolMessage(r: ProtocolResult, view: PanelView): HostToPage {
  const payload = protocolPayload(r);
  const metric = payload.metric;
  const subjects = payload.subjects;
  const columns = ['subject', ...r.pipelines.flatMap((p) => [`${p} ${metric}`, `${p} accuracy`])];
  const rows: (string | number)[][] = subjects.map((sub) => [
    sub,
    ...r.pipelines.flatMap((p) => {
      const s = r.subjects.find((x) => x.subject === sub && x.pipeline === p);
      return s ? [f3(s.score), pct(s.accuracy)] : ['–', '–'];
    }),
  ]);
  rows.push([
    'mean ± SD',
    ...r.pipelines.flatMap((p) => {
      const m = r.summary[p];
      return [`${f3(m.score.mean)} ± ${f3(m.score.sd)}`, `${pct(m.accuracy.mean)} ± ${pct(m.accuracy.sd)}`];
    }),
  ]);
  const tests = r.comparisons.map((c) =>
    c.p === null
      ? `${c.a} vs ${c.b}: Δ ${f3(c.meanDifference)} (${c.note ?? 'no test'})`
      : `${c.a} vs ${c.b}: Δ ${f3(c.meanDifference)}, Wilcoxon p = ${c.p.toPrecision(3)}, r = ${c.rankBiserial!.toFixed(2)} (n = ${c.subjects})`,
  );
  const parts = [
    `${r.nFolds} fold(s), ${subjects.length} subject(s), ${r.rows.length} rows (subject × pipeline × fold)`,
    ...tests,
    r.resumed ? `resumed: ${r.resumed} of ${r.nRuns} runs reused` : '',
    r.files ? `table: .xbrain/${r.files.csv}` : '',
  ].filter(Boolean);
  return {
    type: 'figure',
    kind: 'evaluation',
    view,
    title: `Protocol — ${PROTOCOL_NAMES[r.protocol]}: ${r.pipelines.join(' vs ')}${view.count > 1 ? ` (${view.index + 1} of ${view.count}, latest first)` : ''}`,
    summary: parts.join(' · '),
    figure: protocolFigure(payload),
    table: { columns, rows },
  };
}
