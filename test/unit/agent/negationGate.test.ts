// A destructive step never runs from a request that negates anything, wherever the negation sits (issue 14).
import { describe, expect, it } from 'vitest';
import { destructiveAsked } from '../../../src/core/agent/understanding/safety';

describe('destructive steps and negations anywhere in the request', () => {
  it.each([
    ['clear_dataset', 'you may wipe the recordings later, but not today; plot the PSD'],
    ['clear_dataset', 'I am not asking you to delete anything, I want the channel list'],
    ['clear_dataset', '我不是要你刪除資料，是要你顯示事件'],
    ['clear_dataset', 'clear it. actually no, never mind'],
    ['clear_dataset', '清空資料…算了'],
    ['clear_dataset', 'delete the data? nah, just show me the info'],
    ['reset_preprocessing', 'reset the filters? no — add a notch at 50 Hz instead'],
    ['reset_preprocessing', '還原前處理，不對，先幫我重新取樣到 128'],
  ])('%s is not run for "%s"', (tool, text) => {
    expect(destructiveAsked(tool, text)).toBe(false);
  });
  it.each([
    ['clear_dataset', 'start over with S002R04.edf'],
    ['clear_dataset', 'clear the dataset and load S003R04.edf'],
    ['clear_dataset', '清除資料後載入 S002R04.edf'],
    ['reset_preprocessing', 'undo all the preprocessing and re-filter at 4-38 Hz'],
    ['reset_preprocessing', "reset the preprocessing, and don't forget to notch at 60 Hz"],
    ['reset_preprocessing', '還原前處理，別忘了再濾波 8 到 30'],
  ])('%s still runs for "%s"', (tool, text) => {
    expect(destructiveAsked(tool, text)).toBe(true);
  });
});
