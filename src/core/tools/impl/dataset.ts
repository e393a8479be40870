import type { ToolImplementations } from '../types';

export const datasetTools: ToolImplementations = {};
