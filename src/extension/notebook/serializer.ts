import * as vscode from 'vscode';
import { parseNotebook, serializeNotebook } from '../../core/notebook/format';
import { fromNotebookData, toNotebookData } from './convert';

/** `*.xbrain` ⇄ NotebookData through the core format (the same bytes `xbrain run` reads). */
export class XBrainNotebookSerializer implements vscode.NotebookSerializer {
  deserializeNotebook(content: Uint8Array): vscode.NotebookData {
    // A bad file is an error VS Code shows, never a silently emptied notebook that a save would overwrite.
    return toNotebookData(parseNotebook(new TextDecoder().decode(content), 'notebook file'));
  }

  serializeNotebook(data: vscode.NotebookData): Uint8Array {
    return new TextEncoder().encode(serializeNotebook(fromNotebookData(data)));
  }
}
