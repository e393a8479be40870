import type { ToolImplementations } from '../types';

export const trainingTools: ToolImplementations = {};
