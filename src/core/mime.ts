/**
 * Output MIME types rendered by the XBrain notebook renderer (docs/architecture.md §4, contract) and their payloads.
 * Payloads are plain JSON so they render in any notebook that emits them (Jupyter included). Signal values are in
 * microvolts and already downsampled by core: the renderer only draws.
 */
export const XBRAIN_MIME = {
  epochs: 'application/vnd.xbrain.epochs+json',
  training: 'application/vnd.xbrain.training+json',
  metrics: 'application/vnd.xbrain.metrics+json',
  saliency: 'application/vnd.xbrain.saliency+json',
  protocol: 'application/vnd.xbrain.protocol+json',
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

/** One curve: a metric of one run on one split, per epoch. */
export interface TrainingSeries {
  runId: string;
  label: string;
  split: 'train' | 'val' | 'test' | 'all';
  x: number[];
  y: number[];
  /** the series' metric when the payload mixes several (live curves carry loss and accuracy) */
  metric?: string;
}

/** plot_training's meta, and the live curve of a training cell. */
export interface TrainingPayload {
  metric: string;
  xLabel?: string;
  yLabel?: string;
  series: TrainingSeries[];
  runs: { id: string; splitName: string; repeat: number; status: string; seed?: number; model?: string }[];
  /** true while a run is still going: the output is replaced as epochs arrive */
  live?: boolean;
}

/** evaluate's meta: headline figures (mean over runs), pooled confusion, optional baseline. */
export interface MetricsPayload {
  split: string;
  classes: string[];
  /** rows = true class, columns = predicted class */
  confusion: number[][];
  accuracy?: number;
  balancedAccuracy?: number;
  kappa?: number;
  macroF1?: number;
  auc?: number;
  /** chance levels of the test set: 1/K, the majority class, the accuracy significant at p < 0.05 (null: too few trials) */
  chance?: { uniform: number; majority: number; significant: number | null };
  /** any further named figures */
  metrics?: Record<string, number>;
  baseline?: { method: string; accuracy?: number; kappa?: number; [k: string]: unknown } | null;
}

/** compute_saliency's meta: per-class maps (channels × times), their spectrogram and topomap values. */
export interface SaliencyPayload {
  method: string;
  classes: string[];
  channels: string[];
  sfreq: number;
  tmin: number;
  nTimes: number;
  maps: { class: string; n: number; map: number[][] }[];
  spectrogram?: { freqs: number[]; times: number[]; perClass: { class: string; values: number[][] }[] };
  topomap?: { montage: string | null; positions: Record<string, [number, number]>; missing: string[]; perClass: { class: string; values: number[] }[] };
}

/** run_protocol's figure: one score per subject and pipeline (paired points), the pipelines side by side. */
export interface ProtocolPayload {
  protocol: string;
  /** e.g. "ROC-AUC" or "accuracy" */
  metric: string;
  pipelines: string[];
  subjects: string[];
  /** scores[p][s]: pipeline p, subject s (null when the subject has no score for that pipeline) */
  scores: (number | null)[][];
  /** mean ± SD over subjects per pipeline */
  mean: number[];
  sd: number[];
  /** chance level of the metric (0.5 for two-class ROC-AUC, 1/K for accuracy) */
  chance: number;
}

export interface MimePayloads {
  'application/vnd.xbrain.epochs+json': EpochsPayload;
  'application/vnd.xbrain.training+json': TrainingPayload;
  'application/vnd.xbrain.metrics+json': MetricsPayload;
  'application/vnd.xbrain.saliency+json': SaliencyPayload;
  'application/vnd.xbrain.protocol+json': ProtocolPayload;
}

/**
 * How a tool asks for a rich output, either way: `meta.render = {mime, data}` (or an array of them), or `meta.mime`
 * set to an XBrain MIME type with the meta itself as the payload. Every front end passes it through unchanged.
 */
export type RenderRequest = { [M in XBrainMime]: { mime: M; data: MimePayloads[M] } }[XBrainMime];

/** A render request whose payload is checked against its MIME type at compile time. */
export function renderOf<M extends XBrainMime>(mime: M, data: MimePayloads[M]): { mime: M; data: MimePayloads[M] } {
  return { mime, data };
}

/** A result meta that is itself the payload of its MIME type (`meta.mime`), plus fields of its own. */
export type MimeMeta<M extends XBrainMime> = MimePayloads[M] & { mime: M };

export function isXBrainMime(mime: unknown): mime is XBrainMime {
  return typeof mime === 'string' && (XBRAIN_MIMES as readonly string[]).includes(mime);
}

/** The render requests carried by a result's meta (invalid entries are ignored, never thrown). */
export function renderRequests(meta: Record<string, unknown>): RenderRequest[] {
  const r = meta.render;
  const list = Array.isArray(r) ? r : r ? [r] : [];
  const out = list.filter((x): x is RenderRequest => x !== null && typeof x === 'object' && isXBrainMime((x as { mime?: unknown }).mime) && 'data' in x);
  if (isXBrainMime(meta.mime)) out.push({ mime: meta.mime, data: meta as never } as RenderRequest);
  return out;
}
