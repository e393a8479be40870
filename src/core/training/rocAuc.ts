/**
 * ROC AUC as XBrainLab reports it per epoch (sklearn roc_auc_score on softmax outputs): binary uses p(class 1),
 * multiclass the unweighted mean of one-vs-rest AUCs. Undefined cases (a class absent) give 0, as XBrainLab does.
 */

/** AUC of scores for a positive set vs the rest (Mann–Whitney with tie correction). */
export function binaryAuc(scores: ArrayLike<number>, positive: ArrayLike<boolean>): number {
  const n = scores.length;
  const idx = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  let nPos = 0;
  for (let i = 0; i < n; i++) if (positive[i]) nPos++;
  const nNeg = n - nPos;
  if (nPos === 0 || nNeg === 0) return NaN;
  let rankSumPos = 0;
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && scores[idx[j + 1]] === scores[idx[i]]) j++;
    const avgRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (positive[idx[k]]) rankSumPos += avgRank;
    i = j + 1;
  }
  return (rankSumPos - (nPos * (nPos + 1)) / 2) / (nPos * nNeg);
}

/** probs: n × k row-major softmax outputs; labels 0..k-1. */
export function rocAuc(probs: ArrayLike<number>, labels: ArrayLike<number>, k: number): number {
  const n = labels.length;
  if (n === 0) return 0;
  const classes = k === 2 ? [1] : Array.from({ length: k }, (_, c) => c);
  let sum = 0;
  for (const c of classes) {
    const scores = new Float64Array(n);
    const pos = new Array<boolean>(n);
    for (let i = 0; i < n; i++) {
      scores[i] = probs[i * k + c];
      pos[i] = labels[i] === c;
    }
    const a = binaryAuc(scores, pos);
    if (!Number.isFinite(a)) return 0;
    sum += a;
  }
  return sum / classes.length;
}
