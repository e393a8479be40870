/**
 * Results, significance against chance and the diagnosis of a result (topics results, significance, diagnosis).
 */
import { BASELINE_LEAD, runSteps } from '../../evaluation/diagnose';
import { binomialTest, formatPValue } from '../../evaluation/metrics';
import type { StudySummary } from '../../study/summary';
import type { StudyState } from '../../study/types';
import { classFacts } from './epochs';
import { pct, count, nextStep } from './format';
import { scaleFacts } from './preprocessing';
import { lastEvaluation, staleEvaluation, runFigures, classCount, testedResult } from './runFigures';

export function resultFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const ev = lastEvaluation(state);
  const out: string[] = [];
  if (ev) {
    const n = ev.pooled.n;
    const chance = ev.chance;
    const runs = ev.runs.length;
    out.push(
      zh
        ? `evaluate 在${ev.split === 'test' ? '測試集' : ev.split === 'val' ? '驗證集' : '訓練集'}上（${ev.classes.length} 類 ${ev.classes.join('/')}${n ? `，${n} 個試次` : ''}，${runs} 次訓練）：準確率 ${pct(ev.accuracy)}、平衡準確率 ${pct(ev.balancedAccuracy)}、kappa ${ev.kappa.toFixed(3)}；機率水準 ${pct(chance.uniform)}（多數類 ${pct(chance.majority)}）${chance.significant !== null ? `，p < 0.05 需高於 ${pct(chance.significant)}` : ''}。`
        : `evaluate on the ${ev.split} set (${ev.classes.length} classes ${ev.classes.join('/')}${n ? `, ${n} trials` : ''}, ${count(runs, 'run')}): accuracy ${pct(ev.accuracy)}, balanced accuracy ${pct(ev.balancedAccuracy)}, kappa ${ev.kappa.toFixed(3)}; chance ${pct(chance.uniform)} (majority class ${pct(chance.majority)})${chance.significant !== null ? `, significant above ${pct(chance.significant)} at p < 0.05` : ''}.`,
    );
    const confusion = ev.pooled.confusion.length ? ev.pooled.confusion : ev.confusion;
    const auc = Number.isFinite(ev.pooled.auc) ? ev.pooled.auc : undefined;
    if (confusion?.length)
      out.push(
        zh
          ? `混淆矩陣（列為真實 ${ev.classes.join('/')}、欄為預測）：${JSON.stringify(confusion)}${auc !== undefined ? `；AUC ${auc.toFixed(3)}` : ''}${n && chance.significant ? `；${n} 個試次時 p < 0.05 需答對 ${Math.ceil(chance.significant * n - 1e-9)}/${n}` : ''}。`
          : `confusion matrix (rows true ${ev.classes.join('/')}, columns predicted): ${JSON.stringify(confusion)}${auc !== undefined ? `; AUC ${auc.toFixed(3)}` : ''}${n && chance.significant ? `; on ${n} trials p < 0.05 needs ${Math.ceil(chance.significant * n - 1e-9)}/${n} correct` : ''}.`,
      );
    // per class: recall (the accuracy within each true class, whose mean is the balanced accuracy) and precision
    const per = (ev.pooled.perClass?.length ? ev.pooled.perClass : ev.perClass) ?? [];
    if (per.length)
      out.push(
        zh
          ? `各類（召回率 recall／精確率 precision，平衡準確率是各類召回率的平均）：${per.map((c) => `${c.class} recall ${c.recall.toFixed(2)}、precision ${c.precision.toFixed(2)}（${c.support} 個試次）`).join('；')}。`
          : `per class (recall, precision; the balanced accuracy is the mean of the recalls): ${per.map((c) => `${c.class} recall ${c.recall.toFixed(2)}, precision ${c.precision.toFixed(2)} (${c.support} trials)`).join('; ')}.`,
      );
    if (ev.baseline)
      out.push(
        zh
          ? `同一個切分上的 CSP+LDA 基準：準確率 ${pct(ev.baseline.accuracy)}、kappa ${ev.baseline.kappa.toFixed(3)}。`
          : `CSP+LDA baseline on the same split: accuracy ${pct(ev.baseline.accuracy)}, kappa ${ev.baseline.kappa.toFixed(3)}.`,
      );
    return out;
  }
  const running = state.runs.find((r) => r.status === 'running');
  const done = state.runs.filter((r) => r.status !== 'running');
  for (const r of done.slice(0, 3)) {
    const f = runFigures(r, state);
    const trained = r.metrics.length;
    const of = r.config.epoch;
    const head = zh
      ? `訓練 ${r.model.name}（${r.splitName}，第 ${r.repeat} 次）${r.status === 'done' ? '' : `狀態 ${r.status}，`}訓練了 ${trained} 個 epoch（設定 ${of}）`
      : `the ${r.model.name} run (${r.splitName}, repeat ${r.repeat}) ${r.status === 'done' ? '' : `${r.status} after it `}trained ${count(trained, 'epoch')} (${of} configured)`;
    out.push(
      f
        ? zh
          ? `${head}，第 ${f.epoch} 個 epoch 的${f.set === 'test' ? '測試' : '驗證'}準確率是 ${pct(f.acc)}（${f.n} 個${f.set === 'test' ? '測試' : '驗證'}試次${f.train !== undefined ? `；訓練準確率 ${pct(f.train)}` : ''}）。`
          : `${head}; at epoch ${f.epoch} its ${f.set} accuracy was ${pct(f.acc)} on ${f.n} ${f.set} trials${f.train !== undefined ? ` (training accuracy ${pct(f.train)})` : ''}.`
        : zh
          ? `${head}，沒有記錄到測試或驗證準確率。`
          : `${head}; it recorded no test or validation accuracy.`,
    );
  }
  // the kept epoch's figures on each set as counts: on a few trials one trial moves the accuracy by many points
  const first = done[0];
  const split = first && state.dataset?.splits.find((sp) => sp.id === first.splitId);
  const at = first && (first.selectedEpoch !== undefined ? first.metrics.find((m) => m.epoch === first.selectedEpoch) : undefined);
  const m = first && (at ?? first.metrics[first.metrics.length - 1]);
  if (m && split) {
    const sets = (
      [
        ['val', zh ? '驗證' : 'validation', m.val, split.val.length],
        ['test', zh ? '測試' : 'test', m.test, split.test.length],
      ] as const
    ).filter(([, , f, n]) => f && n > 0);
    if (sets.length) {
      const part = ([, name, f, n]: (typeof sets)[number]) =>
        zh
          ? `${name} ${pct(f!.accuracy)}（${Math.round(f!.accuracy * n)}/${n}，AUC ${f!.auc.toFixed(2)}，loss ${f!.loss.toFixed(3)}）`
          : `${name} ${pct(f!.accuracy)} (${Math.round(f!.accuracy * n)}/${n}, AUC ${f!.auc.toFixed(2)}, loss ${f!.loss.toFixed(3)})`;
      const step = sets.map(([, name, , n]) =>
        zh ? `${name}集一個試次就是 ${(100 / n).toFixed(1)} 個百分點` : `one ${name} trial is ${(100 / n).toFixed(1)} points`,
      );
      const K = classCount(state);
      out.push(
        zh
          ? `逐集：${sets.map(part).join('；')}。只有 ${sets.map(([, , , n]) => n).join(' 與 ')} 個試次，${step.join('、')}，這麼小的差異是雜訊${K >= 2 ? `（${K} 類機率水準 ${pct(1 / K)}，AUC 0.5 為隨機）` : ''}。`
          : `per set: ${sets.map(part).join('; ')}. On ${sets.map(([, , , n]) => n).join(' and ')} trials ${step.join(' and ')}, so differences this small are noise${K >= 2 ? ` (chance is ${pct(1 / K)} for ${K} classes, AUC 0.5 is random)` : ''}.`,
      );
    }
  }
  // the majority-class rate of the test set (evaluate's "majority" chance level, from the labels alone)
  if (split && split.test.length && state.epochs) {
    const names: string[] = [];
    for (const [name, i] of Object.entries(state.epochs.eventId)) names[i] = name;
    const counts = new Map<string, number>();
    for (const i of split.test) counts.set(names[state.epochs.labels[i]] ?? '?', (counts.get(names[state.epochs.labels[i]] ?? '?') ?? 0) + 1);
    const sorted = [...counts].sort((a, b) => b[1] - a[1]);
    const [top, k] = sorted[0];
    const n = split.test.length;
    out.push(
      zh
        ? `測試集 ${n} 個試次：${sorted.map(([c, m]) => `${m} 個 ${c}`).join('、')}；最多的一類是 ${top}（${k}/${n} = ${pct(k / n)}）：永遠猜這一類（多數類）就有這個準確率。`
        : `the test set's ${n} trials are ${sorted.map(([c, m]) => `${m} ${c}`).join(' and ')}; its largest class is ${top} (${k}/${n} = ${pct(k / n)}): always predicting it (the majority class) scores that.`,
    );
  }
  if (done.length > 3) out.push(zh ? `（另有 ${done.length - 3} 次訓練）` : `(${count(done.length - 3, 'more run')}.)`);
  if (running) {
    const last = running.metrics[running.metrics.length - 1];
    out.push(
      zh
        ? `訓練還在進行（第 ${running.metrics.length}/${running.config.epoch} 個 epoch${last?.test ? `，目前測試準確率 ${pct(last.test.accuracy)}` : ''}）。`
        : `training is still running (epoch ${running.metrics.length} of ${running.config.epoch}${last?.test ? `, test accuracy so far ${pct(last.test.accuracy)}` : ''}).`,
    );
  }
  out.push(
    done.length
      ? evaluateNotRun(state, zh)
      : zh
        ? `還沒有準確率：${nextStep(s, zh)}，之後再用 evaluate 評估。`
        : `there is no accuracy yet: ${nextStep(s, zh)}, then evaluate scores it.`,
  );
  return out;
}

export /** What evaluate would add to the runs' own figures, when it has not scored them. */
function evaluateNotRun(state: StudyState, zh: boolean): string {
  return zh
    ? `evaluate ${staleEvaluation(state) ? '還沒有評估這次訓練' : '還沒有執行'}：它會算出 kappa、平衡準確率（各類召回率 recall 的平均）、各類 precision 與 recall、混淆矩陣、機率水準與 CSP+LDA 基準。`
    : `evaluate has not run${staleEvaluation(state) ? ' on these runs' : ''} yet: it reports kappa, the balanced accuracy (the mean of the per-class recalls), per-class precision and recall, the confusion matrix, the chance level and the CSP+LDA baseline.`;
}

export function significanceFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const t = testedResult(state);
  if (!t) return resultFacts(state, s, zh);
  const p0 = 1 / t.k;
  const correct = Math.round(t.acc * t.n);
  const { p, significant: sig, need } = binomialTest(correct, t.n, p0);
  const source =
    t.from === 'evaluate'
      ? zh
        ? 'evaluate 的結果'
        : "evaluate's result"
      : zh
        ? '訓練紀錄（evaluate 還沒有執行）'
        : 'the training runs (evaluate has not run yet)';
  const setZh = t.set === 'test' ? '測試' : '驗證';
  return [
    zh
      ? `${source}：${t.k} 類（機率水準 ${pct(p0)}）、${t.n} 個${setZh}試次答對 ${correct} 個（${pct(t.acc)}）；精確單尾二項檢定 p = P(X ≥ ${correct}) = ${formatPValue(p)}，${sig ? '在 p < 0.05 下顯著高於機率水準' : '在 p < 0.05 下沒有顯著高於機率水準'}。${need !== null ? `p < 0.05 最少需答對 ${need}/${t.n}（${pct(need / t.n)}）。` : `${t.n} 個試次即使全對也達不到 p < 0.05。`}`
      : `${source}: ${t.k} classes (chance ${pct(p0)}), ${correct} of ${t.n} ${t.set} trials correct (${pct(t.acc)}); the exact one-sided binomial p = P(X ≥ ${correct}) = ${formatPValue(p)}, so it is ${sig ? 'significantly above chance at p < 0.05' : 'not significantly above chance at p < 0.05'}. ${need !== null ? `The smallest significant result is ${need} of ${t.n} (${pct(need / t.n)}).` : `With ${t.n} trials not even ${t.n} of ${t.n} correct reaches p < 0.05.`}`,
  ];
}

export function diagnosisFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const out = [...(testedResult(state) ? significanceFacts(state, s, zh) : resultFacts(state, s, zh))];
  const run = state.runs.find((r) => r.status !== 'running') ?? state.runs[0];
  if (run) {
    const st = runSteps(run, state.dataset);
    const trainAcc = run.metrics[run.metrics.length - 1]?.train.accuracy;
    if (st)
      out.push(
        zh
          ? `訓練量：${st.epochs} 個 epoch（設定 ${run.config.epoch}）× 每個 epoch ${st.perEpoch} 步 = ${st.steps} 次優化（batch ${st.batch}，${st.train} 個訓練試次），學習率 ${run.config.learning_rate}（${run.config.optimizer}）${trainAcc !== undefined ? `，最後訓練準確率 ${pct(trainAcc)}` : ''}。`
          : `training: ${count(st.epochs, 'epoch')} (${run.config.epoch} configured) × ${count(st.perEpoch, 'step')} per epoch = ${count(st.steps, 'optimiser step')} of batch ${st.batch} on ${st.train} training trials, learning rate ${run.config.learning_rate} (${run.config.optimizer})${trainAcc !== undefined ? `, final training accuracy ${pct(trainAcc)}` : ''}.`,
      );
    // a training loss near ln K is the cross-entropy of guessing 1/K for every trial: the network has not learned yet
    const loss = run.metrics[run.metrics.length - 1]?.train.loss;
    const k = classCount(state);
    if (loss !== undefined && Number.isFinite(loss) && k >= 2) {
      const lnK = Math.log(k);
      const near = Math.abs(loss - lnK) <= 0.1 * lnK;
      out.push(
        zh
          ? `最後的訓練 loss 是 ${loss.toFixed(3)}${near ? `，約等於 ln ${k} = ${lnK.toFixed(3)}：這是每個試次都猜 1/${k} 的交叉熵，網路還沒有學到東西` : `（ln ${k} = ${lnK.toFixed(3)} 是猜測的交叉熵）`}。`
          : `the final training loss is ${loss.toFixed(3)}${near ? `, about ln ${k} = ${lnK.toFixed(3)}: the cross-entropy of guessing 1/${k} for every trial, so the network has not learned yet` : ` (ln ${k} = ${lnK.toFixed(3)} would be guessing)`}.`,
      );
    }
  } else if (s.training)
    out.push(
      zh
        ? `訓練設定：${s.training.epoch} 個 epoch、batch ${s.training.batch_size}、學習率 ${s.training.learning_rate}。`
        : `training configured: ${s.training.epoch} epochs, batch ${s.training.batch_size}, learning rate ${s.training.learning_rate}.`,
    );
  if (state.epochs) {
    out.push(...scaleFacts(state, s, zh));
    out.push(...classFacts(state, s, zh));
  }
  const ev = lastEvaluation(state);
  if (ev?.baseline) {
    // the comparison evaluation/diagnose.ts makes: a baseline well above the network means the network did not learn
    // what a linear method finds; a baseline at chance too points at the data or the labels
    const significant = ev.chance.significant;
    const lead = ev.baseline.accuracy >= Math.max(significant ?? 0, ev.accuracy + BASELINE_LEAD);
    const atChance = significant !== null && ev.baseline.accuracy <= significant;
    out.push(
      zh
        ? `同一個切分上的 CSP+LDA 基準是 ${pct(ev.baseline.accuracy)}${lead ? '，明顯高於網路：網路沒有學到線性方法找得到的東西' : atChance ? '，也沒有顯著高於機率：問題可能在資料或標籤' : ''}。`
        : `CSP+LDA on the same split reaches ${pct(ev.baseline.accuracy)}${lead ? ', well above the network: the network did not learn what a linear method finds' : atChance ? ', not significantly above chance either: the data or the labels may be the problem' : ''}.`,
    );
  }
  if (ev?.diagnosis) out.push(zh ? `evaluate 的診斷：${ev.diagnosis}` : `evaluate's diagnosis: ${ev.diagnosis}`);
  // what evaluate would add (the confusion matrix, the baseline) when the runs are not scored yet
  if (!ev && state.runs.some((r) => r.status !== 'running')) out.push(evaluateNotRun(state, zh));
  return out;
}
