// The modes: what each check of a JSON text (format, validate, classify, session, elicitation)
// asks the wasm and the view of its answer. The toolbox page's tabs (www/tabs.js) and
// `<mcp-json>` with the docs check (`check` below) run the same runners, in the browser (through
// a worker) and in Node (the package directly). Every runner gets
// `api = { call(fn, ...args) → Promise, has(fn) → boolean }`, its texts and, for each text, the
// `place` its diagnostics are tagged with (the page: `{ editor: 'a' }`; the docs:
// `{ on: 'example' }`), and returns a view:
//
//   { mode, badges, line, diagnostics, message?, banner?, summary?, formatted?, output?, kind?,
//     generation?, timeline?, sequence?, form?, notJson? }
//
// `line` is the answer in one line ("task handle, poll tasks/get every 5 s"), `summary` the
// classifier's summary card, `formatted` the (first) text pretty-printed, `output` what the
// page's output pane shows (for a session, the task state); `notJson` marks the view of a text
// that is not JSON (a front end may try it as something else, e.g. a log).

/**
 * @typedef {{ text: string, tone: 'ok' | 'error' | 'warning' | 'info' | 'kind' | 'muted', title?: string }} Badge
 * @typedef {object} Verdict     the docs' view of one example (`check`)
 * @property {string} mode        the mode that ran (`auto` resolved)
 * @property {Badge[]} badges
 * @property {string} summary     one line, e.g. "task handle, poll tasks/get every 5 s"
 * @property {object[]} diagnostics  `Diagnostic`s, each with `on: 'example' | 'schema'` (the text its span points into)
 * @property {number} errors      diagnostics of severity error
 * @property {string} [kind]      the classified kind
 * @property {string|null} [generation]
 * @property {string} [output]    the example pretty-printed, when it is JSON
 * @property {{ mismatch?: object, deliberate: boolean }} judgement  the crate's judgement of
 *   the verdict against the author's `expect`: the `expect-mismatch` Diagnostic (no span), and
 *   whether the example is broken on purpose
 */

/** The modes of a docs example; `auto` validates when a schema is given and classifies otherwise. */
export const MODES = ['format', 'validate', 'classify', 'session', 'auto'];

/** Diagnostics tagged with the text their spans point into (`place`: `{ editor: 'a' }`, `{ on: 'example' }`). */
export function placed(place, diagnostics = []) {
  return diagnostics.map((diagnostic) => ({ ...diagnostic, ...place }));
}

/** A thrown `JsonError`'s finding, as the crate made it (`error.diagnostic`); any other error is rethrown. */
export function jsonErrorAt(error) {
  if (error?.name !== 'JsonError') throw error;
  return error.diagnostic;
}

/** The view of a text that is not JSON (`what`: "The arguments"), from the `JsonError` thrown; any other error is rethrown. */
function notJson(mode, error, place, what = 'The input') {
  const diagnostic = jsonErrorAt(error);
  const said = `${what} ${what.endsWith('s') ? 'are' : 'is'} not JSON`;
  return {
    mode,
    notJson: true,
    badges: [{ text: 'not JSON', tone: 'error' }],
    line: said.replace(/^The /, 'the '),
    message: `${said}: line ${error.line}, column ${error.column}: ${error.message}`,
    diagnostics: [{ ...diagnostic, message: `not JSON: ${diagnostic.message}`, ...place }],
  };
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
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The format view of `formatDocument`'s result; `pending` names what follows once the full build has loaded. */
function formatView(result, place, pending) {
  const badges = [{ text: 'valid JSON', tone: 'ok' }];
  if (result.unwrapDepth) badges.push({ text: `unwrapped ${result.unwrapDepth} string layer(s)`, tone: 'info' });
  if (pending) badges.push({ text: `${pending} when the validator has loaded…`, tone: 'muted' });
  return { mode: 'format', badges, line: 'JSON', diagnostics: placed(place, result.diagnostics), formatted: result.output, output: result.output, pending: Boolean(pending) };
}

/** The text pretty-printed with `options`, with its warnings (duplicate keys, ...).
 * @param {any} api @param {string} text @param {{ place?: object, options?: object, pending?: string }} [view] */
export async function formatMode(api, text, { place, options = {}, pending } = {}) {
  try {
    return formatView(await api.call('formatDocument', text, options), place, pending);
  } catch (error) {
    return { ...notJson('format', error, place), pending: Boolean(pending) };
  }
}

/** The badge of a validate view given before the schema lint's findings (`pending`). */
const LINT_PENDING = { text: 'schema lint when the full build has loaded…', tone: 'muted' };

/**
 * Arguments against a schema or a Tool definition (the crate decides which, and says
 * `missing-schema` when there is none: `schemaText` undefined); the schema's diagnostics point
 * into `schemaText` either way. With `decode` (format options), the output is the arguments
 * decoded (a stringified object unwrapped) and pretty-printed. `pending`: the answer may come
 * from the server build (the same verdict, without the schema lint's findings), which the view
 * says (a badge, and `pending: true` for the caller to run it again once the full build is there).
 * @param {any} api @param {string | undefined} schemaText @param {string} argsText
 * @param {{ place?: object, schemaPlace?: object, decode?: object, pending?: boolean }} [view]
 */
export async function validateMode(api, schemaText, argsText, { place, schemaPlace, decode, pending = false } = {}) {
  let report;
  try {
    report = await api.call('validateToolArguments', schemaText, argsText);
  } catch (error) {
    if (Array.isArray(error?.diagnostics)) {
      const badges = [{ text: 'invalid schema', tone: 'error' }, ...(pending ? [LINT_PENDING] : [])];
      return { mode: 'validate', badges, line: error.message, message: error.message, diagnostics: placed(schemaPlace, error.diagnostics), pending };
    }
    if (error?.name !== 'JsonError') throw error;
    const schemaBroken = schemaText !== undefined && !(await isJson(api, schemaText));
    return schemaBroken ? notJson('validate', error, schemaPlace, 'The inputSchema') : notJson('validate', error, place, 'The arguments');
  }
  const diagnostics = placed(place, report.diagnostics);
  const badges = [report.valid ? { text: 'valid arguments', tone: 'ok' } : { text: 'invalid arguments', tone: 'error' }];
  if (report.stringified) badges.push({ text: 'stringified', tone: 'warning', title: 'The arguments were a JSON string holding the object' });
  if (pending) badges.push(LINT_PENDING);
  const line = report.valid ? 'valid arguments' : `invalid arguments: ${diagnostics.find((d) => d.severity === 'error')?.message ?? ''}`;
  if (!decode) return { mode: 'validate', badges, line, diagnostics, pending };
  const output = await api.call('formatDocument', argsText, { ...decode, unwrapString: true }).then((r) => r.output, () => '');
  const message = report.stringified ? 'The arguments arrived as a JSON string; the output shows them decoded.' : '';
  return { mode: 'validate', badges, line, message, diagnostics, output, pending };
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

/**
 * Names the payload (kind and generation badges, the summary card and line, the classifier's
 * advice as banner) beside its pretty print; with a Tool's text (`tool`), the crate also checks
 * the payload against that tool as its kind asks (src/host/payload.rs). `fallBack`: a payload of
 * no known kind is shown as plain JSON (format mode).
 * @param {any} api @param {string} text @param {{ place?: object, options?: object, tool?: string, fallBack?: boolean }} [view]
 */
export async function classifyMode(api, text, { place, options = {}, tool, fallBack = false } = {}) {
  let formatted;
  try {
    formatted = await api.call('formatDocument', text, options);
  } catch (error) {
    return notJson('classify', error, place);
  }
  const classification = await api.call('classify', text, tool);
  const { kind, generation, versions = [], items } = classification;
  if (fallBack && kind === 'Unknown' && !items) return formatView(formatted, place);
  // The classifier's one-sentence advice becomes the banner; the rest of the summary is the card.
  const { nextStep: advice, ...summary } = classification.summary ?? {};
  if (items?.length) summary.items = items.map((item) => item.kind);
  return {
    mode: 'classify',
    badges: [
      kindBadge(kind),
      { text: generation ?? 'generation unknown', tone: generation ? 'info' : 'muted', title: versions.length ? `Valid for ${versions.join(', ')}` : 'Valid for no schema version' },
    ],
    line: summaryLine(kind, classification.summary),
    banner: advice,
    summary,
    // A batch's list holds each of its items' findings once (src/classify/document.rs).
    diagnostics: placed(place, classification.diagnostics),
    formatted: formatted.output,
    output: formatted.output,
    kind,
    generation,
    items,
  };
}

/**
 * Replays a session transcript: its tasks (the output is their state, each one's history the
 * timeline) and lifecycle findings; the optional tool text (a Tool or a tools/list result) is
 * checked with `checkTool`.
 */
/** What the crate calls the log format `name` (its `label` in `logFormats()`), or the name where the build lists none. */
export async function logFormatLabel(api, name) {
  const formats = api.has('logFormats') ? await api.call('logFormats') : [];
  return formats.find((format) => format.name === name)?.label ?? name;
}

/** @param {any} api @param {string} transcript @param {{ place?: object, tool?: string, toolPlace?: object }} [view] */
export async function sessionMode(api, transcript, { place, tool, toolPlace } = {}) {
  let replay;
  try {
    // A pasted log of any format replayLog reads (its spans are into the log as pasted); builds
    // without it replay transcripts only.
    replay = api.has('replayLog') ? await api.call('replayLog', transcript) : await api.call('replaySession', transcript);
  } catch (error) {
    return notJson('session', error, place, 'The transcript');
  }
  const toolReport = tool?.trim() && api.has('checkTool') ? await api.call('checkTool', tool) : { diagnostics: [] };
  const tasks = Object.entries(replay.tasks ?? {});
  const state = Object.fromEntries(tasks.map(([id, { history, ...task }]) => [id, task]));
  const line = tasks.map(([id, task]) => `${task.toolName ?? 'task'} ${id.slice(0, 8)}: ${task.lastStatus ?? '?'}`).join(' · ');
  return {
    mode: 'session',
    badges: [
      ...(replay.format && replay.format !== 'transcript' ? [{ text: `${await logFormatLabel(api, replay.format)} · ${plural(replay.counts.messages, 'message')}`, tone: 'info', title: `${replay.detected}: messages read from the pasted log; findings point into it` }] : []),
      { text: plural(tasks.length, 'task'), tone: 'kind' },
    ],
    line: line || 'no tasks',
    timeline: tasks,
    // Drawn as a sequence diagram by www/sequence.js.
    sequence: { transcript, report: replay },
    diagnostics: [...placed(place, replay.diagnostics), ...placed(toolPlace, toolReport.diagnostics)],
    output: JSON.stringify(state, null, 2),
  };
}

/**
 * Checks an elicitation request (either generation) and, optionally, its answer; the view's
 * `form` is what the page previews (www/elicitation-form.js).
 * @param {any} api @param {string} request @param {string | undefined} response @param {{ place?: object, answerPlace?: object }} [view]
 */
export async function elicitationMode(api, request, response, { place, answerPlace } = {}) {
  let report;
  try {
    report = await api.call('checkElicitation', request, response.trim() ? response : undefined);
  } catch (error) {
    return notJson('elicitation', error, place, 'The request');
  }
  const modes = [...new Set(report.requests.map((r) => r.mode))];
  return {
    mode: 'elicitation',
    badges: [
      report.valid ? { text: 'valid elicitation', tone: 'ok' } : { text: 'invalid elicitation', tone: 'error' },
      { text: report.generation ?? 'generation unknown', tone: report.generation ? 'info' : 'muted' },
      ...modes.map((mode) => ({ text: `${mode} mode`, tone: 'kind' })),
    ],
    line: report.valid ? 'valid elicitation' : 'invalid elicitation',
    diagnostics: [...placed(place, report.diagnostics), ...placed(answerPlace, report.responseDiagnostics)],
    form: { requestText: request, requests: report.requests },
    output: response,
  };
}

/** The function each docs mode needs. */
const NEEDS = { format: 'formatDocument', validate: 'validateToolArguments', classify: 'classify', session: 'replaySession' };

/** Where a docs example's diagnostics point: the example, or the schema it refers to. */
const EXAMPLE = { on: 'example' };
const SCHEMA = { on: 'schema' };

/** The docs' verdict from a view: its line as summary, its error count (and an errors badge), the example pretty-printed.
 * @param {{ mode: string, badges: any[], line: string, diagnostics: any[], kind?: string, generation?: string | null, formatted?: string }} view */
function verdict({ mode, badges, line, diagnostics, kind, generation, formatted }) {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const counted = errors && !badges.some((b) => b.text === plural(errors, 'error')) ? [{ text: plural(errors, 'error'), tone: 'error' }] : [];
  return { mode, badges: [...badges, ...counted], summary: line, diagnostics, errors, kind, generation, output: formatted };
}

/** The view of one docs example in its mode (`auto` resolved). */
async function exampleView(api, { mode = 'auto', text, schema }) {
  const auto = mode === 'auto' || !MODES.includes(mode);
  const resolved = auto ? (schema !== undefined ? 'validate' : 'classify') : mode;
  if (!api.has(NEEDS[resolved])) {
    if (auto || resolved === 'format') return formatMode(api, text, { place: EXAMPLE });
    return { mode: resolved, badges: [{ text: 'not available', tone: 'muted' }], line: `${NEEDS[resolved]} is not in this build`, diagnostics: [] };
  }
  switch (resolved) {
    case 'format':
      return formatMode(api, text, { place: EXAMPLE });
    case 'validate':
      return validateMode(api, schema, text, { place: EXAMPLE, schemaPlace: SCHEMA });
    case 'session':
      return sessionMode(api, text, { place: EXAMPLE });
    default:
      return classifyMode(api, text, { place: EXAMPLE, tool: schema, fallBack: auto });
  }
}

/**
 * Checks one docs example. `mode` is one of `MODES`; `schema` is the schema text (or a Tool's
 * text) the example refers to, if any; `expect` what its author expects (`valid`, `invalid`, a
 * kind), which the crate judges the verdict against (`judgeExample`, in every build).
 * @returns {Promise<Verdict>}
 */
export async function check(api, { mode, text, schema, expect }) {
  const seen = verdict(await exampleView(api, { mode, text, schema }));
  const { kind, summary, diagnostics } = seen;
  const severities = diagnostics.map((d) => d.severity);
  return { ...seen, judgement: await api.call('judgeExample', seen.mode, kind, summary, severities, expect ?? undefined) };
}
