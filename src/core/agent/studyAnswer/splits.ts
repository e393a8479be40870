/**
 * The dataset's splits: strategy, per-set counts and classes, the majority class, the split audit, leakage
 * (topic split).
 */
import type { StudySummary } from '../../study/summary';
import type { StudyState } from '../../study/types';
import { pct, count, nextStep } from './format';

/** Per-class counts of one split's part (labels only). */
export function partClasses(state: StudyState, idx: Int32Array, zh: boolean): string {
  const e = state.epochs;
  if (!e) return '';
  const names: string[] = [];
  for (const [name, i] of Object.entries(e.eventId)) names[i] = name;
  const counts = new Map<string, number>();
  for (const i of idx) counts.set(names[e.labels[i]] ?? String(e.labels[i]), (counts.get(names[e.labels[i]] ?? String(e.labels[i])) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(zh ? '、' : ', ');
}

export function splitFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.dataset || !state.dataset) return [zh ? `${nextStep(s, zh)}，所以還沒有測試集。` : `${nextStep(s, zh)}, so there is no test set yet.`];
  const c = s.dataset.config;
  const out = [
    zh
      ? `資料集依 ${c.split_strategy} 切分（generate_dataset：${c.training_mode}，unit ${c.unit}，test_ratio ${c.test_ratio}、val_ratio ${c.val_ratio}，seed ${c.seed}），${s.dataset.splits.length} 個切分。`
      : `the dataset is split by ${c.split_strategy} (generate_dataset: ${c.training_mode} mode, unit ${c.unit}, test_ratio ${c.test_ratio}, val_ratio ${c.val_ratio}, seed ${c.seed}) into ${count(s.dataset.splits.length, 'split')}.`,
  ];
  state.dataset.splits.slice(0, 5).forEach((sp, i) => {
    const sum = s.dataset?.splits[i];
    if (!sum) return;
    const test = partClasses(state, sp.test, zh);
    // the test set's largest class: always predicting it scores its share (the majority-class chance level)
    const top = majorityOf(state, sp.test);
    const maj = top
      ? zh
        ? `；多數類 ${top.name} ${top.n}/${sp.test.length} = ${pct(top.n / sp.test.length)}`
        : `; majority class ${top.name} ${top.n}/${sp.test.length} = ${pct(top.n / sp.test.length)}`
      : '';
    out.push(
      zh
        ? `${sp.name}：訓練 ${sum.train}、驗證 ${sum.val}、測試 ${sum.test} 個試次${test ? `（測試集各類 ${test}${maj}）` : ''}。`
        : `${sp.name}: train ${sum.train}, validation ${sum.val}, test ${sum.test} trials${test ? ` (test per class ${test}${maj})` : ''}.`,
    );
  });
  // how the sizes came about (generate_dataset's int() truncation: test first, validation from the rest)
  const first = s.dataset.splits[0];
  const total = first ? first.train + first.val + first.test : 0;
  if (first && c.split_strategy === 'trial' && c.unit === 'ratio' && s.dataset.splits.length === 1) {
    const test = Math.trunc(c.test_ratio * total + 1e-9);
    const val = Math.trunc(c.val_ratio * (total - test) + 1e-9);
    if (test === first.test && val === first.val)
      out.push(
        zh
          ? `數量的由來：${total} 個 epoch，測試集先取 int(${c.test_ratio} × ${total}) = ${test}，驗證集從剩下的 ${total - test} 個取 int(${c.val_ratio} × ${total - test}) = ${val}，其餘 ${total - test - val} 個是訓練集（int() 無條件捨去）。`
          : `how the sizes come about: of ${total} epochs the test set takes int(${c.test_ratio} × ${total}) = ${test} first, the validation set int(${c.val_ratio} × ${total - test}) = ${val} of the remaining ${total - test}, and the other ${total - test - val} train (int() truncates).`,
      );
  }
  if (state.dataset.splits.length > 5)
    out.push(zh ? `（另有 ${state.dataset.splits.length - 5} 個切分）` : `(${count(state.dataset.splits.length - 5, 'more split')}.)`);
  // leakage: the audit (an epoch in two sets), then what the split strategy keeps apart
  const audit = s.dataset.audit;
  out.push(
    zh
      ? `切分檢查（split audit）：重疊 ${audit.overlap}${audit.overlap === 0 ? '（沒有 epoch 同時在兩個集合裡）' : ''}，${audit.warnings.length ? `警告：${audit.warnings.join('；')}` : '沒有警告'}。`
      : `split audit: overlap ${audit.overlap}${audit.overlap === 0 ? ' (no epoch is in two sets)' : ''}, ${audit.warnings.length ? `warnings: ${audit.warnings.join('; ')}` : 'no warnings'}.`,
  );
  const sessions = new Set(state.recordings.map((r) => `${r.subject ?? ''}/${r.session ?? r.path}`)).size;
  const subjects = new Set(state.recordings.map((r) => r.subject ?? '')).size;
  // "is my test set from a different person?": one subject is named, as the recordings name it (S001)
  const id = state.recordings[0]?.subject;
  const file = state.recordings[0]?.path.split(/[\\/]/).pop() ?? '';
  // the subject as the file names it ("S001R04.edf" → S001), else its id
  const named = id ? new RegExp(`[A-Za-z]+0*${id.replace(/^0+/, '')}(?=[A-Za-z_.-])`).exec(file)?.[0] : undefined;
  const one = subjects === 1 && id ? (named ?? `subject ${id}`) : '';
  if (c.split_strategy === 'trial')
    out.push(
      zh
        ? `依試次切分：測試試次和訓練試次來自同樣的記錄檔（${sessions} 個 session/run${one ? `、1 位受試者 ${one}` : ''}），所以是同一 session 內${one ? '、同一位受試者' : ''}的估計；要在沒看過的 session 或受試者上測試，用 generate_dataset 的 split_strategy="session" 或 "subject"。`
        : `a trial split: test trials come from the same recordings as the training ones (${sessions} session/run${sessions === 1 ? '' : 's'}${one ? `, 1 subject, ${one}` : ''}), so the score is a within-session estimate${one ? ' of the same person (within-subject)' : ''}; split_strategy="session" or "subject" in generate_dataset tests on held-out sessions or subjects.`,
    );
  return out;
}

/** The most frequent class among some epochs (by label), or null. */
export function majorityOf(state: StudyState, idx: Int32Array): { name: string; n: number } | null {
  const e = state.epochs;
  if (!e || !idx.length) return null;
  const names: string[] = [];
  for (const [name, i] of Object.entries(e.eventId)) names[i] = name;
  const counts = new Map<string, number>();
  for (const i of idx) counts.set(names[e.labels[i]] ?? String(e.labels[i]), (counts.get(names[e.labels[i]] ?? String(e.labels[i])) ?? 0) + 1);
  const [name, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
  return { name, n };
}
