import * as vscode from 'vscode';
import type { SessionHost } from '../sessionHost';
import { stageStatus } from './stageText';

/** Shows the stage (by its contract name, as everywhere else) and training progress; clicking it shows the Study view. */
export function createStatusBar(host: SessionHost): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('xbrain.stage', vscode.StatusBarAlignment.Left, 50);
  item.name = 'XBrain stage';
  item.command = 'xbrain.study.focus';
  const update = () => {
    const { text, tooltip } = stageStatus(host.session.study.state, host.trusted);
    item.text = text;
    item.tooltip = tooltip;
  };
  update();
  item.show();
  const sub = host.onDidChange(update);
  return vscode.Disposable.from(item, sub);
}
