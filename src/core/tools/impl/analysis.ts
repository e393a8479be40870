import type { ToolImplementations } from '../types';

export const analysisTools: ToolImplementations = {};
