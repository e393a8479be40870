/** The XBrain webview panels (one view type each, restored after reload by a serializer). */
export const PANEL_KINDS = ['epochs', 'training', 'evaluation', 'saliency'] as const;
export type PanelKind = (typeof PANEL_KINDS)[number];

export const PANEL_TITLES: Record<PanelKind, string> = {
  epochs: 'XBrain: Epochs',
  training: 'XBrain: Training',
  evaluation: 'XBrain: Evaluation',
  saliency: 'XBrain: Saliency',
};

export const viewType = (k: PanelKind): string => `xbrain.panel.${k}`;

export function panelForTool(tool: string): PanelKind | null {
  switch (tool) {
    case 'plot_epochs':
    case 'epoch_data':
    case 'window_epoch':
      return 'epochs';
    case 'plot_training':
    case 'start_training':
    case 'run_sweep':
      return 'training';
    case 'evaluate':
    case 'run_protocol':
      return 'evaluation';
    case 'compute_saliency':
      return 'saliency';
    default:
      return null;
  }
}

/** The view a tool's result is shown in when its panel opens (run_protocol: the newest protocol result). */
export function panelViewForTool(tool: string): { mode?: string; index?: number } {
  switch (tool) {
    case 'run_protocol':
      return { mode: 'protocol', index: 0 };
    case 'evaluate':
      return { mode: 'metrics' };
    default:
      return {};
  }
}

/** switch_panel's panel names mapped to ours. */
export function panelForSwitch(name: string): PanelKind | null {
  switch (name) {
    case 'preprocess':
    case 'dataset':
    case 'dashboard':
      return 'epochs';
    case 'training':
      return 'training';
    case 'evaluation':
      return 'evaluation';
    case 'visualization':
      return 'saliency';
    default:
      return null;
  }
}

/** The palette command that opens a panel kind, e.g. xbrain.openEpochs (the manifest and activate() both use it). */
export const panelCommand = (k: PanelKind): string => `xbrain.open${k[0].toUpperCase()}${k.slice(1)}`;
