/**
 * Reads `key=value` pairs out of a chat prompt (values are JSON when they parse, else strings) and returns the
 * remaining words. `/epoch t_min=0 t_max=4 event_id=["T1","T2"]` → {t_min: 0, t_max: 4, event_id: [...]}.
 * Pure (no vscode) so it is unit-testable.
 */
export function parsePromptArgs(prompt: string): { args: Record<string, unknown>; rest: string[] } {
  const args: Record<string, unknown> = {};
  const rest: string[] = [];
  const re = /(\w+)\s*=\s*(\[[^\]]*\]|\{[^}]*\}|"[^"]*"|\S+)|("[^"]*"|\S+)/g;
  for (const m of prompt.matchAll(re)) {
    if (m[1]) args[m[1]] = parseValue(m[2]);
    else if (m[3]) rest.push(m[3].replace(/^"|"$/g, ''));
  }
  return { args, rest };
}

function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

/** Two bare numbers in a prompt ("/epoch 0 4", "/preprocess 8 30") as a range. */
export function numbersIn(words: string[]): number[] {
  return words.map((w) => Number(w.replace(/hz$/i, ''))).filter((n) => Number.isFinite(n));
}
