import { definitionByName } from '../../tools/definitions';
import type { PlannedCall } from '../../study/stateManager';

/**
 * Tool and parameter names typed as code: "`apply_bandpass_filter low=8 high=30`", "apply_notch_filter(freq=60)",
 * "generate_dataset test_ratio=0.2 seed=7", 「執行 `set_reference` method=average」. The call is read from the tool
 * definitions themselves: a tool named by its exact name (one with an underscore, so no ordinary word), then
 * key=value / key: value pairs, each key a parameter of that tool by its name, or the one parameter its name begins or
 * ends with (low → low_freq, high → high_freq), each value converted to the parameter's type. Several tools in one
 * message are calls in the order written. A tool name inside quotes or a file name ("reset_preprocessing_first.edf") is
 * data, and tools that throw work away (clear, reset, stop) are never read this way: their words go through the
 * planner's own safety rules; a negated, hedged or questioning message is left to the planner's scope rules.
 */

const NEVER = new Set(['clear_dataset', 'reset_preprocessing', 'stop_training']);
const NAMES = [...definitionByName.keys()].filter((n) => n.includes('_') && !NEVER.has(n)).sort((a, b) => b.length - a.length);
const TOOL = new RegExp(String.raw`(?<![\w./\\-])(${NAMES.join('|')})(?![\w-]|\.[a-z]\w*)`, 'g');
const PAIR = /([a-z][a-z_]*)\s*[=:]\s*("[^"]*"|'[^']*'|\[[^\]]*\]|[^\s,;)]+)/gi;
/** Quoted spans other than code (backticks): data, never a call. */
const QUOTED = /"[^"\n]*"|“[^”\n]*”|「[^」\n]*」|『[^』\n]*』/g;

function parameterOf(tool: string, key: string): string | null {
  const props = Object.keys(definitionByName.get(tool)?.parameters.properties ?? {});
  if (props.includes(key)) return key;
  const k = key.toLowerCase();
  const near = props.filter((p) => p.startsWith(`${k}_`) || p.endsWith(`_${k}`));
  return near.length === 1 ? near[0] : null;
}

function valueOf(tool: string, param: string, written: string): unknown {
  const spec = definitionByName.get(tool)?.parameters.properties[param] as { type?: string; items?: { type?: string } } | undefined;
  const raw = written.replace(/^["'](.*)["']$/, '$1');
  const num = (x: string) => (x.trim() !== '' && Number.isFinite(Number(x)) ? Number(x) : null);
  switch (spec?.type) {
    case 'number':
    case 'integer':
      return num(raw);
    case 'boolean':
      return /^(?:true|yes|1)$/i.test(raw) ? true : /^(?:false|no|0)$/i.test(raw) ? false : null;
    case 'array': {
      const items = raw
        .replace(/^\[|\]$/g, '')
        .split(/\s*,\s*/)
        .map((x) => x.replace(/^["'](.*)["']$/, '$1'))
        .filter(Boolean);
      return spec.items?.type === 'number' || spec.items?.type === 'integer' ? items.map(num) : items;
    }
    default:
      return raw;
  }
}

/** The calls typed as code in the request, or null when it types none (or a pair the tool cannot take). */
export function codeCalls(request: string): PlannedCall[] | null {
  const text = request.replace(QUOTED, (q) => ' '.repeat(q.length)).replace(/`/g, ' ');
  const found = [...text.matchAll(TOOL)];
  // "don't run apply_notch_filter freq=60": a negated or hedged message is read by the planner's scope rules
  if (!found.length || /\b(?:don'?t|do not|never|not|no|maybe|should|later)\b|不要|別|不用|勿|先不|要不要|嗎|[?？]/i.test(text)) return null;
  const calls: PlannedCall[] = [];
  for (let i = 0; i < found.length; i++) {
    const tool = found[i][1];
    const segment = text.slice(found[i].index + tool.length, i + 1 < found.length ? found[i + 1].index : text.length);
    const args: Record<string, unknown> = {};
    for (const [, key, value] of segment.matchAll(PAIR)) {
      const param = parameterOf(tool, key);
      const v = param ? valueOf(tool, param, value) : null;
      if (!param || v === null || (Array.isArray(v) && v.some((x) => x === null))) return null;
      args[param] = v;
    }
    if (!Object.keys(args).length) return null;
    calls.push({ tool, arguments: args });
  }
  return calls;
}
