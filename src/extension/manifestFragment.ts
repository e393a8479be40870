import { STAGE_COMMANDS, commandWhen } from './commands/table';
import { PANEL_KINDS, PANEL_TITLES, panelCommand } from './panels/kinds';

/**
 * The extension area's package.json contributions (src/extension/contributes/extension.json is this, written out;
 * a unit test keeps the two equal). Pure data so it needs no `vscode`.
 */
export function extensionContributes() {
  const hidden = ['xbrain.confirmTool', 'xbrain.panelSnapshot', 'xbrain.openPanel'];
  return {
    activationEvents: ['onStartupFinished', ...PANEL_KINDS.map((k) => `onWebviewPanel:xbrain.panel.${k}`)],
    contributes: {
      commands: [
        ...STAGE_COMMANDS.map((c) => ({ command: c.id, title: c.title, category: 'XBrain', enablement: commandWhen(c) })),
        ...PANEL_KINDS.map((k) => ({ command: panelCommand(k), title: `Open ${PANEL_TITLES[k].replace('XBrain: ', '')} Panel`, category: 'XBrain' })),
        { command: 'xbrain.openPanel', title: 'Open Panel…', category: 'XBrain' },
        { command: 'xbrain.showBackends', title: 'Show Trainer Backends', category: 'XBrain' },
        { command: 'xbrain.setApiKey', title: 'Set API Key', category: 'XBrain' },
        { command: 'xbrain.openAnalysisNotebook', title: 'Open Analysis as Notebook', category: 'XBrain' },
        { command: 'xbrain.confirmTool', title: 'Confirm Tool Call', category: 'XBrain' },
        { command: 'xbrain.panelSnapshot', title: 'Panel Snapshot (tests)', category: 'XBrain' },
      ],
      menus: {
        commandPalette: hidden.map((command) => ({ command, when: 'false' })),
        'view/title': [
          { command: 'xbrain.loadFiles', when: 'view == xbrain.study', group: 'navigation@1' },
          { command: 'xbrain.openEpochs', when: 'view == xbrain.study', group: 'navigation@2' },
        ],
      },
      viewsContainers: { activitybar: [{ id: 'xbrain', title: 'XBrain', icon: '$(pulse)' }] },
      views: { xbrain: [{ id: 'xbrain.study', name: 'Study', icon: '$(pulse)', contextualTitle: 'XBrain' }] },
      viewsWelcome: [{ view: 'xbrain.study', contents: 'No EEG data loaded.\n[Load EEG Files…](command:xbrain.loadFiles)', when: "xbrain.stage == 'empty'" }],
      configuration: {
        title: 'XBrain',
        properties: {
          'xbrain.llm.endpointUrl': {
            type: 'string',
            default: '',
            scope: 'machine-overridable',
            markdownDescription:
              'Base URL of an OpenAI-compatible endpoint (e.g. `http://localhost:11434/v1`). The API key is set with **XBrain: Set API Key** and kept in SecretStorage.',
          },
          'xbrain.llm.model': { type: 'string', default: '', markdownDescription: 'Model name at the endpoint, e.g. `gpt-4o-mini` or `qwen2.5:7b`.' },
          'xbrain.llm.offline': {
            type: 'boolean',
            default: true,
            markdownDescription: 'Use the local **XBrain Offline** planner when chat gives no model, even if an endpoint is configured.',
          },
          'xbrain.training.threads': {
            type: 'integer',
            default: 0,
            minimum: 0,
            markdownDescription: 'Worker threads for the local trainer when **Configure Training…** sets none (0 = up to 2, the cores available).',
          },
          'xbrain.python': {
            type: 'string',
            default: '',
            scope: 'machine-overridable',
            markdownDescription:
              "Python interpreter (with `torch`) for the **pytorch** trainer backend, e.g. `/usr/bin/python3` or a venv's `bin/python`. Empty: auto-detect (`$XBRAIN_PYTHON`, `python3` on PATH, `/usr/bin/python3`). **XBrain: Show Trainer Backends** shows what was found.",
          },
          'xbrain.data.folders': {
            type: 'array',
            items: { type: 'string' },
            default: [],
            scope: 'machine',
            markdownDescription:
              'Folders outside the workspace from which XBrain may read EEG and label files (every door: chat, palette, notebook, MCP); **XBrain: Load EEG Files…** offers their files. Writes always stay inside the workspace. A machine setting, so a cloned workspace cannot widen it. See docs/workspace.md.',
          },
        },
      },
      chatParticipants: [
        {
          id: 'xbrain.xbrain',
          name: 'xbrain',
          fullName: 'XBrain',
          description: 'Load, preprocess, epoch, train and evaluate EEG models',
          isSticky: true,
          commands: [
            { name: 'load', description: 'Load EEG files' },
            { name: 'preprocess', description: 'Band-pass and notch filter' },
            { name: 'epoch', description: 'Cut epochs around events' },
            { name: 'dataset', description: 'Split into train/validation/test' },
            { name: 'train', description: 'Train the model (asks for confirmation)' },
            { name: 'evaluate', description: 'Evaluate the trained model' },
            { name: 'explain', description: 'Saliency maps of the trained model' },
            { name: 'status', description: 'Where the study stands' },
            { name: 'report', description: 'Describe data, epochs, dataset and runs' },
            { name: 'notebook', description: 'Open the analysis as an .xbrain notebook' },
            { name: 'help', description: 'What XBrain can do' },
          ],
          disambiguation: [
            {
              category: 'eeg_analysis',
              description:
                'The user wants to load, preprocess, epoch, train a deep-learning model on, or evaluate EEG recordings (EDF, BDF, GDF, EEGLAB, BrainVision, FIF).',
              examples: ['Load S001R04.edf and band-pass it 8–30 Hz', 'Epoch the motor imagery trials from 0 to 4 s', 'Train EEGNet on my EEG epochs'],
            },
          ],
        },
      ],
      languageModelChatProviders: [
        { vendor: 'xbrain-offline', displayName: 'XBrain Offline' },
        { vendor: 'xbrain-endpoint', displayName: 'XBrain Endpoint', managementCommand: 'xbrain.setApiKey' },
      ],
    },
  };
}
