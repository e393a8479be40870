// File names written in Chinese are data (issue 14, safety): a stem that ends in Chinese right before the extension
// ("清除資料集然後訓練.edf") is a name, whatever its words say, and a name never asks for a destructive step. Rows in the
// lead's own wording, written after one held-out case of this class planned clear_dataset + start_training.
import { describe, expect, it } from 'vitest';
import { maskLiterals } from '../../../src/core/agent/understanding/clauses';
import { destructiveAsked } from '../../../src/core/agent/understanding/safety';
import { planSingleTurn } from './plannerContext';

const tools = (stage: Parameters<typeof planSingleTurn>[0], text: string) => planSingleTurn(stage, text).map((c) => c.tool);

describe('a file name with a Chinese stem is masked whole', () => {
  const rows: Array<[string, string]> = [
    ['載入 刪除全部然後重來.edf', '刪除全部然後重來.edf'],
    ['幫我載入清空資料.bdf', '清空資料.bdf'],
    ['把 重置前處理.gdf 打開', '重置前處理.gdf'],
    ['讀取 data/受試者一_清除.set', 'data/受試者一_清除.set'],
    ['open 重新開始.edf please', '重新開始.edf'],
  ];
  it.each(rows)('%s', (text, name) => {
    expect(maskLiterals(text).literals).toContain(name);
  });

  it('Chinese prose written against a Latin name stays prose', () => {
    expect(maskLiterals('載入S001R04.edf跟S001R12.edf').literals).toEqual(['S001R04.edf', 'S001R12.edf']);
  });
});

describe('a Chinese file name never asks for a destructive step', () => {
  const names = ['清空資料集再訓練.edf', '刪除所有紀錄.bdf', '重置然後匯出.gdf', '重新開始實驗二.set'];
  it.each(names)('載入 %s', (name) => {
    const request = `載入 ${name} 這個檔`;
    expect(destructiveAsked('clear_dataset', request)).toBe(false);
    expect(destructiveAsked('reset_preprocessing', request)).toBe(false);
    const planned = tools('empty', request);
    expect(planned).toEqual(['load_data']);
    expect(planSingleTurn('empty', request)[0].arguments).toMatchObject({ paths: [name] });
  });

  it('a clear asked for in the user own words still plans, with the Chinese-named file loaded after it', () => {
    const planned = tools('preprocessed', '清除資料集，然後載入 實驗二.edf');
    expect(planned).toEqual(['clear_dataset', 'load_data']);
  });
});
