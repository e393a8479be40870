import { describe, it, expect } from 'vitest';
import { useFreshTrainer } from './simulatedTrainer';
import { H16_MIXED, H16_QUESTIONS } from './questionToolObjectsH16';
import { describeQuestionTable } from './questionTableSuite';

useFreshTrainer();

describeQuestionTable("a question that carries a tool's action word never acts (h16-kbanswer table)", H16_QUESTIONS, H16_MIXED);

describe("a question that carries a tool's action word never acts (h16-kbanswer table)", () => {
  it('has 25+ questions, at least 45 % in Traditional Chinese', () => {
    expect(H16_QUESTIONS.length).toBeGreaterThanOrEqual(25);
    expect(H16_QUESTIONS.filter((q) => /[\u4e00-\u9fff]/.test(q)).length / H16_QUESTIONS.length).toBeGreaterThanOrEqual(0.45);
  });
});
