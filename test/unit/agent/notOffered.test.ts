import { describe, it, expect } from 'vitest';
import { insteadLine } from '../../../src/core/agent/notOffered';

describe('a capability question nothing covers names what XBrain offers of that kind', () => {
  it('a network names the three models, in the question language', () => {
    expect(insteadLine('有 EEG-ITNet 或 TCNet 嗎')).toMatch(/EEGNet、ShallowConvNet、SCCNet/);
    expect(insteadLine('is there a TCNet in xbrain?')).toMatch(/EEGNet, ShallowConvNet and SCCNet only \(set_model\)/);
    expect(insteadLine('can I train an SVM?')).toMatch(/CSP\+LDA appears only as evaluate's baseline/);
  });

  it('an explanation method names compute_saliency methods, a file format what load_data reads', () => {
    expect(insteadLine('does it have Grad-CAM?')).toMatch(/smoothgrad.*integrated_gradients/);
    expect(insteadLine('can xbrain read .xyz files')).toMatch(/EDF\/EDF\+, BDF, GDF/);
  });

  it('a question of no known kind gets nothing added', () => {
    expect(insteadLine('is there a sleep scoring report')).toBeUndefined();
  });
});
