/**
 * The figures a question brings, and whether they quote the Study's own ("val 43% but test 56%") or are the user's.
 */
import { summarizeStudy } from '../../study/summary';
import type { StudyState } from '../../study/types';
import { FILE_NAMED, NAMED_WITH_DIGITS } from './questionCues';
import { READERS } from './readers';
import { classCount } from './runFigures';
import type { StudyTopic } from './types';

/** The figures a question brings ("62%", "40 trials", "0-4s", "0.45"), names with digits and file names left out. */
export function figuresOf(q: string): string[] {
  const text = q.replace(new RegExp(FILE_NAMED.source, 'gi'), ' ').replace(NAMED_WITH_DIGITS, ' ');
  return [...text.matchAll(/\d+(?:\.\d+)?/g)].map((m) => m[0]);
}
/** Every figure the Study's facts state (what the read-only tools report), to tell the user's quoting of them apart. */
export function studyFigures(state: StudyState, topics: readonly StudyTopic[] = Object.keys(READERS) as StudyTopic[]): number[] {
  const s = summarizeStudy(state);
  const text = topics
    .flatMap((t) => READERS[t](state, s, false))
    .join(' ')
    // the constants the facts explain with are not the Study's figures
    .replace(/50\/60 Hz|p < 0\.05|AUC 0\.5\b|ln \d+ = [\d.]+|ln \d+/g, ' ');
  // nor is the uniform chance level (50% for two classes), which any question about chance may name
  const K = classCount(state);
  return [...text.replace(NAMED_WITH_DIGITS, ' ').matchAll(/\d+(?:\.\d+)?/g)]
    .map((m) => Number(m[0]))
    .filter((k) => !(K >= 2 && (Math.abs(k - 100 / K) < 0.051 || Math.abs(k - 1 / K) < 1e-9)));
}

/** The same figure as written ("0.694" quotes 0.6945, "0.69" quotes 0.694, "0.5" does not quote 0.45). */
export function sameFigure(figure: number, text: string, k: number): boolean {
  const decimals = text.includes('.') ? text.split('.')[1].length : 0;
  // "0.694" for 0.6945 (three decimals or more: truncated or rounded), "0.45" for 0.449 (two: rounded); "0.5" is not 0.45
  return decimals >= 3 ? Math.abs(figure - k) <= 10 ** -decimals + 1e-9 : decimals === 2 ? Number(k.toFixed(2)) === figure : figure === k;
}

/** A result figure of the Study quoted ("43%" for 42.9%, "0.45" for AUC 0.45): a measured value, not a round count. */
export function quotesStudyResult(q: string, known: readonly number[]): boolean {
  const measured = known.filter((k) => !Number.isInteger(k));
  // "train 51.7 val 42.9": a figure with decimals, as the Study states it, is a measured value without its % sign
  if ([...q.matchAll(/(?<![\d.])(\d+\.\d+)(?![\d.%])/g)].some((m) => measured.some((k) => k > 1 && sameFigure(Number(m[1]), m[1], k)))) return true;
  return [...q.matchAll(/(\d+(?:\.\d+)?)\s*%|(?<![\d.])(0?\.\d+)/g)].some((m) => {
    const f = Number(m[1] ?? m[2]);
    return measured.some((k) => sameFigure(f, m[1] ?? m[2], k) || (m[1] !== undefined && Math.round(k) === f) || (f < 1 && Math.abs(f * 100 - k) < 0.051));
  });
}

/** "43%" quotes 42.9%, "56" and "55" quote 55.6, "0.556" quotes 55.6%, "0-4 s" quotes 0 and 4. */
export function quotesStudy(figure: number, known: readonly number[], text = String(figure)): boolean {
  return known.some(
    (k) =>
      sameFigure(figure, text, k) ||
      (Number.isInteger(figure) && !Number.isInteger(k) && Math.round(k) === figure) ||
      // "55%" for 55.6%: a percentage cut to its whole part
      (Number.isInteger(figure) && !Number.isInteger(k) && k > 1 && Math.floor(k) === figure) ||
      (figure < 1 && Math.abs(figure * 100 - k) < 0.051),
  );
}
