/**
 * load_data's selection by subject and run ("subjects 2 to 10, runs 4, 8 and 12"): the subject and session (run) each
 * file name gives (naming.ts) are matched against the wanted values before any file is read. Numbers match
 * regardless of zero padding (2 = "002", 4 = "04"); an item "2-10" (or "2..10") is an inclusive range of numbers;
 * anything else matches its label exactly (BIDS "sub-control01" → "control01").
 */
import { basename } from 'node:path';
import { XBrainError } from '../errors';
import { subjectSessionFromPath, type NamingRule } from './naming';

export type SelectionItem = string | number;

interface Matcher {
  test: (label: string) => boolean;
  text: string;
}

function matcher(items: readonly SelectionItem[], parameter: string): Matcher {
  const tests: Array<(label: string) => boolean> = [];
  for (const raw of items) {
    const item = String(raw).trim();
    const range = /^(\d+)\s*(?:-|\.\.|to)\s*(\d+)$/i.exec(item);
    if (range) {
      const lo = Number(range[1]);
      const hi = Number(range[2]);
      if (lo > hi) throw new XBrainError('invalid_arguments', `${parameter}: range "${item}" runs backwards`, { parameter });
      tests.push((l) => /^\d+$/.test(l) && Number(l) >= lo && Number(l) <= hi);
    } else if (/^\d+$/.test(item)) {
      tests.push((l) => /^\d+$/.test(l) && Number(l) === Number(item));
    } else if (item) {
      tests.push((l) => l === item);
    } else {
      throw new XBrainError('invalid_arguments', `${parameter}: an empty value`, { parameter });
    }
  }
  return { test: (l) => tests.some((t) => t(l)), text: items.map(String).join(', ') };
}

/** The files whose name-derived subject and run are both wanted (an absent list selects everything). */
export function selectFiles(
  files: readonly string[],
  o: { subjects?: readonly SelectionItem[]; runs?: readonly SelectionItem[]; naming?: NamingRule },
): string[] {
  if (!o.subjects?.length && !o.runs?.length) return [...files];
  const subj = o.subjects?.length ? matcher(o.subjects, 'subjects') : null;
  const runs = o.runs?.length ? matcher(o.runs, 'runs') : null;
  const labelled = files.map((f) => ({ f, ...subjectSessionFromPath(f, o.naming) }));
  const kept = labelled.filter((x) => (!subj || subj.test(x.subject)) && (!runs || runs.test(x.session)));
  if (kept.length === 0) {
    const seen = (k: 'subject' | 'session'): string => [...new Set(labelled.map((x) => x[k]))].slice(0, 12).join(', ') || 'none';
    const which = subj && !labelled.some((x) => subj.test(x.subject)) ? 'subjects' : 'runs';
    throw new XBrainError(
      'invalid_arguments',
      `${which}: no file matches ${which} ${which === 'subjects' ? subj!.text : runs!.text} (the ${files.length} file(s) have subjects ${seen('subject')}; runs ${seen('session')}; e.g. ${files
        .slice(0, 2)
        .map((f) => basename(f))
        .join(', ')})`,
      { parameter: which },
    );
  }
  return kept.map((x) => x.f);
}
