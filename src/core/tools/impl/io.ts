import type { ToolImplementations } from '../types';

export const ioTools: ToolImplementations = {};
