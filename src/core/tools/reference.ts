import { TOOL_DEFINITIONS } from './definitions';
import type { JsonSchema } from './types';

function typeOf(s: JsonSchema): string {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' \\| ');
  if (s.type === 'array') return `${s.items ? typeOf(s.items) : 'any'}[]`;
  if (s.type === undefined) return 'any';
  return typeof s.type === 'string' ? s.type : s.type.join(' \\| ');
}

/** The tool reference in markdown, generated from the registry so it can never drift from the code. */
export function renderToolReference(): string {
  const out: string[] = [
    '# XBrain tool reference',
    '',
    '<!-- Generated from src/core/tools/definitions by `npm run gen:docs`. Do not edit by hand. -->',
    '',
    'Every way into XBrain (chat, command palette, notebook cells, the `xbrain` CLI, MCP) runs these tools on the same Study.',
    'A tool is offered only in the stages listed; tools marked *confirm* first return a `confirm` result saying what will happen.',
    '',
  ];
  for (const d of TOOL_DEFINITIONS) {
    out.push(`## ${d.name}`, '', d.description, '', `- Stages: ${d.stages.join(', ')}`, `- Category: ${d.category}${d.needsConfirmation ? ' · confirm' : ''}`);
    const props = Object.entries(d.parameters.properties);
    if (props.length) {
      out.push('', '| parameter | type | required | default | range | description |', '| --- | --- | --- | --- | --- | --- |');
      for (const [name, s] of props) {
        const req = d.parameters.required?.includes(name) ? 'yes' : '';
        const def = s.default === undefined ? '' : JSON.stringify(s.default);
        out.push(`| ${name} | ${typeOf(s)} | ${req} | ${def} | ${rangeOf(s)} | ${(s.description ?? '').replace(/\|/g, '\\|')} |`);
      }
    } else out.push('', 'No parameters.');
    // An update tool requires nothing; its example shows the first settings it changes.
    const shown = d.updates ? props.slice(0, 3) : props.filter(([n]) => d.parameters.required?.includes(n));
    const example = Object.fromEntries(shown.map(([n, s]) => [n, s.examples?.[0] ?? s.default ?? exampleFor(s)]));
    out.push(
      '',
      'Notebook cell:',
      '',
      '```xbrain',
      `${d.name}(${Object.entries(example)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(', ')})`,
      '```',
      '',
    );
  }
  return out.join('\n');
}

/** The schema's bounds in words, e.g. "> 0", "1–16", "< 1", "≥ 1 items" (the knowledge base answers range questions from it). */
function rangeOf(s: JsonSchema): string {
  const lo = s.minimum !== undefined ? `${s.minimum}` : s.exclusiveMinimum !== undefined ? `> ${s.exclusiveMinimum}` : null;
  const hi = s.maximum !== undefined ? `${s.maximum}` : s.exclusiveMaximum !== undefined ? `< ${s.exclusiveMaximum}` : null;
  const parts: string[] = [];
  if (s.minimum !== undefined && s.maximum !== undefined) parts.push(`${s.minimum}–${s.maximum}`);
  else {
    if (lo) parts.push(s.minimum !== undefined ? `≥ ${lo}` : lo);
    if (hi) parts.push(s.maximum !== undefined ? `≤ ${hi}` : hi);
  }
  if (s.minItems !== undefined || s.maxItems !== undefined)
    parts.push(s.minItems === s.maxItems ? `${s.minItems} items` : `${s.minItems ?? 0}–${s.maxItems ?? '∞'} items`.replace('–∞ items', '+ items'));
  return parts.join(', ');
}

function exampleFor(s: JsonSchema): unknown {
  if (s.enum) return s.enum[0];
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return '...';
  }
}
