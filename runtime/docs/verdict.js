// The verdict on one docs example: the checks `<mcp-json>` shows and `checkDocs` reports, computed
// the same way in the browser (through the element's worker) and in Node (the package directly).
// Every runner gets `api = { call(fn, ...args) → Promise, has(fn) → boolean }`.

/** The modes of an example; `auto` validates when a schema is given and classifies otherwise. */
export const MODES = ['format', 'validate', 'classify', 'session', 'auto'];

/**
 * @typedef {{ text: string, tone: 'ok' | 'error' | 'warning' | 'info' | 'kind' | 'muted' }} Badge
 * @typedef {object} Verdict
 * @property {string} mode        the mode that ran (`auto` resolved)
 * @property {Badge[]} badges
 * @property {string} summary     one line, e.g. "task handle, poll tasks/get every 5 s"
 * @property {object[]} diagnostics  `Diagnostic`s, each with `on: 'example' | 'schema'` (the text its span points into)
 * @property {number} errors      diagnostics of severity error
 * @property {string} [kind]      the classified kind
 * @property {string|null} [generation]
 * @property {string} [output]    the example pretty-printed, when it is JSON
 */

/** Diagnostics tagged with the text their spans point into. */
function on(where, diagnostics = []) {
  return diagnostics.map((diagnostic) => ({ ...diagnostic, on: where }));
}

/** A thrown `JsonError` as a diagnostic at its position, its message as thrown; any other error is rethrown. */
export function jsonErrorAt(error) {
  if (error?.name !== 'JsonError') throw error;
  const span = { start: error.offset, end: error.offset, line: error.line, column: error.column, endLine: error.line, endColumn: error.column };
  return { severity: 'error', code: error.code, message: error.message, instancePath: '', span };
}

/** A thrown `JsonError` as a diagnostic on `where`; any other error is rethrown. */
function jsonErrorDiagnostic(error, where) {
  const diagnostic = jsonErrorAt(error);
  return { ...diagnostic, message: `not JSON: ${diagnostic.message}`, on: where };
}

/** Whether `text` is JSON (the format core reads it): which of two texts a `JsonError` is about. */
export function isJson(api, text) {
  return api.call('format', text, { minify: true }).then(() => true, () => false);
}

/** The badge of a classified kind. */
export function kindBadge(kind) {
  return { text: kind, tone: kind === 'Unknown' ? 'muted' : 'kind' };
}

/** "3:7" (line:column) of a span, or "". */
export function position(span) {
  return span ? `${span.line}:${span.column}` : '';
}

/** "1 error", "3 errors". */
function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The verdict with its error count and an errors badge when there are errors. */
function finish(verdict) {
  const errors = verdict.diagnostics.filter((d) => d.severity === 'error').length;
  const badges = [...verdict.badges];
  if (errors && !badges.some((b) => b.tone === 'error')) badges.push({ text: plural(errors, 'error'), tone: 'error' });
  return { ...verdict, badges, errors };
}

/** The example as JSON: exact pretty print and warnings (duplicate keys, ...). */
async function formatVerdict(api, text) {
  try {
    const result = await api.call('formatDocument', text, {});
    return finish({ mode: 'format', badges: [{ text: 'valid JSON', tone: 'ok' }], summary: 'JSON', diagnostics: on('example', result.diagnostics), output: result.output });
  } catch (error) {
    return finish({ mode: 'format', badges: [{ text: 'not JSON', tone: 'error' }], summary: 'not JSON', diagnostics: [jsonErrorDiagnostic(error, 'example')] });
  }
}

/** The `inputSchema` of a Tool definition, or the text itself when it is a schema. */
export function inputSchemaText(schemaText) {
  try {
    const value = JSON.parse(schemaText);
    if (value && typeof value.inputSchema === 'object' && value.inputSchema !== null) {
      return { text: JSON.stringify(value.inputSchema, null, 2), fromTool: true };
    }
  } catch {
    /* not JSON: the validator reports it */
  }
  return { text: schemaText, fromTool: false };
}

/** Arguments against a schema (or a Tool's inputSchema). */
async function validateVerdict(api, text, schemaText) {
  if (schemaText === undefined) {
    const diagnostic = { severity: 'error', code: 'missing-schema', message: 'validate needs a schema: schema="#id" or a schema fence', instancePath: '', on: 'example' };
    return finish({ mode: 'validate', badges: [{ text: 'no schema', tone: 'error' }], summary: 'no schema to validate against', diagnostics: [diagnostic] });
  }
  const schema = inputSchemaText(schemaText);
  let report;
  try {
    report = await api.call('validateArguments', schema.text, text);
  } catch (error) {
    if (Array.isArray(error?.diagnostics)) {
      const diagnostics = on('schema', error.diagnostics).map((d) => (schema.fromTool ? { ...d, span: undefined } : d));
      return finish({ mode: 'validate', badges: [{ text: 'invalid schema', tone: 'error' }], summary: error.message, diagnostics });
    }
    const broken = (await isJson(api, schema.text)) ? 'example' : 'schema';
    const diagnostic = jsonErrorDiagnostic(error, broken);
    if (broken === 'schema' && schema.fromTool) delete diagnostic.span;
    return finish({ mode: 'validate', badges: [{ text: 'not JSON', tone: 'error' }], summary: `the ${broken === 'schema' ? 'schema' : 'arguments'} are not JSON`, diagnostics: [diagnostic] });
  }
  const diagnostics = on('example', report.diagnostics);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const badges = [report.valid ? { text: 'valid', tone: 'ok' } : { text: plural(errors, 'error'), tone: 'error' }];
  if (report.stringified) badges.push({ text: 'stringified', tone: 'warning' });
  const summary = report.valid ? 'valid arguments' : `invalid arguments: ${diagnostics.find((d) => d.severity === 'error')?.message ?? ''}`;
  return finish({ mode: 'validate', badges, summary, diagnostics });
}

/** Diagnostics of a classification and of its items, without repeats. */
export function classificationDiagnostics(classification) {
  const all = [...(classification.diagnostics ?? []), ...(classification.items ?? []).flatMap((item) => item.diagnostics ?? [])];
  const seen = new Set();
  return all.filter((d) => {
    const key = `${d.code}|${d.instancePath}|${d.span?.start}|${d.message}`;
    return !seen.has(key) && seen.add(key);
  });
}

/** A classification summary as one line: "task handle, poll tasks/get every 5 s". */
function summaryLine(kind, summary) {
  if (!summary) return { Unknown: 'not an MCP payload', Tool: 'tool definition' }[kind] ?? kind;
  switch (summary.type) {
    case 'task':
      if (summary.handle) return `task handle, poll tasks/get${summary.pollInterval ? ` every ${summary.pollInterval.human}` : ''}`;
      return `task ${summary.status ?? 'of unknown status'}${summary.terminal ? ' (final)' : ''}`;
    case 'toolResult':
      return `tool result${summary.isError ? ' (isError)' : ''}: ${plural(summary.content.length, 'content block')}${summary.structuredContent ? ', structuredContent' : ''}`;
    case 'request':
      return `${summary.notification ? 'notification' : 'request'} ${summary.method}${summary.toolName ? ` (${summary.toolName})` : ''}${summary.asksForTask ? ', runs as a task' : ''}`;
    case 'error':
      return `error ${summary.code ?? ''} ${summary.name}`.replace(/\s+/g, ' ');
    case 'taskList':
      return `${plural(summary.tasks.length, 'task')}${summary.more ? ', more to fetch' : ''}`;
    case 'batch':
      return `${plural(summary.count, 'message')}: ${summary.kinds.join(', ')}`;
    default:
      return kind;
  }
}

/** Kinds a Tool's `outputSchema` applies to (a tool result) and the kind a tools/call request is. */
const RESULT_KINDS = new Set(['CallToolResult', 'GetTaskPayloadResult']);

/** Host checks of a payload against the Tool it belongs to (`checkToolResult` / `checkToolCall`). */
async function hostDiagnostics(api, kind, text, toolText) {
  if (!toolText || !inputSchemaText(toolText).fromTool) return [];
  if (RESULT_KINDS.has(kind) && api.has('checkToolResult')) return on('example', (await api.call('checkToolResult', toolText, text)).diagnostics);
  if (kind === 'CallToolRequest' && api.has('checkToolCall')) return on('example', (await api.call('checkToolCall', toolText, text)).diagnostics);
  return [];
}

/** Names the payload (kind, generation, summary); with a Tool given, also the host's checks against it. */
async function classifyVerdict(api, text, toolText, fallBack) {
  const classification = await api.call('classify', text);
  const { kind, generation } = classification;
  if (fallBack && kind === 'Unknown' && !classification.items) return formatVerdict(api, text);
  const extra = await hostDiagnostics(api, kind, text, toolText);
  const seen = new Set(classificationDiagnostics(classification).map((d) => d.message));
  const diagnostics = [...on('example', classificationDiagnostics(classification)), ...extra.filter((d) => !seen.has(d.message))];
  const badges = [kindBadge(kind)];
  if (generation) badges.push({ text: generation, tone: 'info' });
  return finish({ mode: 'classify', badges, summary: summaryLine(kind, classification.summary), diagnostics, kind, generation });
}

/** Replays a session transcript: its tasks and lifecycle findings. */
async function sessionVerdict(api, text) {
  let replay;
  try {
    replay = await api.call('replaySession', text);
  } catch (error) {
    return finish({ mode: 'session', badges: [{ text: 'not JSON', tone: 'error' }], summary: 'not a transcript', diagnostics: [jsonErrorDiagnostic(error, 'example')] });
  }
  const tasks = Object.entries(replay.tasks ?? {});
  const summary = tasks.map(([id, task]) => `${task.toolName ?? 'task'} ${id.slice(0, 8)}: ${task.lastStatus ?? '?'}`).join(' · ');
  return finish({ mode: 'session', badges: [{ text: plural(tasks.length, 'task'), tone: 'kind' }], summary: summary || 'no tasks', diagnostics: on('example', replay.diagnostics) });
}

/** The function each mode needs. */
const NEEDS = { format: 'formatDocument', validate: 'validateArguments', classify: 'classify', session: 'replaySession' };

/**
 * Checks one example. `mode` is one of `MODES`; `schema` is the schema text (or a Tool's text) the
 * example refers to, if any.
 * @returns {Promise<Verdict>}
 */
export async function check(api, { mode = 'auto', text, schema }) {
  const auto = mode === 'auto' || !MODES.includes(mode);
  const resolved = auto ? (schema !== undefined ? 'validate' : 'classify') : mode;
  if (!api.has(NEEDS[resolved])) {
    if (auto || resolved === 'format') return formatVerdict(api, text);
    return finish({ mode: resolved, badges: [{ text: 'not available', tone: 'muted' }], summary: `${NEEDS[resolved]} is not in this build`, diagnostics: [] });
  }
  switch (resolved) {
    case 'format':
      return formatVerdict(api, text);
    case 'validate':
      return validateVerdict(api, text, schema);
    case 'session':
      return sessionVerdict(api, text);
    default:
      return classifyVerdict(api, text, schema, auto);
  }
}

/**
 * What is wrong with `verdict` given the author's `expect` (`valid`, `invalid` or a kind such as
 * `CreateTaskResult`): a sentence, or null when it agrees (or nothing is expected).
 */
export function disagreement(verdict, expect) {
  if (!expect) return null;
  if (expect === 'valid') return verdict.errors === 0 ? null : `expected valid, found ${plural(verdict.errors, 'error')}`;
  if (expect === 'invalid') return verdict.errors > 0 ? null : 'expected invalid, but the example has no errors';
  if (verdict.kind === expect) return null;
  return `expected ${expect}, found ${verdict.kind ?? `no kind (${verdict.mode} mode)`}`;
}
