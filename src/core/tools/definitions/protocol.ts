import type { ToolDefinition } from '../types';
import { EPOCHED } from './stages';

/** Evaluation protocols over subjects (MOABB-style), XBrain's addition. */
export const protocolTools: ToolDefinition[] = [
  {
    name: 'run_protocol',
    summary: 'Evaluate pipelines per subject (within-session, cross-session, cross-subject)',
    description: 'Evaluate pipelines the way BCI papers do (MOABB): within_session (stratified k-fold inside each subject and session/run; pool_sessions folds over all runs of a subject), cross_session (leave one session/run out per subject) or cross_subject (leave n_test_subjects subjects out; 1 = leave-one-subject-out). Every pipeline runs on the same folds: CSP+LDA and TS+LR (Riemannian tangent space + logistic regression) in process; EEGNet, ShallowConvNet and SCCNet train one run per fold with the current training configuration. Returns a table of subject × pipeline × fold (score, accuracy, balanced accuracy, kappa, ROC-AUC, n_train, n_test, seconds), mean ± SD per pipeline over subjects and a paired Wilcoxon signed-rank test between pipelines over subjects with effect size; stored in the study and written as CSV and JSON with MOABB column names. Confirmation states how many trainings it starts.',
    category: 'evaluation',
    parameters: {
      type: 'object',
      properties: {
        protocol: { type: 'string', enum: ['within_session', 'cross_session', 'cross_subject'] },
        pipelines: {
          type: 'array', minItems: 1,
          items: { type: 'string', enum: ['CSP+LDA', 'TS+LR', 'EEGNet', 'ShallowConvNet', 'SCCNet'] },
          default: ['CSP+LDA', 'TS+LR'],
          description: 'Pipelines to compare on identical folds.',
        },
        folds: { type: 'integer', minimum: 2, default: 5, description: 'within_session: number of stratified folds.' },
        n_test_subjects: { type: 'integer', minimum: 1, default: 1, description: 'cross_subject: subjects held out per fold (1 = leave-one-subject-out).' },
        seed: { type: 'integer', default: 0, description: 'Seeds the fold shuffling and the model trainings.' },
        pool_sessions: { type: 'boolean', default: false, description: 'within_session: fold over all sessions/runs of a subject together (PhysioNet: one session of several runs).' },
        export_path: { type: 'string', description: 'Also write the table to this .csv or .json file (relative to the workspace).' },
      },
      required: ['protocol'],
      additionalProperties: false,
    },
    stages: EPOCHED,
    needsConfirmation: true,
    mutates: true,
  },
];
