/**
 * What would strengthen the user's result, read from the Study's own state (topic next): the step the Study has not
 * taken yet (evaluate), training cut short, a test set too small for a significant result, one split instead of
 * cross-validation, the recordings in the workspace that are not loaded, one subject, a trial split.
 */
import { binomialChanceThreshold } from '../../evaluation/metrics';
import type { StudySummary } from '../../study/summary';
import type { StudyState } from '../../study/types';
import { nextStep } from './format';
import { classCount, lastEvaluation, testedResult } from './runFigures';
import type { ReadContext } from './types';

export function nextFacts(state: StudyState, s: StudySummary, zh: boolean, ctx: ReadContext = {}): string[] {
  if (!s.dataset || !state.runs.some((r) => r.status !== 'running')) return [zh ? `下一步：${nextStep(s, zh)}。` : `next: ${nextStep(s, zh)}.`];
  const out: string[] = [];
  const run = state.runs.find((r) => r.status !== 'running');
  if (run && run.metrics.length < run.config.epoch)
    out.push(
      zh
        ? `訓練只跑了 ${run.metrics.length} 個 epoch（設定 ${run.config.epoch}）：先訓練完整再判斷結果。`
        : `training ran ${run.metrics.length} of ${run.config.epoch} configured epochs: train fully before judging the result.`,
    );
  if (!lastEvaluation(state))
    out.push(
      zh
        ? 'evaluate 還沒有執行：它會算出 kappa、混淆矩陣與同一切分上的 CSP+LDA 基準。'
        : 'evaluate has not run yet: it adds kappa, the confusion matrix and a CSP+LDA baseline on the same split.',
    );
  const t = testedResult(state);
  const K = classCount(state);
  if (t && K >= 2) {
    const need = binomialChanceThreshold(t.n, 1 / K);
    if (t.n < 30)
      out.push(
        zh
          ? `測試集只有 ${t.n} 個試次${need !== null ? `（p < 0.05 要答對 ${Math.round(need * t.n)}/${t.n}）` : ''}：用交叉驗證（generate_dataset 的 unit="kfold"，或 run_protocol）讓每個試次都被測一次，報告各折的平均 ± SD。`
          : `the test set has ${t.n} trials${need !== null ? ` (p < 0.05 needs ${Math.round(need * t.n)}/${t.n})` : ''}: cross-validation (generate_dataset with unit="kfold", or run_protocol) tests every trial once and reports the mean ± SD over folds.`,
      );
  }
  const loaded = s.recordings.map((r) => r.file);
  const notLoaded = (ctx.workspaceFiles ?? []).filter((f) => !loaded.includes(f));
  const subjects = new Set(s.recordings.map((r) => r.subject ?? '')).size;
  if (notLoaded.length || subjects === 1)
    out.push(
      zh
        ? `更多資料：${subjects === 1 ? '目前只有 1 位受試者' : `目前 ${subjects} 位受試者`}${notLoaded.length ? `；工作區裡還有沒載入的 ${notLoaded.join('、')}（load_data）` : ''}。`
        : `more data: ${subjects === 1 ? 'the Study holds 1 subject' : `the Study holds ${subjects} subjects`}${notLoaded.length ? `; ${notLoaded.join(', ')} in the workspace ${notLoaded.length === 1 ? 'is' : 'are'} not loaded (load_data)` : ''}.`,
    );
  if (s.dataset.config.split_strategy === 'trial')
    out.push(
      zh
        ? '依試次切分只估計同一 session 內的表現；split_strategy="session" 或 "subject" 才能在沒看過的 session 或受試者上測試。'
        : 'a trial split estimates within-session performance only; split_strategy="session" or "subject" tests on unseen sessions or subjects.',
    );
  return out;
}
