import type { ToolDefinition } from '../types';
import { dataTools } from './data';
import { preprocessTools } from './preprocess';
import { modellingTools } from './modelling';
import { analysisTools } from './analysis';

/** Every tool XBrain offers, in a stable order (the 19 of XBrainLab plus XBrain's additions). */
export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [...dataTools, ...preprocessTools, ...modellingTools, ...analysisTools];

export const definitionByName: ReadonlyMap<string, ToolDefinition> = new Map(TOOL_DEFINITIONS.map((d) => [d.name, d]));
