import * as vscode from 'vscode';
import type { SessionHost } from '../sessionHost';
import { backendSettingsOf, listBackends, type BackendAvailability } from '../../core/training/backends';
import { definitionByName } from '../../core/tools/definitions';
import { checkNumber, PromptCancelled } from './argPrompts';
import { backendItems, checkSweepGrid, sweepRunCount } from './sweepArgs';

/** listBackends probes python and slurm in child processes (the python probe cached): behind a progress notification. */
export function probeBackends(host: SessionHost): Thenable<BackendAvailability[]> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'XBrain: checking trainer backends…' }, () =>
    listBackends(backendSettingsOf(host.session.env)),
  );
}

/** `XBrain: Show Trainer Backends`: local / pytorch / slurm with availability and, when unavailable, why. */
export async function showBackends(host: SessionHost, out: vscode.OutputChannel): Promise<BackendAvailability[]> {
  const list = await probeBackends(host);
  for (const b of list) out.appendLine(`[backends] ${b.name}: ${b.available ? 'available' : 'unavailable'} — ${b.detail}`);
  const pick = vscode.window.showQuickPick(
    [
      ...backendItems(list),
      { label: '$(gear) Set the Python interpreter…', description: 'xbrain.python', detail: 'used by the pytorch backend', name: '', available: true },
    ],
    { title: 'XBrain: trainer backends', placeHolder: 'Each backend and whether it can run here' },
  );
  void pick.then((p) => p && !p.name && vscode.commands.executeCommand('workbench.action.openSettings', 'xbrain.python'));
  return list;
}

/**
 * `XBrain: Run Sweep…` prompts: the grid as JSON (checked against configure_training's parameters), folds, repeats
 * and a backend picked from what is available here. run_sweep's confirmation then states how many runs it starts.
 */
export async function promptSweep(host: SessionHost): Promise<Record<string, unknown>> {
  const props = definitionByName.get('run_sweep')!.parameters.properties;
  const grid = await vscode.window.showInputBox({
    title: 'XBrain: Run Sweep (1/4): grid',
    prompt: 'Training options to vary, as JSON: each option maps to a list of values',
    ignoreFocusOut: true,
    value: '{"learning_rate": [0.001, 0.0005]}',
    validateInput: checkSweepGrid,
  });
  if (grid === undefined) throw new PromptCancelled();
  const int = async (name: 'folds' | 'repeats', step: number): Promise<number> => {
    const raw = await vscode.window.showInputBox({
      title: `XBrain: Run Sweep (${step}/4): ${name}`,
      ignoreFocusOut: true,
      value: String(props[name].default ?? 1),
      prompt: name === 'folds' ? 'Dataset splits (folds) to train on' : 'Repeats per fold and grid point (different seeds)',
      validateInput: (t) => (t.trim() === '' ? `${name} is required` : checkNumber(name, props[name], t)),
    });
    if (raw === undefined) throw new PromptCancelled();
    return Number(raw);
  };
  const folds = await int('folds', 2);
  const repeats = await int('repeats', 3);
  const items = backendItems(await probeBackends(host));
  const parsed = JSON.parse(grid) as Record<string, unknown[]>;
  const pick = await vscode.window.showQuickPick(items, {
    title: `XBrain: Run Sweep (4/4): backend — ${sweepRunCount(parsed, folds, repeats)} run(s)`,
    ignoreFocusOut: true,
  });
  if (!pick) throw new PromptCancelled();
  if (!pick.available) {
    void vscode.window.showWarningMessage(`XBrain: the ${pick.name} backend is not available: ${pick.detail}`);
    throw new PromptCancelled();
  }
  return { grid: parsed, folds, repeats, backend: pick.name };
}
