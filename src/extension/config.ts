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

export const API_KEY_SECRET = 'xbrain.llm.apiKey';
