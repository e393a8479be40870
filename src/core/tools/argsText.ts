import type { ToolArgs } from './types';

/** Tool arguments as one line, `name=JSON` joined by ', ' (progress lines, run summaries, confirmation messages). */
export function toolArgsSummary(args: ToolArgs): string {
  return Object.entries(args)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
}
