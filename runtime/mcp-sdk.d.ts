// Types of `mcp-json-toolbox/mcp-sdk` (runtime/mcp-sdk.js), structurally the SDK's
// `jsonSchemaValidator` interface (no import of the SDK needed).
import type { ValidateOptions } from 'mcp-json-toolbox/validator';

/** What a validator returns: the SDK's `JsonSchemaValidatorResult<T>`. */
export type JsonSchemaValidatorResult<T> =
  | { valid: true; data: T; errorMessage: undefined }
  | { valid: false; data: undefined; errorMessage: string };

/** A `jsonSchemaValidator` provider for the MCP SDK, without code generation. */
export declare class ToolboxJsonSchemaValidator {
  /** `options` are those of `new Validator` (`assertFormats`, `schemas` as texts, `checkSchema`: the meta-schema check, off by default as in the SDK's ajv provider). */
  constructor(options?: Omit<ValidateOptions, 'output'>);
  /** A function validating values against `schema`, compiled once and cached. Throws a `SchemaError` for an unusable schema. */
  getValidator<T>(schema: object | boolean): (input: unknown) => JsonSchemaValidatorResult<T>;
}
