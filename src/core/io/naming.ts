/**
 * Subject and session from a file path, as XBrainLab's filename parser offers: split by a separator (1-based
 * indices), a regex with named groups (?<subject>…)(?<session>…), or the parent folder. Without a rule the common
 * layouts are recognised (BIDS sub-/ses-, PhysioNet SxxxRyy, BCI IV AxxT/E); otherwise both are "0" (XBrainLab's
 * default).
 */
import { basename, dirname, extname } from 'node:path';
import { XBrainError } from '../errors';

export type NamingRule =
  | { mode: 'separator'; separator: string; subjectIndex?: number; sessionIndex?: number }
  | { mode: 'regex'; pattern: string }
  | { mode: 'folder'; sessionFromFile?: boolean };

export interface SubjectSession {
  subject: string;
  session: string;
}

const KNOWN: RegExp[] = [
  /sub-(?<subject>[A-Za-z0-9]+)(?:.*?ses-(?<session>[A-Za-z0-9]+))?/,
  /(?:^|[_-])S(?<subject>\d{3})R(?<session>\d{2})$/,
  /^A(?<subject>\d{2})(?<session>[TE])$/,
];

export function subjectSessionFromPath(path: string, rule?: NamingRule): SubjectSession {
  const stem = basename(path, extname(path));
  if (!rule) {
    for (const re of KNOWN) {
      const m = stem.match(re);
      if (m?.groups) return { subject: m.groups.subject ?? '0', session: m.groups.session ?? '0' };
    }
    return { subject: '0', session: '0' };
  }
  if (rule.mode === 'separator') {
    const parts = stem.split(rule.separator);
    const pick = (i: number | undefined, what: string): string => {
      if (i === undefined) return '0';
      if (!Number.isInteger(i) || i < 1 || i > parts.length) {
        throw new XBrainError(
          'invalid_arguments',
          `${path}: ${what} index ${i} is outside the ${parts.length} parts of "${stem}" split by "${rule.separator}"`,
          { field: `${what}Index` },
        );
      }
      return parts[i - 1];
    };
    return { subject: pick(rule.subjectIndex, 'subject'), session: pick(rule.sessionIndex, 'session') };
  }
  if (rule.mode === 'regex') {
    let re: RegExp;
    // a repeated group that itself repeats, e.g. (a+)+ or (\w*)*, can take exponential time on a file name
    if (/\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)[+*{]/.test(rule.pattern)) {
      throw new XBrainError(
        'invalid_arguments',
        `naming pattern "${rule.pattern}" repeats a group that repeats inside (like (a+)+), which can take exponential time; write it without the nested repetition`,
        { field: 'pattern', parameter: 'subject_pattern' },
      );
    }
    try {
      re = new RegExp(rule.pattern.replace(/\(\?P</g, '(?<'));
    } catch (e) {
      throw new XBrainError('invalid_arguments', `naming pattern "${rule.pattern}" is not a valid regular expression: ${(e as Error).message}`, {
        field: 'pattern',
      });
    }
    const m = stem.match(re);
    return { subject: m?.groups?.subject ?? '0', session: m?.groups?.session ?? '0' };
  }
  return { subject: basename(dirname(path)) || '0', session: rule.sessionFromFile ? stem : '0' };
}
