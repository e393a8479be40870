import type { ToolImplementations } from '../types';

export const signalTools: ToolImplementations = {};
