import type { ToolImplementations } from '../types';

export const sweepTools: ToolImplementations = {};
