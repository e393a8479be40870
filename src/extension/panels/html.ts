import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import type { PanelKind } from './kinds';

/** The panel page: one nonce'd script (the panels bundle), no eval, styles inline only for plotly's injected rules. */
export function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri, kind: PanelKind): string {
  const nonce = randomBytes(16).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'panels.js'));
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource} 'unsafe-inline'`,
    `img-src ${webview.cspSource} data: blob:`,
    `font-src ${webview.cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>XBrain ${kind}</title></head>
<body data-kind="${kind}">
  <header id="bar"><h2 id="title">XBrain</h2><div id="controls"></div></header>
  <p id="summary"></p>
  <div id="plot" role="img" aria-label="${kind} plot"></div>
  <div id="table"></div>
  <p id="empty" hidden></p>
  <script nonce="${nonce}" src="${script}"></script>
</body></html>`;
}
