/*
 * Chinese typed with a phonetic input method (注音, pinyin) slips to a character of the same sound or a similar shape:
 * 慮波 for 濾波, 評古 for 評估, 模形 for 模型, 資料及 for 資料集, 取様 (the Japanese form) for 取樣. Each entry is a
 * domain word and the misspellings of it such slips produce; the rules read the word as it should have been written.
 * Only two-character words of the domain are listed, never a single character on its own, so ordinary text is left
 * as it is (一樣, 慮 in 考慮 and 評 in 評論 are untouched).
 */
const HOMOPHONES: [word: string, slips: string[]][] = [
  ['濾波', ['慮波', '虑波', '律波', '濾播', '慮播', '綠波', '滤波']],
  ['陷波', ['限波', '線波', '陷玻', '現波', '献波']],
  ['帶通', ['代通', '帶同', '带通', '帶痛']],
  ['取樣', ['取様', '取羊', '取洋', '取样']],
  ['採樣', ['採様', '采樣', '采样']],
  ['評估', ['評古', '評鼓', '評故', '平估', '坪估', '评估', '評粘']],
  ['模型', ['模形', '模行', '摸型', '模刑']],
  ['資料集', ['資料及', '資料級', '資料極', '资料集']],
  ['測試集', ['測試及', '測試級', '测试集']],
  ['驗證集', ['驗證及', '驗證級', '验证集']],
  ['訓練集', ['訓練及', '訓練級']],
  ['訓練', ['訓連', '訓鍊', '訓煉', '训练', '訓聯']],
  ['標準化', ['標準話', '標準畫', '標準劃', '标准化']],
  ['重新', ['從新']],
  ['參考', ['餐考', '參靠', '参考']],
  ['匯出', ['會出', '彙出', '滙出', '汇出']],
  ['載入', ['載如', '载入']],
  ['通道', ['通到', '通導', '通倒']],
  ['切段', ['且段']],
  ['視窗', ['試窗', '視創']],
  ['重疊', ['重迭', '重叠', '重碟']],
  ['降到', ['將到', '降道']],
];

const SLIP = new Map<string, string>();
for (const [word, slips] of HOMOPHONES) for (const s of slips) SLIP.set(s, word);
const SLIPS = new RegExp([...SLIP.keys()].sort((a, b) => b.length - a.length).join('|'), 'g');

/** The text with the homophone and near-form slips of domain words written as the words ("慮波" → "濾波"). */
export function withoutHomophoneSlips(text: string): string {
  return (
    text
      .replace(SLIPS, (m) => SLIP.get(m) ?? m)
      // "取樣道 100", "改道 0.3": 到 ("to") typed as its homophone 道 right after a verb of setting and before the value
      .replace(/(?<=取樣|採樣|降|升|改|設|調|切|濾波|帶通)道(?=\s*[\d零〇一二兩三四五六七八九十])/g, '到')
  );
}
