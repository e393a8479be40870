import type { ToolDefinition } from '../types';
import { dataTools } from './data';
import { preprocessTools } from './preprocess';
import { modellingTools } from './modelling';
import { analysisTools } from './analysis';
import { protocolTools } from './protocol';

/** Every tool XBrain offers, in a stable order (the 19 of XBrainLab plus XBrain's additions). */
const DEFINITIONS = [...dataTools, ...preprocessTools, ...modellingTools, ...analysisTools, ...protocolTools] as const;

/** The definitions' literal types: tools/args.ts derives each tool's argument type from them. */
export type ToolDefinitionLiteral = (typeof DEFINITIONS)[number];

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = DEFINITIONS;

export const definitionByName: ReadonlyMap<string, ToolDefinition> = new Map(TOOL_DEFINITIONS.map((d) => [d.name, d]));
