/**
 * Wording shared by the readers: percentages, counts, and the step that would produce what the Study lacks.
 */
import type { StudySummary } from '../../study/summary';

export const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
/** "1 epoch", "3 epochs". */
export const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The step that would produce what the Study does not have yet. */
export function nextStep(s: StudySummary, zh: boolean): string {
  if (!s.recordings.length) return zh ? '還沒有載入資料（load_data 載入記錄檔）' : 'no recordings are loaded yet (load_data loads them)';
  if (!s.epochs) return zh ? '還沒有切 epoch（epoch_data 會切出 epoch）' : 'no epochs yet (epoch_data cuts them)';
  if (!s.dataset)
    return zh ? '還沒有切分資料集（generate_dataset 會切出 train/val/test）' : 'no dataset yet (generate_dataset splits the epochs into train/val/test)';
  if (s.runs.some((r) => r.status === 'running')) return zh ? '訓練還在進行中' : 'training is still running';
  if (!s.runs.length) return zh ? '還沒有訓練模型（start_training 會訓練）' : 'nothing has been trained yet (start_training trains the model)';
  return zh ? 'evaluate 還沒有執行' : 'evaluate has not run yet';
}
