/**
 * Output MIME types rendered by the XBrain notebook renderer (ARCHITECTURE.md §5, contract) and their payloads.
 * Payloads are plain JSON so they render in any notebook that emits them (Jupyter included). Signal values are in
 * microvolts and already downsampled by core: the renderer only draws.
 */
export const XBRAIN_MIME = {
  epochs: 'application/vnd.xbrain.epochs+json',
  training: 'application/vnd.xbrain.training+json',
  metrics: 'application/vnd.xbrain.metrics+json',
  saliency: 'application/vnd.xbrain.saliency+json',
} as const;

export type XBrainMime = (typeof XBRAIN_MIME)[keyof typeof XBRAIN_MIME];

export const XBRAIN_MIMES: readonly XBrainMime[] = Object.values(XBRAIN_MIME);

export interface EpochsPayload {
  sfreq: number;
  /** seconds of each sample relative to the event */
  times: number[];
  channels: string[];
  unit: 'µV';
  /** a few single epochs (channels × times) with the event that defines them */
  traces: { epoch: number; label: string; data: number[][] }[];
  /** event markers on the time axis of the traces (seconds); the event itself is at 0 */
  markers: { time: number; label: string }[];
  /** mean per class (channels × times) and how many epochs went into it */
  erp: { label: string; count: number; mean: number[][] }[];
}

export interface TrainingEpochPoint {
  epoch: number;
  train: { loss: number; accuracy: number };
  val?: { loss: number; accuracy: number };
  test?: { loss: number; accuracy: number };
}

export interface TrainingPayload {
  /** true while a run is still going: the renderer shows it as live and the output is replaced per epoch */
  live: boolean;
  runs: { id: string; name: string; status: string; points: TrainingEpochPoint[] }[];
}

export interface MetricsPayload {
  split: string;
  classes: string[];
  /** rows = true class, columns = predicted class */
  confusion: number[][];
  /** accuracy, kappa, auc, f1 … */
  metrics: Record<string, number>;
  perClass?: Record<string, Record<string, number>>;
}

export interface SaliencyPayload {
  method: string;
  channels: string[];
  times: number[];
  /** per class: |gradient| map (channels × times) */
  maps: { label: string; values: number[][] }[];
  /** per class: one value per channel on 2-D sensor positions (x, y in the unit head circle) */
  topomaps?: { positions: [number, number][]; values: { label: string; values: number[] }[] };
}

export interface MimePayloads {
  'application/vnd.xbrain.epochs+json': EpochsPayload;
  'application/vnd.xbrain.training+json': TrainingPayload;
  'application/vnd.xbrain.metrics+json': MetricsPayload;
  'application/vnd.xbrain.saliency+json': SaliencyPayload;
}

/**
 * How a tool asks for a rich output: put `render: {mime, data}` (or an array of them) into the result's `meta`.
 * The notebook runner, the CLI --json output and the chat all pass it through unchanged.
 */
export type RenderRequest = { [M in XBrainMime]: { mime: M; data: MimePayloads[M] } }[XBrainMime];

export function isXBrainMime(mime: unknown): mime is XBrainMime {
  return typeof mime === 'string' && (XBRAIN_MIMES as readonly string[]).includes(mime);
}

/** The render requests carried by a result's meta (invalid entries are ignored, never thrown). */
export function renderRequests(meta: Record<string, unknown>): RenderRequest[] {
  const r = meta.render;
  const list = Array.isArray(r) ? r : r ? [r] : [];
  return list.filter((x): x is RenderRequest => x !== null && typeof x === 'object' && isXBrainMime((x as { mime?: unknown }).mime) && 'data' in x);
}
