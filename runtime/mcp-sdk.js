// The MCP TypeScript SDK's validator slot (`jsonSchemaValidator` of `Client`, `Server` and
// `McpServer`) filled by this package: `mcp-json-toolbox/mcp-sdk` (runtime/README.md). No code is
// generated from strings, so it works under a strict CSP, in Cloudflare Workers and under Node's
// `--disallow-code-generation-from-strings`, where the SDK's default (ajv) cannot compile.
// The server build (`mcp-json-toolbox/validator`): the engine without the rest of the toolbox.
import { Validator } from 'mcp-json-toolbox/validator';

/** Most compiled schemas kept by JSON text (the oldest is dropped first). */
const CACHE_SIZE = 256;

/**
 * A `jsonSchemaValidator` provider: `getValidator(schema)` compiles a JSON Schema (2020-12 unless
 * its `$schema` names 2019-09, draft-07, -06 or -04) once per schema, cached by object and by
 * JSON text, and returns `(input) => { valid, data, errorMessage }`, the message listing
 * `instancePath: message` for each error.
 */
export class ToolboxJsonSchemaValidator {
  #byObject = new WeakMap();
  #byText = new Map();
  #options;

  /**
   * `options` are those of `new Validator` (`assertFormats`, `schemas`, `checkSchema`), passed as
   * they are: a schema is compiled without its meta-schema check unless `checkSchema: true`, as
   * the SDK's default provider compiles it (ajv with `validateSchema: false`,
   * https://github.com/modelcontextprotocol/typescript-sdk/blob/main/src/validation/ajv-provider.ts,
   * checked 2026-12-06 in SDK 1.32.2). A schema the engine cannot compile still throws a `SchemaError`.
   */
  constructor(options = {}) {
    this.#options = options;
  }

  /** The validator of `schema` (a schema object or boolean), compiled or from the cache. */
  #compiled(schema) {
    const isObject = typeof schema === 'object' && schema !== null;
    let validator = isObject ? this.#byObject.get(schema) : undefined;
    if (validator) return validator;
    const text = JSON.stringify(schema);
    validator = this.#byText.get(text);
    if (!validator) {
      validator = new Validator(schema, this.#options);
      if (this.#byText.size >= CACHE_SIZE) this.#byText.delete(this.#byText.keys().next().value);
      this.#byText.set(text, validator);
    }
    if (isObject) this.#byObject.set(schema, validator);
    return validator;
  }

  /** A function validating values against `schema`. Throws a `SchemaError` for an unusable schema. */
  getValidator(schema) {
    const validator = this.#compiled(schema);
    return (input) => {
      let report;
      try {
        // A string is the value itself here, not JSON text.
        report = validator.validate(typeof input === 'string' ? JSON.stringify(input) : input);
      } catch (error) {
        if (error instanceof TypeError) return invalid(error.message);
        throw error;
      }
      if (report.stringified) {
        return invalid('/: is a string holding JSON, not the value the schema requires');
      }
      if (report.valid) return { valid: true, data: input, errorMessage: undefined };
      const errors = report.diagnostics.filter((d) => d.severity === 'error');
      return invalid(errors.map((d) => `${d.instancePath || '/'}: ${d.message}`).join('; '));
    };
  }
}

/** The result for invalid input. */
function invalid(errorMessage) {
  return { valid: false, data: undefined, errorMessage };
}
