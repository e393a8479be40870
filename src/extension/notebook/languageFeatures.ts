import * as vscode from 'vscode';
import { completionsAt, hoverAt } from '../../core/notebook/language';
import { diagnoseNotebook, type CellDiagnostic } from '../../core/notebook/diagnostics';
import { CELL_LANGUAGE, NOTEBOOK_TYPE } from './convert';

const SELECTOR: vscode.DocumentSelector = { language: CELL_LANGUAGE };

function range(doc: vscode.TextDocument, start: number, end: number): vscode.Range {
  return new vscode.Range(doc.positionAt(start), doc.positionAt(end));
}

const SEVERITY: Record<CellDiagnostic['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

const KIND = { tool: vscode.CompletionItemKind.Function, parameter: vscode.CompletionItemKind.Property, value: vscode.CompletionItemKind.Value } as const;

/** Completion, hover and diagnostics for `xbrain` cells; the logic lives in core (src/core/notebook/language.ts). */
export function registerLanguageFeatures(isImplemented?: () => ((tool: string) => boolean) | undefined): vscode.Disposable[] {
  const collection = vscode.languages.createDiagnosticCollection('xbrain');

  const refresh = (nb: vscode.NotebookDocument) => {
    if (nb.notebookType !== NOTEBOOK_TYPE) return;
    const cells = nb.getCells();
    const all = diagnoseNotebook(
      cells.map((c) => ({
        kind: c.kind === vscode.NotebookCellKind.Code && c.document.languageId === CELL_LANGUAGE ? 'code' : 'markdown',
        source: c.document.getText(),
      })),
      { isImplemented: isImplemented?.() },
    );
    cells.forEach((c, i) => {
      const doc = c.document;
      collection.set(
        doc.uri,
        all[i].map((d) => {
          const diag = new vscode.Diagnostic(range(doc, d.span.start, d.span.end), d.message, SEVERITY[d.severity]);
          diag.source = 'xbrain';
          diag.code = d.code;
          return diag;
        }),
      );
    });
  };

  const pending = new Map<vscode.NotebookDocument, ReturnType<typeof setTimeout>>();
  const schedule = (nb: vscode.NotebookDocument) => {
    clearTimeout(pending.get(nb));
    pending.set(
      nb,
      setTimeout(() => (pending.delete(nb), refresh(nb)), 150),
    );
  };
  const notebookOf = (doc: vscode.TextDocument) => vscode.workspace.notebookDocuments.find((nb) => nb.getCells().some((c) => c.document === doc));

  vscode.workspace.notebookDocuments.forEach(refresh);
  return [
    collection,
    vscode.workspace.onDidOpenNotebookDocument(refresh),
    vscode.workspace.onDidChangeNotebookDocument((e) => schedule(e.notebook)),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.languageId !== CELL_LANGUAGE) return;
      const nb = notebookOf(e.document);
      if (nb) schedule(nb);
    }),
    vscode.workspace.onDidCloseNotebookDocument((nb) => nb.getCells().forEach((c) => collection.delete(c.document.uri))),
    vscode.languages.registerCompletionItemProvider(
      SELECTOR,
      {
        provideCompletionItems(doc, pos) {
          const offset = doc.offsetAt(pos);
          return completionsAt(doc.getText(), offset).map((c) => {
            const item = new vscode.CompletionItem(c.label, KIND[c.kind]);
            item.detail = c.detail;
            item.documentation = new vscode.MarkdownString(c.documentation);
            item.insertText = c.snippet ? new vscode.SnippetString(c.snippet) : c.insertText;
            item.range = range(doc, c.replace.start, c.replace.end);
            if (c.kind === 'parameter') item.command = { command: 'editor.action.triggerSuggest', title: 'values' };
            return item;
          });
        },
      },
      '(',
      ',',
      '=',
      ' ',
      '"',
    ),
    vscode.languages.registerHoverProvider(SELECTOR, {
      provideHover(doc, pos) {
        const h = hoverAt(doc.getText(), doc.offsetAt(pos));
        return h ? new vscode.Hover(new vscode.MarkdownString(h.markdown), range(doc, h.span.start, h.span.end)) : null;
      },
    }),
    new vscode.Disposable(() => pending.forEach((t) => clearTimeout(t))),
  ];
}
