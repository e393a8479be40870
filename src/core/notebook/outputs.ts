import type { ToolResult } from '../tools/result';
import type { StudyState } from '../study/types';
import type { NotebookOutput } from './format';
import { XBRAIN_MIME, renderRequests, type RenderRequest } from '../mime';
import { trainingPayload } from '../training/curves';

export const ERROR_MIME = 'application/vnd.code.notebook.error';

/**
 * Rich outputs for a result that brings none of its own: tools that only report a summary still get the picture the
 * Study already holds (the training curves of start_training / run_sweep).
 */
export function fallbackRenders(result: ToolResult, state: Readonly<StudyState>): RenderRequest[] {
  if (result.type === 'error' || result.type === 'confirm') return [];
  if (renderRequests(result.meta).length > 0) return [];
  if ((result.tool === 'start_training' || result.tool === 'run_sweep') && state.runs.length > 0) {
    return [{ mime: XBRAIN_MIME.training, data: trainingPayload(state.runs) }];
  }
  return [];
}

/**
 * One tool result as notebook outputs: its text (or an error output), then one output per rich payload. The output
 * metadata keeps the tool name and result type so a saved notebook says what produced what.
 */
export function resultOutputs(result: ToolResult, state?: Readonly<StudyState>): NotebookOutput[] {
  const metadata = { tool: result.tool, type: result.type, ...(result.error ? { error: result.error } : {}) };
  if (result.type === 'error') {
    const err = { name: result.error?.code ?? 'error', message: `${result.tool}: ${result.content}`, stack: '' };
    return [{ items: [{ mime: ERROR_MIME, data: JSON.stringify(err) }], metadata }];
  }
  const outs: NotebookOutput[] = [{ items: [{ mime: 'text/plain', data: result.content }], metadata }];
  const renders = [...renderRequests(result.meta), ...(state ? fallbackRenders(result, state) : [])];
  for (const r of renders) outs.push({ items: [{ mime: r.mime, data: r.data }], metadata: { tool: result.tool } });
  return outs;
}
