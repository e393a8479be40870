import * as vscode from 'vscode';

/** The extension's settings (contributes.configuration in contributes/extension.json). */
export interface XBrainSettings {
  endpointUrl: string;
  model: string;
  offlineByDefault: boolean;
  trainerThreads: number;
  dataFolders: string[];
  /** interpreter for the pytorch trainer backend; empty = auto-detect */
  python: string;
}

export function readSettings(): XBrainSettings {
  const c = vscode.workspace.getConfiguration('xbrain');
  return {
    endpointUrl: c.get<string>('llm.endpointUrl', ''),
    model: c.get<string>('llm.model', ''),
    offlineByDefault: c.get<boolean>('llm.offline', true),
    trainerThreads: c.get<number>('training.threads', 0),
    dataFolders: c.get<string[]>('data.folders', []),
    python: c.get<string>('python', '').trim(),
  };
}

const inheritedPython = process.env.XBRAIN_PYTHON;

/**
 * The core probes pytorch interpreters in the order BackendSettings.python, $XBRAIN_PYTHON, python3, … and its tools
 * (configure_training, start_training, run_sweep) build their BackendSettings from the ToolEnv alone, so the
 * `xbrain.python` setting reaches every probe through XBRAIN_PYTHON in the extension host's environment. An empty
 * setting restores what the host inherited.
 */
export function applyPythonSetting(python = readSettings().python): void {
  if (python) process.env.XBRAIN_PYTHON = python;
  else if (inheritedPython !== undefined) process.env.XBRAIN_PYTHON = inheritedPython;
  else delete process.env.XBRAIN_PYTHON;
}

export const API_KEY_SECRET = 'xbrain.llm.apiKey';
