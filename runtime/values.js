// JSON values where the API takes JSON text (copied into pkg/ as values.js, and as cjs/values.js in
// CommonJS form, by scripts/build-pkg.mjs; runtime/README.md).
//
// Every argument that is JSON text (a schema, arguments, a tool, a request, a result, capabilities,
// a transcript, a payload to classify, an elicitation request or answer) may also be the value itself: a string stays JSON text, an
// object, array, number, boolean or null is the value. A value is turned into JSON text here, and
// never changed silently: anything JSON cannot hold (NaN, ±Infinity, a BigInt, undefined, a
// function, a symbol, a cycle, an object that is not plain: a Map, a class instance, …) throws a
// TypeError naming its JSON Pointer. An object with a `toJSON` method (a Date) is what that method
// returns, as with JSON.stringify; symbol keys and non-enumerable properties are not data (as with
// JSON.stringify). Spans locate findings in a text: a finding about a value has no `span` (its
// `instancePath` locates it; a `fix` keeps its `replacement` but loses its `span`), nor a
// `schemaSpan` when the schema was a value.

/** Deepest nesting a value may have (the most any function reads, whatever its options). */
const MAX_DEPTH = 2048;

/** What a non-JSON value is, for the TypeError. */
function describe(value) {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'bigint') return 'a BigInt';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  const name = Object.getPrototypeOf(value)?.constructor?.name;
  return name ? `a ${name}` : 'an object that is not plain';
}

/** A JSON Pointer token: `~` and `/` escaped. */
function pointerToken(key) {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Throws a TypeError unless `value` is JSON as it stands: walks it depth first, `keys` holding the
 * path to it and `ancestors` the objects that contain it (a cycle is one of them again).
 */
function checkValue(value, key, keys, ancestors, where) {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      if (Number.isFinite(value)) return;
      break;
    case 'object': {
      if (value === null) return;
      if (typeof value.toJSON === 'function') {
        checkValue(value.toJSON(key), key, keys, ancestors, where);
        return;
      }
      if (ancestors.includes(value)) throw notJson(where, keys, 'a cycle: it contains itself');
      if (ancestors.length >= MAX_DEPTH) throw notJson(where, keys, `nested deeper than ${MAX_DEPTH} levels`);
      const isArray = Array.isArray(value);
      if (!isArray) {
        const proto = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) break;
      }
      ancestors.push(value);
      if (isArray) {
        for (let i = 0; i < value.length; i += 1) {
          keys.push(i);
          if (!(i in value)) throw notJson(where, keys, 'an empty slot of a sparse array');
          checkValue(value[i], String(i), keys, ancestors, where);
          keys.pop();
        }
      } else {
        for (const name of Object.keys(value)) {
          keys.push(name);
          checkValue(value[name], name, keys, ancestors, where);
          keys.pop();
        }
      }
      ancestors.pop();
      return;
    }
    default:
      break;
  }
  throw notJson(where, keys, `${describe(value)}, which JSON cannot hold`);
}

/** The TypeError for a value that is not JSON: `where` (function and argument), path, reason. */
function notJson(where, keys, reason) {
  const at = keys.length === 0 ? '' : ` at /${keys.map(pointerToken).join('/')}`;
  return new TypeError(`${where}${at} is ${reason}`);
}

/**
 * The JSON text of an argument: a string is JSON text already; any other value is checked (see
 * `checkValue`) and stringified. `where` names the argument in errors ("classify: argument 1").
 */
function jsonText(value, where) {
  if (typeof value === 'string') return value;
  if (value === undefined) {
    throw new TypeError(`${where} must be JSON text (a string) or a JSON value, got undefined`);
  }
  checkValue(value, '', [], [], where);
  return JSON.stringify(value);
}

/** Removes `field` (`span` or `schemaSpan`) from each diagnostic and its children; with `span`,
 * the span of a `fix` too (it points into the same text; its `replacement` stays as the hint). */
function dropSpans(diagnostics, field) {
  for (const d of diagnostics ?? []) {
    delete d[field];
    if (field === 'span') delete d.fix?.span;
    if (d.children) dropSpans(d.children, field);
  }
}

/** Removes `span` and `schemaSpan` from each diagnostic (all about a value). */
function dropAllSpans(diagnostics) {
  dropSpans(diagnostics, 'span');
  dropSpans(diagnostics, 'schemaSpan');
}

/** Removes every span of a classification (its own, its diagnostics', its items'). */
function dropClassificationSpans(classification) {
  delete classification.span;
  dropSpans(classification.diagnostics, 'span');
  for (const item of classification.items ?? []) dropClassificationSpans(item);
}

/**
 * Per export taking JSON text: the indexes of those arguments (`texts`; `optional` may be left
 * out), and how to remove the spans into each from a result (`drop`, when it was a value).
 * Presentation only: this table decides no finding, code or severity (the crate's report is kept
 * whole); it only takes away positions into a text the caller never saw (the JSON this file
 * wrote for a value), which field of which report points into which argument being the report's
 * own documented shape (src/wasm/*.rs declarations).
 */
const FUNCTIONS = {
  validateArguments: {
    texts: [0, 1],
    // A value schema's: every `schemaSpan` (the crate places there whatever points into the
    // schema text, its reader's warnings too); the arguments': every `span`.
    drop: [(report) => dropSpans(report.diagnostics, 'schemaSpan'), (report) => dropSpans(report.diagnostics, 'span')],
  },
  classify: {
    texts: [0, 1],
    optional: 1,
    // The tool's text: the findings checked against it carry its keyword's `schemaSpan`.
    drop: [dropClassificationSpans, (classification) => dropSpans(classification.diagnostics, 'schemaSpan')],
  },
  checkTool: {
    texts: [0],
    drop: [(report) => dropHostSpans(report, ['diagnostics', 'toolDiagnostics'], ['span', 'schemaSpan'])],
  },
  checkToolCall: {
    texts: [0, 1, 2],
    optional: 2,
    drop: [
      (report) => {
        dropHostSpans(report, ['toolDiagnostics'], ['span']);
        dropHostSpans(report, ['diagnostics', 'toolDiagnostics'], ['schemaSpan']);
      },
      (report) => dropHostSpans(report, ['diagnostics'], ['span']),
      (report) => dropHostSpans(report, ['capabilitiesDiagnostics'], ['span']),
    ],
  },
  checkToolResult: {
    texts: [0, 1],
    drop: [
      (report) => {
        dropHostSpans(report, ['toolDiagnostics'], ['span']);
        dropHostSpans(report, ['diagnostics', 'toolDiagnostics'], ['schemaSpan']);
      },
      (report) => dropHostSpans(report, ['diagnostics'], ['span']),
    ],
  },
  lintSchema: { texts: [0], drop: [(report) => dropAllSpans(report.diagnostics)] },
  checkSchema: { texts: [0], drop: [(check) => dropAllSpans(check.diagnostics)] },
  checkElicitation: {
    texts: [0, 1],
    optional: 1,
    drop: [
      (report) => {
        dropAllSpans(report.diagnostics);
        dropSpans(report.responseDiagnostics, 'schemaSpan');
      },
      (report) => dropSpans(report.responseDiagnostics, 'span'),
    ],
  },
  checkCompatibility: { texts: [0], drop: [dropCompatSpans] },
  lowerTool: { texts: [0], drop: [(lowered) => dropAllSpans(lowered.diagnostics)] },
  replaySession: {
    texts: [0],
    drop: [
      (report) => {
        dropSpans(report.diagnostics, 'span');
        for (const task of Object.values(report.tasks)) for (const entry of task.history) delete entry.span;
        for (const row of report.sequence ?? []) delete row.span;
      },
    ],
  },
};

/** Removes every span of a CompatReport (its findings, and each tool's, the list's and the server's per target). */
function dropCompatSpans(report) {
  dropAllSpans(report.diagnostics);
  dropAllSpans(report.findings);
  const per = [...report.tools.map((tool) => tool.targets), report.list, report.server];
  for (const result of per.flatMap((targets) => Object.values(targets))) dropAllSpans(result.diagnostics);
}

/**
 * The exports that take JSON values as well as text: those of `FUNCTIONS` and the `Validator`
 * class. Their overloads are in values.d.ts (a test holds it to this list), and the entries' types
 * take these from there (scripts/build-pkg.mjs).
 */
export function valueExports() {
  return [...Object.keys(FUNCTIONS), 'Validator'];
}

/** Removes `fields` from the diagnostics of the `lists` of a HostReport. */
function dropHostSpans(report, lists, fields) {
  for (const list of lists) for (const field of fields) dropSpans(report[list], field);
}

/** `fn` (export `name`) taking values where it takes JSON text (argument `optional` may be left
 * out: `undefined` or `null`).
 * @param {string} name
 * @param {Function} fn
 * @param {{ texts: number[], optional?: number, drop: ((result: any) => void)[] }} spec */
function valueFunction(name, fn, { texts, optional, drop }) {
  return function (...args) {
    let values = null;
    for (const i of texts) {
      const arg = args[i];
      // A left-out optional text (undefined or null, as before) stays left out.
      if (typeof arg === 'string' || (arg == null && i === optional)) continue;
      (values ??= []).push(i);
      args[i] = jsonText(arg, `${name}: argument ${i + 1}`);
    }
    if (values === null) return fn(...args);
    let result;
    try {
      result = fn(...args);
    } catch (error) {
      if (error?.name === 'SchemaError' && values.includes(0)) dropAllSpans(error.diagnostics);
      throw error;
    }
    for (const i of values) drop[texts.indexOf(i)](result);
    return result;
  };
}

/** The exports (besides `Validator`) whose options, argument `index`, may hold `schemas` as values. */
const SCHEMA_OPTIONS = { validateArguments: 2, checkSchema: 1 };

/** `options.schemas` with values turned into JSON text (a copy; the caller's object is not changed). */
function schemaOptions(options, where) {
  const schemas = options?.schemas;
  if (schemas === null || typeof schemas !== 'object') return options;
  const texts = {};
  for (const [uri, schema] of Object.entries(schemas)) texts[uri] = jsonText(schema, `${where} options.schemas[${JSON.stringify(uri)}]`);
  return { ...options, schemas: texts };
}

/** The `Validator` class taking values for the schema and the arguments (a subclass of `Base`;
 * `isValid` takes values through `textOf`, with no wrapper on its hot path). */
function valueValidator(Base) {
  const fromValue = new WeakSet();
  return class Validator extends Base {
    /** Compiles a schema: JSON text, or the schema value itself. */
    constructor(schema, options) {
      const text = jsonText(schema, 'Validator: argument 1');
      try {
        super(text, schemaOptions(options, 'Validator:'));
      } catch (error) {
        if (error?.name === 'SchemaError' && text !== schema) dropAllSpans(error.diagnostics);
        throw error;
      }
      if (text !== schema) fromValue.add(this);
    }

    /** Validates arguments: JSON text, or the value itself (its findings then have no `span`). */
    validate(args) {
      const report = super.validate(typeof args === 'string' ? args : jsonText(args, 'Validator.validate: argument 1'));
      if (typeof args !== 'string') dropSpans(report.diagnostics, 'span');
      if (fromValue.has(this)) dropSpans(report.diagnostics, 'schemaSpan');
      return report;
    }
  };
}

/** Labels of recover.js's string checks (export, or `Class.method`) whose text may be a value. */
const VALUE_LABELS = new Set(['Validator.isValid']);

/**
 * The `toText` hook of recover.js's `recoverable`: the JSON text of a value given where `label`
 * takes JSON text (argument `index`), or undefined where only text is taken.
 */
export function textOf(label, index, value) {
  return VALUE_LABELS.has(label) ? jsonText(value, `${label}: argument ${index + 1}`) : undefined;
}

/**
 * The package API (`recoverable`'s) with values accepted wherever JSON text is: the exports of
 * `FUNCTIONS` and `Validator` wrapped, the rest (`format`, `formatDocument`: text only, since
 * exactness is their point) as they are.
 */
export function acceptValues(api) {
  const wrapped = { ...api };
  for (const [name, spec] of Object.entries(FUNCTIONS)) {
    if (typeof api[name] === 'function') wrapped[name] = valueFunction(name, api[name], spec);
  }
  for (const [name, at] of Object.entries(SCHEMA_OPTIONS)) {
    const fn = wrapped[name];
    if (!fn) continue;
    wrapped[name] = (...args) => {
      args[at] = schemaOptions(args[at], `${name}:`);
      return fn(...args);
    };
  }
  if (api.Validator) wrapped.Validator = valueValidator(api.Validator);
  return wrapped;
}
