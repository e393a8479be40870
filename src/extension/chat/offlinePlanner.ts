/**
 * The rule-based planner behind the "XBrain Offline" model: one request → at most one tool call, decided from
 * keywords and numbers in the user's words. Pure (no vscode) so it is unit-testable. When src/core/agent's offline
 * planner is on main this adapter should delegate to it; the contract (text in, one tool call or text out) stays.
 */
export type OfflineStep = { kind: 'call'; tool: string; args: Record<string, unknown> } | { kind: 'text'; text: string };

const FILE_RE = /[\w./\\-]+\.(edf|bdf|gdf|set|vhdr|fif|cnt|raw|mat|npy)\b/gi;

export function planOffline(userText: string, available: (tool: string) => boolean): OfflineStep {
  const t = userText.toLowerCase();
  const nums = [...t.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
  const files = [...userText.matchAll(FILE_RE)].map((m) => m[0]);
  const call = (tool: string, args: Record<string, unknown> = {}): OfflineStep =>
    available(tool) ? { kind: 'call', tool, args } : { kind: 'text', text: `${tool} is not available right now; ask for the study status to see what is.` };
  if (files.length > 0 && /\b(load|open|read|import)\b/.test(t)) return call('load_data', { paths: files });
  if (/\b(status|state|stage|where)\b/.test(t)) return call('get_study_state');
  if (/\bnotch\b/.test(t)) return call('apply_notch_filter', { freq: nums[0] ?? 50 });
  if (/\b(band-?pass|filter)\b/.test(t) && nums.length >= 2) return call('apply_bandpass_filter', { low_freq: nums[0], high_freq: nums[1] });
  if (/\bpreprocess/.test(t)) return call('apply_standard_preprocess', nums.length >= 2 ? { l_freq: nums[0], h_freq: nums[1] } : {});
  if (/\bepoch/.test(t)) return call('epoch_data', nums.length >= 2 ? { t_min: nums[0], t_max: nums[1] } : { t_min: 0, t_max: 2 });
  if (/\b(split|dataset)\b/.test(t)) return call('generate_dataset');
  if (/\btrain/.test(t)) return call('start_training');
  if (/\bevaluat/.test(t)) return call('evaluate');
  if (/\b(saliency|explain)\b/.test(t)) return call('compute_saliency');
  if (/\b(describe|info|channels?|events?)\b/.test(t)) return call('get_dataset_info');
  return { kind: 'text', text: 'XBrain Offline understands: load FILE, status, filter LOW HIGH, notch HZ, preprocess, epoch TMIN TMAX, split, train, evaluate, explain, describe.' };
}

/** After tool results come back, the offline model answers with them verbatim (it has nothing to add). */
export function summarizeToolResults(results: string[]): string {
  return results.join('\n\n');
}
