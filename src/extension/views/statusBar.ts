import * as vscode from 'vscode';
import type { SessionHost } from '../sessionHost';

const LABEL: Record<string, string> = {
  empty: 'no data', data_loaded: 'data loaded', preprocessed: 'epoched', dataset_ready: 'dataset ready', training: 'training…', trained: 'trained',
};

/** Shows the stage; clicking it shows the Study view. */
export function createStatusBar(host: SessionHost): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('xbrain.stage', vscode.StatusBarAlignment.Left, 50);
  item.name = 'XBrain stage';
  item.command = 'xbrain.study.focus';
  const update = () => {
    const stage = host.stage;
    item.text = `$(${stage === 'training' ? 'sync~spin' : 'pulse'}) XBrain: ${LABEL[stage] ?? stage}${host.trusted ? '' : ' (read-only)'}`;
    item.tooltip = host.trusted ? `XBrain stage: ${stage}` : `XBrain stage: ${stage}. The workspace is not trusted: no training and no agent tools.`;
  };
  update();
  item.show();
  const sub = host.onDidChange(update);
  return vscode.Disposable.from(item, sub);
}
