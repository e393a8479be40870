/**
 * Each tool's argument type, derived from its definition (the JSON Schema the registry validates against), so the
 * implementations and the definitions cannot drift: a property the schema does not declare, or a value of another
 * type, is a compile error. Arguments reach `run` after validation, with the schema's defaults filled in, so a
 * parameter with a default is present.
 */
import type { ToolDefinitionLiteral } from './definitions';
import type { ToolImplementation } from './types';

export type ToolName = ToolDefinitionLiteral['name'];
type DefinitionOf<N extends ToolName> = Extract<ToolDefinitionLiteral, { name: N }>;

type Primitive<T> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? unknown[]
          : T extends 'object'
            ? Record<string, unknown>
            : unknown;

/** The value a JSON Schema (as the definitions write them) admits. */
export type SchemaValue<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { anyOf: readonly (infer A)[] }
    ? SchemaValue<A>
    : S extends { type: 'array'; items: infer I }
      ? SchemaValue<I>[]
      : S extends { type: 'object'; properties: object }
        ? SchemaObject<S>
        : S extends { type: 'object'; additionalProperties: infer V }
          ? V extends { type: unknown }
            ? Record<string, SchemaValue<V>>
            : Record<string, unknown>
          : S extends { type: readonly (infer T)[] }
            ? Primitive<T>
            : S extends { type: infer T }
              ? Primitive<T>
              : unknown;

type RequiredKey<S> = S extends { required: readonly (infer R)[] } ? R : never;
type DefaultedKey<P> = { [K in keyof P]: P[K] extends { default: unknown } ? K : never }[keyof P];
type Flat<T> = { [K in keyof T]: T[K] };

/** An object schema: required and defaulted properties present, the others optional. */
export type SchemaObject<S> = S extends { properties: infer P }
  ? Flat<
      { -readonly [K in keyof P as K extends RequiredKey<S> | DefaultedKey<P> ? K : never]: SchemaValue<P[K]> } & {
        -readonly [K in keyof P as K extends RequiredKey<S> | DefaultedKey<P> ? never : K]?: SchemaValue<P[K]>;
      }
    >
  : Record<string, unknown>;

/** The validated arguments of tool N. */
export type ArgsOf<N extends ToolName> =
  DefinitionOf<N> extends { updates: string } ? Partial<SchemaObject<DefinitionOf<N>['parameters']>> : SchemaObject<DefinitionOf<N>['parameters']>;

/** Implementations keyed by tool name, each typed by its own definition. */
export type TypedImplementations = { [N in ToolName]?: ToolImplementation<ArgsOf<N>> };
