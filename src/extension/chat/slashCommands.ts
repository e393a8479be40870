import { numbersIn, parsePromptArgs } from './promptArgs';
import { TRAINING_BASICS } from '../../core/training/defaults';

export interface PlannedToolCall {
  tool: string;
  args: Record<string, unknown>;
}

/** What each `@xbrain /command` does: the tool calls it makes from the prompt's words and key=value pairs. */
export function planSlashCommand(command: string, prompt: string): PlannedToolCall[] | null {
  const { args, rest } = parsePromptArgs(prompt);
  const nums = numbersIn(rest);
  switch (command) {
    case 'load': {
      const paths = (args.paths as string[] | undefined) ?? rest.filter((w) => !/^(load|the|files?|and)$/i.test(w));
      return [{ tool: 'load_data', args: { ...args, paths } }];
    }
    case 'preprocess':
      if (nums.length >= 2) return [{ tool: 'apply_standard_preprocess', args: { l_freq: nums[0], h_freq: nums[1], ...args } }];
      return [{ tool: 'apply_standard_preprocess', args }];
    case 'epoch':
      if (nums.length >= 2) return [{ tool: 'epoch_data', args: { t_min: nums[0], t_max: nums[1], ...args } }];
      return [{ tool: 'epoch_data', args: { t_min: 0, t_max: 2, ...args } }];
    case 'dataset':
      return [{ tool: 'generate_dataset', args }];
    case 'train':
      return [
        // configure_training is an update: /train epoch=40 changes the epochs and keeps the other settings
        ...(Object.keys(args).length ? [{ tool: 'configure_training', args }] : []),
        { tool: 'start_training', args: {} },
      ];
    case 'evaluate':
      return [{ tool: 'evaluate', args }];
    case 'explain':
      return [{ tool: 'compute_saliency', args }];
    case 'status':
      return [{ tool: 'get_study_state', args: {} }];
    case 'report':
      return [
        { tool: 'get_dataset_info', args: {} },
        { tool: 'get_study_state', args: {} },
      ];
    default:
      return null;
  }
}

export const HELP_TEXT = [
  '**@xbrain** drives the EEG pipeline. Commands:',
  '- `/load FILE…` load recordings (EDF, BDF, GDF, EEGLAB, BrainVision, FIF, …)',
  '- `/preprocess [l_freq h_freq] [notch_freq=50]` standard band-pass + notch',
  '- `/epoch [t_min t_max] [event_id=["T1","T2"]]` cut epochs around events',
  '- `/dataset [test_ratio=0.2 split_strategy=trial]` split into train/val/test',
  `- \`/train [epoch=${TRAINING_BASICS.epoch} batch_size=${TRAINING_BASICS.batch_size}]\` train (asks for confirmation)`,
  '- `/evaluate`, `/explain` metrics and saliency of the trained model',
  '- `/status`, `/report` where the study stands; `/notebook` the analysis as an .xbrain notebook',
  'Anything else is planned by the language model with the XBrain tools.',
].join('\n');
