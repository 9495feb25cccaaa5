// Types of the exports that take a JSON value wherever they take JSON text (runtime/values.js).
// Each has two overloads: JSON text (a string, spans point into it) and the value itself (an
// object, array, number, boolean or null; findings about it have no `span`, their
// `instancePath` locates them). A value JSON cannot hold (NaN, Infinity, a BigInt, undefined, a
// function, a cycle, a Map or other non-plain object) throws a TypeError naming its path.
import type {
  Classification,
  CompatOptions,
  CompatReport,
  CompatTargetQuery,
  ElicitationReport,
  HostReport,
  LintReport,
  LoweredTool,
  SchemaCheck,
  SessionOptions,
  SessionReport,
  ValidateOptions,
  ValidationReport,
} from './mcp_json_toolbox.js';

/** A JSON value given as itself rather than as JSON text: a plain object, an array, a finite number, a boolean or null. */
export type JsonInput = object | number | boolean | null;

/** `ValidateOptions` whose `schemas` may be values as well as JSON texts. */
export interface ValueValidateOptions extends Omit<ValidateOptions, 'schemas'> {
  /** Schemas that `$ref` / `$schema` may name, by URI: JSON texts or the schema values. Nothing is ever fetched. */
  schemas?: Record<string, string | JsonInput>;
}

/** A compiled tool `inputSchema` that validates arguments. */
export declare class Validator {
  /** Compiles a schema given as JSON text (checked against its meta-schema in the full build, or with `options.checkSchema`). Throws a `SchemaError` with positioned `diagnostics`. */
  constructor(schema: string, options?: ValueValidateOptions | null);
  /** Compiles a schema given as a value. A `SchemaError`'s diagnostics have no `span`. */
  constructor(schema: JsonInput, options?: ValueValidateOptions | null);
  /** Validates arguments given as JSON text (the object, or a JSON string containing it). */
  validate(args: string): ValidationReport;
  /** Validates arguments given as the value itself: diagnostics have no `span`. */
  validate(args: JsonInput): ValidationReport;
  /** `validate` without the schema's warnings (those `checkSchema` gives, which every report repeats): the findings about the arguments text alone. */
  validateAlone(args: string): ValidationReport;
  /** Whether arguments given as JSON text are valid (fast: no positions are computed). */
  isValid(args: string): boolean;
  /** Whether arguments given as the value itself are valid. */
  isValid(args: JsonInput): boolean;
  /** Frees the compiled schema now rather than when the object is collected. */
  free(): void;
  [Symbol.dispose](): void;
}

/** Checks a schema given as JSON text against its meta-schema and compiles it (in either build): `valid`, and why not or its warnings, spans into the text. Never throws for a bad schema. */
export declare function checkSchema(schema: string, options?: ValueValidateOptions | null): SchemaCheck;
/** Checks a schema given as the value itself: the diagnostics have no `span`. */
export declare function checkSchema(schema: JsonInput, options?: ValueValidateOptions | null): SchemaCheck;

/** Compiles `schema` and validates `args` once (each JSON text or the value itself). */
export declare function validateArguments(schema: string, args: string, options?: ValueValidateOptions | null): ValidationReport;
export declare function validateArguments(schema: string | JsonInput, args: string | JsonInput, options?: ValueValidateOptions | null): ValidationReport;

/** Names a pasted MCP payload given as JSON text, checks it against the official schemas and summarizes it; with `toolText`, a tool definition, also against that tool as its kind asks. */
export declare function classify(text: string, toolText?: string | null): Classification;
/** Names an MCP message given as the value itself (no spans in the result). */
export declare function classify(value: JsonInput, tool?: string | JsonInput | null): Classification;

/** Checks a tool definition or a whole `tools/list` result (JSON text or the value); `options.targets`: consumers' rules checked too. */
export declare function checkTool(toolText: string, options?: CompatOptions | null): HostReport;
export declare function checkTool(tool: JsonInput, options?: CompatOptions | null): HostReport;

/** Checks a tool, an array of tools or a `tools/list` result against each consumer's profile (JSON text, or the value: then no spans). */
export declare function checkCompatibility(toolsText: string, options?: CompatOptions | null): CompatReport;
export declare function checkCompatibility(tools: JsonInput, options?: CompatOptions | null): CompatReport;

/** Rewrites one tool (JSON text or the value) so that `target` (`name` or `name@version`) accepts it; `options.data`: extra compatibility data. */
export declare function lowerTool(toolText: string, target: CompatTargetQuery, options?: CompatOptions | null): LoweredTool;
export declare function lowerTool(tool: JsonInput, target: CompatTargetQuery, options?: CompatOptions | null): LoweredTool;

/** Checks a `tools/call` request against its tool and, optionally, the server capabilities (each JSON text or the value). */
export declare function checkToolCall(toolText: string, requestText: string, capabilitiesText?: string | null): HostReport;
export declare function checkToolCall(tool: string | JsonInput, request: string | JsonInput, capabilities?: string | JsonInput): HostReport;

/** Checks a `tools/call` result against its tool (each JSON text or the value). */
export declare function checkToolResult(toolText: string, resultText: string): HostReport;
export declare function checkToolResult(tool: string | JsonInput, result: string | JsonInput): HostReport;

/** Lints a JSON Schema given as JSON text (spans, and each fix's span, point into it). */
export declare function lintSchema(schemaText: string): LintReport;
/** Lints a JSON Schema given as the value itself: no `span`/`schemaSpan`, and a `fix` keeps only its `replacement`. */
export declare function lintSchema(schema: JsonInput): LintReport;

/** Checks an elicitation request and, optionally, its answer (each JSON text or the value). */
export declare function checkElicitation(requestText: string, responseText?: string | null): ElicitationReport;
export declare function checkElicitation(request: string | JsonInput, response?: string | JsonInput): ElicitationReport;

/** Replays a session transcript: JSON text (an array or JSON Lines), or the array of messages itself. */
export declare function replaySession(transcriptText: string, options?: SessionOptions): SessionReport;
export declare function replaySession(transcript: readonly JsonInput[], options?: SessionOptions): SessionReport;
