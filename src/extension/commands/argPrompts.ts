import * as vscode from 'vscode';
import type { JsonSchema, ToolDefinition } from '../../core/tools/types';
import type { StudyState } from '../../core/study/types';

/** Thrown when the user dismisses a prompt: the command stops without calling the tool. */
export class PromptCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** Checks one typed value against the parameter's schema bounds; returns the message to show, or null. */
export function checkNumber(name: string, s: JsonSchema, raw: string): string | null {
  if (raw.trim() === '') return null;
  const v = Number(raw);
  if (!Number.isFinite(v)) return `${name} must be a number`;
  if (s.type === 'integer' && !Number.isInteger(v)) return `${name} must be a whole number`;
  if (s.minimum !== undefined && v < s.minimum) return `${name} must be ≥ ${s.minimum}`;
  if (s.maximum !== undefined && v > s.maximum) return `${name} must be ≤ ${s.maximum}`;
  if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) return `${name} must be > ${s.exclusiveMinimum}`;
  if (s.exclusiveMaximum !== undefined && v >= s.exclusiveMaximum) return `${name} must be < ${s.exclusiveMaximum}`;
  return null;
}

const EEG_EXTENSIONS = ['edf', 'bdf', 'gdf', 'set', 'vhdr', 'fif', 'cnt', 'raw', 'mat', 'npy'];

/**
 * Asks for a tool's parameters with quick picks / input boxes built from its JSON Schema: enums and booleans are
 * picks with the default first, numbers are validated input boxes pre-filled with the default, channel and event
 * lists are multi-selects over what the Study holds. Optional parameters may be left empty.
 */
export async function promptArguments(
  def: ToolDefinition,
  state: Readonly<StudyState>,
  ask?: string[],
  dataFolders: string[] = [],
): Promise<Record<string, unknown>> {
  const props = def.parameters.properties;
  const names = ask ?? Object.keys(props);
  const required = new Set(def.parameters.required ?? []);
  const args: Record<string, unknown> = {};
  const step = { i: 0, n: names.length };
  for (const name of names) {
    step.i++;
    // A settings update starts each prompt from the Study's current value, which is what leaving it alone keeps.
    const current = def.updates ? (state[def.updates] as Record<string, unknown> | null | undefined)?.[name] : undefined;
    const s = current === undefined ? props[name] : { ...props[name], default: current };
    const title = `${def.summary} (${step.i}/${step.n}): ${name}`;
    const v = await promptOne(def.name, name, s, required.has(name), title, state, dataFolders);
    if (v !== undefined) args[name] = v;
  }
  return args;
}

async function promptOne(
  tool: string,
  name: string,
  s: JsonSchema,
  required: boolean,
  title: string,
  state: Readonly<StudyState>,
  dataFolders: string[],
): Promise<unknown> {
  const hint = s.description ?? '';
  if (tool === 'load_data' && name === 'paths') return pickEegFiles(title, dataFolders);
  if (Array.isArray(s.enum)) {
    const items = s.enum.map((e) => ({ label: String(e), description: e === s.default ? 'default' : undefined, value: e }));
    items.sort((a, b) => Number(b.value === s.default) - Number(a.value === s.default));
    if (!required) items.push({ label: '(leave unset)', description: undefined, value: undefined });
    const pick = await vscode.window.showQuickPick(items, { title, placeHolder: hint || `Choose ${name}`, ignoreFocusOut: true });
    if (!pick) throw new PromptCancelled();
    return pick.value;
  }
  if (s.type === 'boolean') {
    const items = [true, false].map((b) => ({ label: b ? 'yes' : 'no', description: b === s.default ? 'default' : undefined, value: b }));
    const pick = await vscode.window.showQuickPick(items, { title, placeHolder: hint || name, ignoreFocusOut: true });
    if (!pick) throw new PromptCancelled();
    return pick.value;
  }
  if (s.type === 'array' && s.items?.type === 'string') {
    const options = name === 'channels' ? channelNames(state) : name === 'event_id' ? eventNames(state) : ((s.items as { enum?: string[] }).enum ?? []);
    if (options.length > 0) {
      const fromEnum = name !== 'channels' && name !== 'event_id';
      const defaults = Array.isArray(s.default) ? (s.default as unknown[]) : [];
      const picks = await vscode.window.showQuickPick(
        options.map((label) => ({ label, picked: fromEnum && defaults.includes(label) })),
        {
          title,
          placeHolder:
            hint || `Select ${name}${required ? '' : fromEnum ? ` (none selected = ${defaults.join(', ') || 'default'})` : ' (none selected = all)'}`,
          canPickMany: true,
          ignoreFocusOut: true,
        },
      );
      if (!picks) throw new PromptCancelled();
      return picks.length > 0 ? picks.map((p) => p.label) : required ? promptOne(tool, name, s, required, title, state, dataFolders) : undefined;
    }
  }
  const isNumber = s.type === 'number' || s.type === 'integer';
  const isJson = s.type === 'object' || s.type === 'array' || Array.isArray(s.type) || s.anyOf !== undefined;
  const raw = await vscode.window.showInputBox({
    title,
    prompt: `${hint}${isJson ? ' (JSON)' : ''}${required ? '' : ' — optional, leave empty to skip'}`,
    value: s.default !== undefined ? (isJson ? JSON.stringify(s.default) : String(s.default)) : '',
    placeHolder: s.default !== undefined ? `default: ${JSON.stringify(s.default)}` : undefined,
    ignoreFocusOut: true,
    validateInput: (text) => {
      if (text.trim() === '') return required && s.default === undefined ? `${name} is required` : null;
      if (isNumber) return checkNumber(name, s, text);
      if (isJson) {
        try {
          JSON.parse(text);
        } catch {
          return `${name} must be JSON, e.g. ${s.type === 'object' ? '{"a": "b"}' : '[1, 2]'}`;
        }
      }
      return null;
    },
  });
  if (raw === undefined) throw new PromptCancelled();
  if (raw.trim() === '') return s.default;
  if (isNumber) return Number(raw);
  if (isJson) return JSON.parse(raw);
  return raw;
}

function channelNames(state: Readonly<StudyState>): string[] {
  if (state.epochs) return state.epochs.channels;
  return state.recordings[0]?.channels.map((c) => c.name) ?? [];
}

function eventNames(state: Readonly<StudyState>): string[] {
  const names = new Set<string>();
  for (const r of state.recordings) for (const k of Object.keys(r.events.eventId)) names.add(k);
  return [...names].sort();
}

/** EEG files in the workspace and the configured data folders, plus a "Browse…" entry for anything else. */
async function pickEegFiles(title: string, dataFolders: string[]): Promise<string[]> {
  const glob = `**/*.{${EEG_EXTENSIONS.join(',')}}`;
  const found = await vscode.workspace.findFiles(glob, '**/{node_modules,.xbrain}/**', 2000);
  for (const folder of dataFolders) {
    const more = await vscode.workspace.findFiles(new vscode.RelativePattern(vscode.Uri.file(folder), glob), null, 2000);
    found.push(...more);
  }
  const browse = { label: '$(folder-opened) Browse…', description: 'choose files outside the workspace', path: '' };
  const items = found
    .map((u) => ({ label: vscode.workspace.asRelativePath(u), description: undefined as string | undefined, path: u.fsPath }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const picks = await pickMany([...items, browse], title, 'EEG files to load (Enter loads the highlighted file when none is checked)');
  if (!picks || picks.length === 0) throw new PromptCancelled();
  if (picks.some((p) => p === browse)) {
    const uris = await vscode.window.showOpenDialog({ canSelectMany: true, canSelectFolders: true, openLabel: 'Load', filters: { EEG: EEG_EXTENSIONS } });
    if (!uris || uris.length === 0) throw new PromptCancelled();
    return [...picks.filter((p) => p !== browse).map((p) => p.path), ...uris.map((u) => u.fsPath)];
  }
  return picks.map((p) => p.path);
}

/** A multi-select pick where Enter with nothing checked takes the highlighted item (what people expect after typing a name). */
function pickMany<T extends vscode.QuickPickItem>(items: T[], title: string, placeholder: string): Promise<T[] | undefined> {
  return new Promise((resolve) => {
    const qp = vscode.window.createQuickPick<T>();
    Object.assign(qp, { title, placeholder, items, canSelectMany: true, ignoreFocusOut: true });
    let done = false;
    qp.onDidAccept(() => {
      done = true;
      // In multi-select mode the list is not focused after typing, so also accept a filter that matches one item.
      const typed = qp.value.trim().toLowerCase();
      const matching = typed ? items.filter((i) => i.label.toLowerCase().includes(typed)) : [];
      resolve(qp.selectedItems.length > 0 ? [...qp.selectedItems] : qp.activeItems.length > 0 ? [...qp.activeItems] : matching.length === 1 ? matching : []);
      qp.hide();
    });
    qp.onDidHide(() => {
      if (!done) resolve(undefined);
      qp.dispose();
    });
    qp.show();
  });
}
