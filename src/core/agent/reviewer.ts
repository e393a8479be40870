import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../study/atomicWrite';
import type { StudyState } from '../study/types';
import type { XBrainSession } from '../session';
import { deriveStage } from '../study/stage';

export interface ReviewWarning {
  rule: 'few_trials' | 'class_imbalance' | 'short_epochs' | 'filter_after_epoching' | 'test_set_selection' | 'subject_leakage' | 'no_bandpass_before_eegnet';
  reason: string;
}

const FILTER_OPS = /bandpass|standard_preprocess|notch/;
const MIN_SECONDS: Record<string, number> = { EEGNet: 0.5, SCCNet: 0.5, ShallowConvNet: 1 };

/** Scores the analysis against a rubric of EEG pitfalls (sample-free: labels, histories and configs only). */
export function reviewStudy(s: StudyState): ReviewWarning[] {
  const w: ReviewWarning[] = [];
  const e = s.epochs;
  if (e) {
    const counts = Object.entries(e.eventId).map(([name, l]) => [name, e.labels.filter((x) => x === l).length] as const);
    const low = counts.filter(([, n]) => n < 40);
    if (low.length)
      w.push({
        rule: 'few_trials',
        reason: `only ${low.map(([k, n]) => `${n} ${k}`).join(', ')} epochs: fewer than ~40 trials per class make deep-learning results noisy`,
      });
    const ns = counts.map(([, n]) => n);
    if (ns.length > 1 && Math.min(...ns) > 0 && Math.max(...ns) / Math.min(...ns) > 1.5)
      w.push({
        rule: 'class_imbalance',
        reason: `classes are unbalanced (${counts.map(([k, n]) => `${k}: ${n}`).join(', ')}): report balanced accuracy and kappa, not plain accuracy`,
      });
    const seconds = e.nTimes / e.sfreq;
    const model = s.model?.name ?? (s.dataset ? 'EEGNet' : null);
    if (model && seconds < MIN_SECONDS[model])
      w.push({
        rule: 'short_epochs',
        reason: `epochs last ${seconds.toFixed(2)} s, shorter than ${model}'s minimum of about ${MIN_SECONDS[model]} s (its temporal kernels would not fit)`,
      });
  }
  const late = s.epochHistory.filter((h) => FILTER_OPS.test(h.op));
  if (late.length)
    w.push({
      rule: 'filter_after_epoching',
      reason: `${late.map((h) => h.description).join(', ')} ran on epochs: filter the continuous data before epoching so edge effects stay outside the epochs`,
    });
  if (s.training?.selection === 'best_test_accuracy')
    w.push({ rule: 'test_set_selection', reason: 'the model is selected by test accuracy: the test score is then optimistic; select on the validation set' });
  if (s.dataset && e) {
    const subjects = new Set(e.subject);
    if (s.dataset.config.split_strategy === 'trial' && s.dataset.config.training_mode === 'group' && subjects.size > 1) {
      w.push({
        rule: 'subject_leakage',
        reason: `a trial-wise split over ${subjects.size} subjects puts trials of the same subject in train and test: it measures within-subject performance, not generalisation to new subjects (use split_strategy "subject")`,
      });
    }
    if (s.dataset.audit.overlap > 0)
      w.push({ rule: 'subject_leakage', reason: `the split audit found ${s.dataset.audit.overlap} overlapping item(s) between train and test` });
  }
  if (s.model?.name === 'EEGNet' && !s.history.concat(s.epochHistory).some((h) => /bandpass|standard_preprocess/.test(h.op))) {
    w.push({
      rule: 'no_bandpass_before_eegnet',
      reason: 'EEGNet is set but no band-pass filter was applied: slow drifts and high-frequency noise dominate raw EEG (e.g. 4–40 Hz or 8–30 Hz first)',
    });
  }
  return w;
}

/** The analysis so far as markdown: data, preprocessing, epochs, splits, models, results, warnings. */
export function renderReport(s: StudyState): string {
  const L: string[] = ['# XBrain analysis report', '', `Stage: ${deriveStage(s)} · updated ${new Date().toISOString()}`, '', '## Data'];
  if (!s.recordings.length) L.push('No recordings loaded.');
  for (const r of s.recordings)
    L.push(
      `- ${r.path.split(/[\\/]/).pop()}: ${r.format}, ${r.channels.length} channels @ ${r.sfreq} Hz, ${(r.nTimes / r.sfreq).toFixed(1)} s, subject ${r.subject}, session ${r.session}, events ${Object.keys(r.events.eventId).join('/')}`,
    );
  if (s.montage) L.push(`- Montage: ${s.montage}`);
  L.push('', '## Preprocessing');
  if (!s.history.length && !s.epochHistory.length) L.push('None.');
  for (const h of s.history) L.push(`- ${h.description} — ${JSON.stringify(h.params)}`);
  for (const h of s.epochHistory) L.push(`- (on epochs) ${h.description} — ${JSON.stringify(h.params)}`);
  L.push('', '## Epochs');
  const e = s.epochs;
  L.push(
    e
      ? `${e.nEpochs} epochs × ${e.nChannels} channels × ${e.nTimes} samples at ${e.sfreq} Hz from ${e.tmin} s; classes ${Object.entries(e.eventId)
          .map(([k, l]) => `${k}: ${e.labels.filter((x) => x === l).length}`)
          .join(', ')}`
      : 'None.',
  );
  L.push('', '## Splits');
  if (s.dataset) {
    L.push(`Config: ${JSON.stringify(s.dataset.config)}`);
    for (const sp of s.dataset.splits) L.push(`- ${sp.name}: train ${sp.train.length}, val ${sp.val.length}, test ${sp.test.length}`);
    for (const w of s.dataset.audit.warnings) L.push(`- audit: ${w}`);
  } else L.push('None.');
  L.push('', '## Models and training');
  L.push(s.model ? `Model: ${s.model.name} ${JSON.stringify(s.model.params)}` : 'No model set.');
  if (s.training) L.push(`Training: ${JSON.stringify(s.training)}`);
  L.push('', '## Results');
  if (!s.runs.length) L.push('No runs.');
  for (const r of s.runs) {
    const m = r.metrics.at(-1);
    L.push(
      `- ${r.id} (${r.splitName}, repeat ${r.repeat}, ${r.status}): ${m ? `epoch ${m.epoch}, train acc ${m.train.accuracy.toFixed(3)}${m.val ? `, val acc ${m.val.accuracy.toFixed(3)}` : ''}${m.test ? `, test acc ${m.test.accuracy.toFixed(3)}` : ''}` : 'no epochs'}`,
    );
  }
  for (const ev of s.evaluations)
    L.push(
      `- evaluation on ${ev.split}: ${Object.entries(ev.metrics)
        .filter(([, v]) => typeof v === 'number')
        .map(([k, v]) => `${k} ${(v as number).toFixed(3)}`)
        .join(', ')}`,
    );
  const warnings = reviewStudy(s);
  L.push('', '## Reviewer warnings');
  L.push(...(warnings.length ? warnings.map((w) => `- **${w.rule}**: ${w.reason}`) : ['None.']));
  return L.join('\n') + '\n';
}

/**
 * Keeps `.xbrain/report.md` up to date off the main path: Study changes schedule a debounced write that never
 * blocks a reply; write errors are ignored (the report is a convenience, the Study is the truth).
 */
export class BackgroundReviewer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly sub: { dispose(): void };

  constructor(
    private readonly session: XBrainSession,
    private readonly delayMs = 200,
  ) {
    this.sub = session.study.onDidChange(() => this.schedule());
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
    this.timer.unref?.();
  }

  /** Writes the report now (and waits for it); used at the end of a CLI run. */
  flush(): Promise<void> {
    const text = renderReport(this.session.study.state);
    const dir = join(this.session.env.workspace, '.xbrain');
    this.writing = this.writing.then(() => mkdir(dir, { recursive: true }).then(() => writeFileAtomic(join(dir, 'report.md'), text))).catch(() => undefined);
    return this.writing;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.sub.dispose();
  }
}
