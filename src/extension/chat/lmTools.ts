import * as vscode from 'vscode';
import type { SessionHost } from '../sessionHost';
import { TOOL_DEFINITIONS } from '../../core/tools/definitions';
import { toolArgsSummary } from '../../core/tools/argsText';
import type { ToolDefinition } from '../../core/tools/types';
import { summarizeStudy } from '../../core/study/summary';
import { formatResult } from './render';

/** What the study holds, in one line, for confirmation messages ("2 recordings, 90 epochs, 1 split"). */
function studyLine(host: SessionHost): string {
  const s = summarizeStudy(host.session.study.state);
  const parts = [`${s.recordings.length} recording(s)`];
  if (s.epochs) parts.push(`${s.epochs.count} epochs`);
  if (s.dataset) parts.push(`${s.dataset.splits.length} split(s)`);
  if (s.runs.length) parts.push(`${s.runs.length} run(s)`);
  return `stage '${s.stage}', ${parts.join(', ')}`;
}

function argsLine(input: unknown): string {
  return toolArgsSummary((input ?? {}) as Record<string, unknown>) || 'defaults';
}

/** Registers every registry tool as `xbrain_<name>` for Copilot's agent mode; invocation goes through the session. */
export function registerLanguageModelTools(host: SessionHost): vscode.Disposable[] {
  return TOOL_DEFINITIONS.map((def) => vscode.lm.registerTool(`xbrain_${def.name}`, new RegistryTool(host, def)));
}

class RegistryTool implements vscode.LanguageModelTool<Record<string, unknown>> {
  constructor(
    private readonly host: SessionHost,
    private readonly def: ToolDefinition,
  ) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<Record<string, unknown>>): vscode.PreparedToolInvocation {
    const d = this.def;
    const invocationMessage = `XBrain: ${d.summary} (${argsLine(options.input)})`;
    if (!d.mutates && !d.needsConfirmation) return { invocationMessage };
    const what = d.needsConfirmation
      ? `**${d.summary}** with ${argsLine(options.input)} on the study (${studyLine(this.host)}). ${d.category === 'training' ? 'This starts a training job in a child process.' : 'This can discard work: ' + d.description.split('. ').find((x) => /remove|clear|undo|discard/i.test(x)) + '.'}`
      : `**${d.summary}** with ${argsLine(options.input)} changes the study (${studyLine(this.host)}).`;
    return { invocationMessage, confirmationMessages: { title: `XBrain: ${d.summary}?`, message: new vscode.MarkdownString(what) } };
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<Record<string, unknown>>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    if (!this.host.trusted) throw new Error('XBrain tools are disabled in an untrusted workspace; ask the user to trust the workspace.');
    const ac = new AbortController();
    const sub = token.onCancellationRequested(() => ac.abort());
    try {
      // VS Code has already shown the confirmation from prepareInvocation, so the call counts as confirmed.
      const r = await this.host.invoke(this.def.name, options.input, { confirmed: true, signal: ac.signal });
      if (r.type === 'error') throw new Error(formatResult(r));
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(formatResult(r))]);
    } finally {
      sub.dispose();
    }
  }
}
