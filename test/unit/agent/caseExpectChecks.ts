// The checks of an EvalCase's `expect` against the tool definitions, shared by the validators of every case file.
import { definitionByName } from '../../../src/core/tools/definitions';
import { validateArgs } from '../../../src/core/tools/validate';
import { STAGES } from '../../../src/core/study/types';
import type { EvalCase } from '../../../src/core/agent/evaluation';
import type { ToolDefinition } from '../../../src/core/tools/types';

/** Expected arguments are a subset: nothing is required of them (a distinct name keeps the validator's cache apart). */
const partial = (d: ToolDefinition): ToolDefinition => ({ ...d, name: `${d.name}#expected-subset`, parameters: { ...d.parameters, required: [] } });

/** Reports through `say` every problem of `c.expect` (known fields, route, stage, tool names, argument names and values, availability at the start stage). */
export function checkExpect(c: EvalCase, say: (m: string) => void): void {
  const e = c.expect;
  const known = new Set(['route', 'tools', 'args', 'stage', 'error']);
  for (const k of Object.keys(e)) if (!known.has(k)) say(`expect.${k} is not a field of EvalCase.expect`);
  if (e.route !== undefined && e.route !== 'qa' && e.route !== 'operation') say(`route ${e.route}`);
  if (e.stage !== undefined && !(STAGES as readonly string[]).includes(e.stage)) say(`expect.stage ${e.stage}`);
  const tools = e.tools ?? [];
  for (const t of tools) if (!definitionByName.has(t)) say(`no tool ${t}`);
  if (e.args) {
    if (!e.tools) say('args without tools');
    if (e.args.length > tools.length) say('more args than tools');
    e.args.forEach((a, i) => {
      const def = definitionByName.get(tools[i]);
      if (a === null || !def) return;
      for (const k of Object.keys(a)) if (!(k in def.parameters.properties)) say(`${def.name} has no parameter ${k}`);
      const v = validateArgs(partial(def), a);
      if (!v.ok) say(v.message);
    });
  }
  // A single-turn case's first tool must be offered at the stage the case starts from.
  if (c.turns.length === 1 && tools.length > 0 && !definitionByName.get(tools[0])?.stages.includes(c.stage)) say(`${tools[0]} is not available at ${c.stage}`);
}
