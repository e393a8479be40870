/**
 * Training: the model and settings start_training will use, the runs' losses against ln K, over- and underfitting
 * (topics training, loss, fit).
 */
import { runSteps } from '../../evaluation/diagnose';
import type { StudySummary } from '../../study/summary';
import type { StudyState } from '../../study/types';
import { resolveTraining } from '../../training/adaptiveDefaults';
import { pct, count, nextStep } from './format';
import { classCount, keptFigures } from './runFigures';
import type { ReadContext } from './types';

export function trainingFacts(state: StudyState, s: StudySummary, zh: boolean, ctx: ReadContext = {}): string[] {
  const out: string[] = [];
  const model = s.model;
  const params =
    model && Object.keys(model.params).length
      ? ` (${Object.entries(model.params)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')})`
      : '';
  out.push(
    model
      ? zh
        ? `模型：${model.name}${params}。`
        : `model: ${model.name}${params}.`
      : zh
        ? '還沒有用 set_model 選模型（start_training 會用預設的 EEGNet）。'
        : 'no model chosen with set_model yet (start_training would use EEGNet, the default).',
  );
  const sizes = state.dataset?.splits.map((sp) => sp.train.length).filter((n) => n > 0) ?? [];
  const { config, adapted } = resolveTraining(state.training, { trainSizes: sizes });
  const set = Array.isArray(config.set_by_user) ? config.set_by_user : [];
  const settings = `epoch ${config.epoch}, batch_size ${config.batch_size}, learning_rate ${config.learning_rate}, optimizer ${config.optimizer}, repeat ${config.repeat}, selection ${config.selection}, input_norm ${config.input_norm === 'none' ? 'none' : 'train_fold'}, device ${config.device}, backend ${config.backend}, seed ${config.seed}`;
  out.push(
    zh
      ? `下次訓練會用：${settings}${sizes.length ? '' : '（還沒有資料集，epoch 與 batch 會在 start_training 時依訓練集調整）'}${set.length ? `；你設定過的：${set.join(', ')}` : '；都沒有用 configure_training 設定過'}。`
      : `training will use: ${settings}${sizes.length ? '' : ' (no dataset yet: start_training adapts epoch and batch_size to the training set)'}${set.length ? `; set by you: ${set.join(', ')}` : '; none set with configure_training'}.`,
  );
  if (sizes.length) {
    const train = Math.min(...sizes);
    const per = Math.ceil(train / config.batch_size);
    out.push(
      zh
        ? `訓練集 ${train} 個試次、batch ${config.batch_size}：每個 epoch ${per} 次優化（⌈${train}/${config.batch_size}⌉ = ${per}${per === 1 ? '，batch 比整個訓練集還大，只有一次' : ''}），${config.epoch} 個 epoch 共 ${per * config.epoch} 次。`
        : `with ${train} training trials and batch ${config.batch_size}, each epoch is ${count(per, 'optimiser step')} (⌈${train}/${config.batch_size}⌉ = ${per}${per === 1 ? ': the batch is larger than the whole training set, so one step' : ''}), ${count(per * config.epoch, 'step')} over ${config.epoch} epochs.`,
    );
  }
  if (adapted.length)
    out.push(
      zh
        ? `未設定的預設值依訓練集調整：${adapted.map((a) => `${a.option} ${a.from} → ${a.to}`).join('、')}。`
        : `defaults adapted to the training set: ${adapted.map((a) => `${a.option} ${a.from} → ${a.to} (${a.why})`).join('; ')}.`,
    );
  const last = state.runs[state.runs.length - 1];
  const ranAt = out.length;
  if (last) {
    const st = runSteps(last, state.dataset);
    out.push(
      zh
        ? `上一次訓練（${last.model.name}，${last.splitName}）在 ${last.config.device}（backend ${last.config.backend}）上訓練了 ${last.metrics.length} 個 epoch（設定 ${last.config.epoch}）${st ? `，共 ${st.steps} 次優化（batch ${st.batch}）` : ''}。`
        : `the last run (${last.model.name}, ${last.splitName}) trained on ${last.config.device} (backend ${last.config.backend}) for ${count(last.metrics.length, 'epoch')} (${last.config.epoch} configured)${st ? `, ${count(st.steps, 'optimiser step')} of batch ${st.batch}` : ''}.`,
    );
  }
  if (last?.metrics.length) {
    const secs = last.metrics.reduce((a, m) => a + m.seconds, 0);
    const wall = last.endedAt ? (Date.parse(last.endedAt) - Date.parse(last.startedAt)) / 1000 : NaN;
    out.push(
      zh
        ? `上一次訓練的 epoch 共花了約 ${secs.toFixed(1)} 秒${Number.isFinite(wall) && wall > 0 ? `（從開始到結束 ${wall.toFixed(1)} 秒）` : ''}。`
        : `the last run's epochs took about ${secs.toFixed(1)} s in all${Number.isFinite(wall) && wall > 0 ? ` (${wall.toFixed(1)} s from start to end)` : ''}.`,
    );
    out.push(...selectionFacts(last, zh));
  }
  // a past run asked about ("how long did my training take?"): what the run did comes first; before any run, the step
  const past = PAST_RUN.test(ctx.question ?? '');
  if (!last && past) out.unshift(zh ? `還沒有訓練紀錄：${nextStep(s, zh)}。` : `there is no training run yet: ${nextStep(s, zh)}.`);
  if (last && past) out.unshift(...out.splice(ranAt));
  // a GPU asked about while training runs on the CPU: the setting that would change it
  if (/\bgpu\b|\bcuda\b|顯卡/i.test(ctx.question ?? '') && !/^cuda/.test(String(config.device)))
    out.push(
      zh
        ? `目前不是用 GPU：device ${config.device}、backend ${config.backend}；要用 GPU 是 configure_training(device="cuda", backend="pytorch")，機器需要有 CUDA 與 PyTorch。`
        : `training does not use a GPU: device ${config.device}, backend ${config.backend}; configure_training(device="cuda", backend="pytorch") would, on a machine with CUDA and PyTorch.`,
    );
  return out;
}

/** A question about a run that happened: how long it took, which epoch it kept. */
const PAST_RUN = /\b(?:took|take|lasted|kept|selected|chose|chosen)\b|\bhow long did\b|花了|多久|第幾個|選了|選的/i;

/** The epoch whose weights the run kept and the rule that chose it (configure_training's selection). */
export function selectionFacts(run: StudyState['runs'][number], zh: boolean): string[] {
  const rule = run.selection ?? run.config.selection ?? 'last_epoch';
  const epoch = run.selectedEpoch ?? run.metrics[run.metrics.length - 1]?.epoch;
  if (epoch === undefined) return [];
  const why: Record<string, [string, string]> = {
    last_epoch: ['the weights of the last trained epoch', '最後一個訓練的 epoch 的權重'],
    best_val_loss: ['the epoch with the lowest validation loss', '驗證 loss 最低的 epoch'],
    best_val_accuracy: ['the epoch with the highest validation accuracy', '驗證準確率最高的 epoch'],
    best_test_accuracy: [
      'the epoch with the highest test accuracy: chosen on the test set, so its test score is optimistic',
      '測試準確率最高的 epoch：在測試集上挑的，所以測試分數會偏高',
    ],
  };
  const [en, z] = why[rule] ?? [rule, rule];
  return [
    zh
      ? `保留的是第 ${epoch} 個 epoch 的權重（selection ${rule}：${z}${rule === 'best_test_accuracy' ? '' : '；不是在測試集上挑最好的 epoch（best_test_accuracy）'}）。`
      : `the run kept the weights of epoch ${epoch} (selection ${rule}: ${en}${rule === 'best_test_accuracy' ? '' : '; not the best epoch on the test set (best_test_accuracy)'}).`,
  ];
}

/** The training curves' losses: first and last epoch of each run (a NaN named with the epoch it appeared at). */
export function lossFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const runs = state.runs.filter((r) => r.metrics.length > 0).slice(0, 3);
  if (!runs.length) return [zh ? `還沒有訓練紀錄：${nextStep(s, zh)}。` : `there is no training curve yet: ${nextStep(s, zh)}.`];
  const f = (x: number | undefined) => (x === undefined ? '–' : Number.isNaN(x) ? 'NaN' : x.toFixed(3));
  return runs
    .map((r) => {
      const a = r.metrics[0];
      const b = r.metrics[r.metrics.length - 1];
      const nan = r.metrics.find((m) => Number.isNaN(m.train.loss) || (m.val && Number.isNaN(m.val.loss)));
      // one epoch has one value; more show where the curve started and ended
      const span = (x: number, y: number) => (r.metrics.length === 1 ? f(y) : `${f(x)} → ${f(y)}`);
      const val = a.val && b.val ? (zh ? `，驗證 loss ${span(a.val.loss, b.val.loss)}` : `, validation loss ${span(a.val.loss, b.val.loss)}`) : '';
      const test = a.test && b.test ? (zh ? `，測試 loss ${span(a.test.loss, b.test.loss)}` : `, test loss ${span(a.test.loss, b.test.loss)}`) : '';
      return zh
        ? `${r.model.name}（${r.splitName}）訓練 ${r.metrics.length} 個 epoch：訓練 loss ${span(a.train.loss, b.train.loss)}${val}${test}${nan ? `；第 ${nan.epoch} 個 epoch 出現 NaN` : ''}。`
        : `the ${r.model.name} run (${r.splitName}) over ${count(r.metrics.length, 'epoch')}: training loss ${span(a.train.loss, b.train.loss)}${val}${test}${nan ? `; NaN from epoch ${nan.epoch}` : ''}.`;
    })
    .concat(lnKFact(state, zh));
}

/** The final losses against ln K, the cross-entropy of guessing 1/K for every trial. */
export function lnKFact(state: StudyState, zh: boolean): string[] {
  const k = keptFigures(state);
  const K = classCount(state);
  if (!k || K < 2) return [];
  const lnK = Math.log(K);
  const losses = (
    [
      ['train', '訓練', k.m.train.loss],
      ['validation', '驗證', k.m.val?.loss],
      ['test', '測試', k.m.test?.loss],
    ] as const
  ).filter(([, , l]) => l !== undefined && Number.isFinite(l)) as [string, string, number][];
  if (!losses.length) return [];
  const near = losses.every(([, , l]) => Math.abs(l - lnK) <= 0.1 * lnK);
  const list = losses.map(([en, z, l]) => (zh ? `${z} ${l.toFixed(3)}` : `${en} ${l.toFixed(3)}`)).join(zh ? '、' : ', ');
  return [
    zh
      ? `最後的 loss：${list}；${K} 類時 ln ${K} = ${lnK.toFixed(3)} 是每個試次都猜 1/${K}（機率水準）的交叉熵${near ? '：這些 loss 都約等於 ln K，模型的輸出還接近每類 1/K，還沒學到東西' : ''}。`
      : `final losses: ${list}; ln ${K} = ${lnK.toFixed(3)} is the cross-entropy of guessing 1/${K} (chance) for every trial${near ? `: these losses are about ln ${K}, so the outputs are still near 1/${K} per class and the network has not learned yet` : ''}.`,
  ];
}

/** Over- or underfitting: the training accuracy and loss against the validation and test ones, and a verdict. */
export function fitFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const k = keptFigures(state);
  if (!k) return [zh ? `還沒有訓練紀錄：${nextStep(s, zh)}。` : `there is no training curve yet: ${nextStep(s, zh)}.`];
  const K = classCount(state) || 2;
  const chance = 1 / K;
  const { m, sizes } = k;
  const part = (en: string, z: string, f: { accuracy: number; loss: number } | undefined, n: number) =>
    f ? (zh ? `${z} ${pct(f.accuracy)}（${n} 個試次，loss ${f.loss.toFixed(3)}）` : `${en} ${pct(f.accuracy)} (${n} trials, loss ${f.loss.toFixed(3)})`) : '';
  const parts = [part('training', '訓練', m.train, sizes.train), part('validation', '驗證', m.val, sizes.val), part('test', '測試', m.test, sizes.test)].filter(
    Boolean,
  );
  const held = m.val?.accuracy ?? m.test?.accuracy;
  const gap = held !== undefined ? m.train.accuracy - held : 0;
  const verdict =
    m.train.accuracy <= chance + 0.15
      ? zh
        ? `沒有過擬合的跡象：訓練準確率本身只有 ${pct(m.train.accuracy)}，接近 ${K} 類的機率水準 ${pct(chance)}，模型還沒學到東西（欠擬合，not learned yet），不是在背訓練集`
        : `no sign of overfitting: the training accuracy itself is ${pct(m.train.accuracy)}, near the ${pct(chance)} chance level of ${K} classes, so the network has not learned yet (underfitting); it is not memorising the training set`
      : gap >= 0.2
        ? zh
          ? `有過擬合的跡象：訓練準確率比驗證/測試高 ${(100 * gap).toFixed(1)} 個百分點`
          : `signs of overfitting: the training accuracy is ${(100 * gap).toFixed(1)} points above the held-out one`
        : zh
          ? `訓練與驗證/測試的差距不大（${(100 * gap).toFixed(1)} 個百分點），沒有明顯過擬合`
          : `the training and held-out accuracies are close (${(100 * gap).toFixed(1)} points apart), so no clear overfitting`;
  return [
    zh
      ? `${k.run.model.name}（${k.run.splitName}）第 ${m.epoch} 個 epoch：${parts.join('；')}。${verdict}。`
      : `the ${k.run.model.name} run (${k.run.splitName}) at epoch ${m.epoch}: ${parts.join('; ')}. ${verdict.charAt(0).toUpperCase()}${verdict.slice(1)}.`,
    ...lnKFact(state, zh),
  ];
}
