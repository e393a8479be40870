import type { ToolDefinition } from '../types';
import { TOOL_STAGES } from '../../study/availability';

/** Evaluation protocols over subjects (MOABB-style), XBrain's addition. */
export const protocolTools = [
  {
    name: 'run_protocol',
    summary: 'Evaluate pipelines per subject (within-session, cross-session, cross-subject)',
    description:
      'Evaluate pipelines per subject as BCI papers do (MOABB), all on the same folds: within_session (stratified k-fold per subject and session/run), cross_session (leave one session/run out) or cross_subject (leave n_test_subjects subjects out). CSP+LDA and TS+LR (tangent space + logistic regression) run in process; EEGNet, ShallowConvNet and SCCNet train once per fold with the current training configuration. Returns a subject × pipeline × fold table, mean ± SD per pipeline and paired Wilcoxon tests over subjects; stored in the study, written as CSV/JSON with MOABB columns.',
    category: 'evaluation',
    parameters: {
      type: 'object',
      properties: {
        protocol: { type: 'string', enum: ['within_session', 'cross_session', 'cross_subject'] },
        pipelines: {
          type: 'array',
          minItems: 1,
          items: { type: 'string', enum: ['CSP+LDA', 'TS+LR', 'EEGNet', 'ShallowConvNet', 'SCCNet'] },
          default: ['CSP+LDA', 'TS+LR'],
          description: 'Pipelines to compare.',
        },
        folds: { type: 'integer', minimum: 2, default: 5, description: 'within_session folds.' },
        n_test_subjects: { type: 'integer', minimum: 1, default: 1, description: 'cross_subject: subjects per test fold.' },
        seed: { type: 'integer', default: 0, description: 'Seeds folds and trainings.' },
        pool_sessions: { type: 'boolean', default: false, description: 'within_session over all runs of a subject.' },
        alignment: {
          type: 'string',
          enum: ['none', 'euclidean'],
          default: 'none',
          description:
            'Model families only: euclidean aligns each subject (cross_subject) or each subject × session (otherwise) on its own unlabelled epochs before training and testing (He & Wu 2019); none trains on the epochs as they are.',
        },
        export_path: { type: 'string', description: 'Also write the table to this .csv or .json file.' },
      },
      required: ['protocol'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.run_protocol,
    needsConfirmation: true,
    mutates: true,
  },
] as const satisfies readonly ToolDefinition[];
