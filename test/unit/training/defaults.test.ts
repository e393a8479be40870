import { describe, it, expect } from 'vitest';
import { DEFAULT_MODEL, DEFAULT_TRAINING, TRAINING_BASICS, trainingDefaultsText } from '../../../src/core/training/defaults';
import { definitionByName } from '../../../src/core/tools/definitions';
import { SKIP_DEFAULTS } from '../../../src/core/study/stateManager';
import { starterNotebook } from '../../../src/core/notebook/starter';
import { HELP_TEXT, planSlashCommand } from '../../../src/extension/chat/slashCommands';

describe('training defaults (one home: src/core/training/defaults.ts)', () => {
  it("are XBrainLab's: EEGNet, 10 epochs, batch 32, Adam at 1e-3, one repeat", () => {
    expect(DEFAULT_MODEL.name).toBe('EEGNet');
    expect(TRAINING_BASICS).toEqual({ epoch: 10, batch_size: 32, learning_rate: 0.001 });
    expect(DEFAULT_TRAINING).toMatchObject({ ...TRAINING_BASICS, repeat: 1, optimizer: 'adam', seed: 0 });
    expect(trainingDefaultsText()).toBe('10 epochs, batch 32, Adam 1e-3');
    expect(trainingDefaultsText({ ...DEFAULT_TRAINING, epoch: 5, optimizer: 'sgd', learning_rate: 0.01 })).toBe('5 epochs, batch 32, SGD 1e-2');
  });

  it("are configure_training's schema defaults and the numbers its and start_training's descriptions name", () => {
    const props = definitionByName.get('configure_training')!.parameters.properties!;
    for (const [key, value] of Object.entries(DEFAULT_TRAINING)) expect(props[key]?.default, key).toBe(value);
    expect(definitionByName.get('configure_training')!.description).toContain(trainingDefaultsText());
    expect(definitionByName.get('start_training')!.description).toContain(`${DEFAULT_MODEL.name}, ${trainingDefaultsText()}`);
  });

  it('are what the skip-ahead plan, /train and the notebook starter set', () => {
    // the skip-ahead plan sets no training number: start_training adapts what the user left unset (adaptiveDefaults.ts)
    expect(SKIP_DEFAULTS.training).toEqual({});
    expect(SKIP_DEFAULTS.model).toEqual({ model_name: DEFAULT_MODEL.name });
    expect(planSlashCommand('train', 'repeat=2')![0]).toEqual({ tool: 'configure_training', args: { repeat: 2 } });
    expect(HELP_TEXT).toContain(`/train [epoch=${TRAINING_BASICS.epoch} batch_size=${TRAINING_BASICS.batch_size}]`);
    const cells = starterNotebook()
      .cells.map((c) => c.source)
      .join('\n');
    // the starter fixes only the seed, so start_training adapts epochs and batch size as it does for chat
    expect(cells).toContain('configure_training(seed=0)');
    expect(cells).not.toMatch(/configure_training\([^)]*(epoch|batch_size)=/);
    expect(cells).toContain('set_model(model_name="EEGNet")');
  });
});
