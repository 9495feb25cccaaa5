// What each tab asks the wasm worker and how the answer is shown. Every runner gets
// `api = {call(fn, ...args), has(fn), now(fn)}` (`has`: the page's wasm builds export `fn`; `now`:
// it runs without waiting for the full build to load), the tab's texts and the output options, and returns a view
// `{badges, message?, banner?, next?, summary?, timeline?, sequence?, diagnostics: [{...Diagnostic, editor: 'a' | 'b'}], output?}`,
// where `next = {label, tab, docs}` offers to open the texts in another tab.
import { classificationDiagnostics, inputSchemaText, isJson, jsonErrorAt, kindBadge } from '../runtime/docs/verdict.js';

import { compatOf, compatView } from './compat-view.js';

/** Diagnostics tagged with the editor whose text their `span` points into. */
function on(editor, diagnostics = []) {
  return diagnostics.map((diagnostic) => ({ ...diagnostic, editor }));
}

/** A `JsonError` thrown by the worker as a view pointing at `editor`; other errors are rethrown. */
function jsonErrorView(error, editor, what = 'The input') {
  const diagnostic = jsonErrorAt(error);
  return {
    badges: [{ text: 'not JSON', tone: 'error' }],
    message: `${what} is not JSON: line ${error.line}, column ${error.column}: ${error.message}`,
    diagnostics: [{ ...diagnostic, editor }],
  };
}

/** Pretty-prints with the output options; `pending` names what follows once the full build has loaded. */
async function formatView(api, text, options, pending) {
  try {
    const result = await api.call('formatDocument', text, options);
    const badges = [{ text: 'valid JSON', tone: 'ok' }];
    if (result.unwrapDepth) badges.push({ text: `unwrapped ${result.unwrapDepth} string layer(s)`, tone: 'info' });
    if (pending) badges.push({ text: `${pending} when the validator has loaded…`, tone: 'muted' });
    return { badges, diagnostics: on('a', result.diagnostics), output: result.output };
  } catch (error) {
    return jsonErrorView(error, 'a');
  }
}

/** What to tell a reader about a task handle, by generation. */
function taskHandleBanner(generation) {
  const next = generation === '2026-07-28'
    ? 'poll it with tasks/get; the completed task carries the tool result.'
    : 'poll it with tasks/get, then fetch the tool result with tasks/result.';
  return `Task handle, not a tool result: ${next}`;
}

/** The names of the log formats `replayLog` reads, as the page shows them. */
const LOG_FORMATS = {
  transcript: 'transcript',
  vscode: 'VS Code MCP log',
  har: 'HAR',
  jsonl: 'JSON Lines log',
  'mcp-debugger': 'mcp-debugger export',
};

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A pasted log (VS Code's MCP output, a HAR, JSON Lines among other lines, an mcp-debugger export)
 * as a view offering the Session tab; undefined for anything else (a transcript, a payload).
 */
async function logView(api, text) {
  if (!api.has('readLog') || !text.trim()) return undefined;
  const format = await api.call('detectLogFormat', text);
  if (format === 'transcript') return undefined;
  const log = await api.call('readLog', text);
  if (log.entries.length === 0) return undefined;
  const name = LOG_FORMATS[format];
  return {
    badges: [{ text: name, tone: 'kind' }, { text: plural(log.entries.length, 'message'), tone: 'info' }],
    message: `A ${name} with ${plural(log.entries.length, 'JSON-RPC message')}: replay it as a session to see them in order, with the findings on their lines.`,
    next: { label: 'Replay this log as a session', tab: 'session', docs: { a: text } },
    diagnostics: on('a', log.diagnostics),
  };
}

/** Names the payload (kind + generation badges, summary card, diagnostics) beside its pretty print. */
async function classifyView(api, text, options) {
  // A log is looked for only in what is not one JSON value (VS Code output, JSON Lines among other
  // lines) or in JSON that opens like a HAR or an export: no extra pass over a payload.
  let formatted;
  try {
    formatted = await api.call('formatDocument', text, options);
  } catch (error) {
    return (await logView(api, text)) ?? jsonErrorView(error, 'a');
  }
  const classification = await api.call('classify', text);
  const { kind, generation, versions = [], items } = classification;
  // A HAR (`{"log": …}`) or an mcp-debugger export (`{"session": …}`; its `tools` look like a list).
  if (/^\s*\{\s*"(log|session)"/.test(text.slice(0, 200))) {
    const log = await logView(api, text);
    if (log) return log;
  }
  // The classifier's one-sentence advice becomes the banner; the rest of the summary is the card.
  const { nextStep: advice, ...summary } = classification.summary ?? {};
  if (items?.length) summary.items = items.map((item) => item.kind);
  return {
    next: nextStep(api, kind, items, text),
    badges: [
      kindBadge(kind),
      { text: generation ?? 'generation unknown', tone: generation ? 'info' : 'muted', title: versions.length ? `Valid for ${versions.join(', ')}` : 'Valid for no schema version' },
    ],
    banner: advice ?? (kind === 'CreateTaskResult' ? taskHandleBanner(generation) : undefined),
    summary,
    diagnostics: on('a', classificationDiagnostics(classification)),
    output: formatted.output,
    // A tool or a tools/list: who takes it, at once.
    compat: TOOL_KINDS.has(kind) && api.has('checkCompatibility') ? await compatOf(api, text) : undefined,
  };
}

/** The kinds the home paste box shows the Compatibility matrix for (a view's `compat`, drawn by www/compat-view.js). */
const TOOL_KINDS = new Set(['Tool', 'ListToolsResult']);

/** Where to go from a classified payload: a tool's inputSchema to Validate, a message list to Session. */
function nextStep(api, kind, items, text) {
  if (kind === 'Tool' && api.has('validateArguments')) {
    const schema = inputSchemaText(text);
    if (schema.fromTool) return { label: 'Validate arguments against this inputSchema', tab: 'validate', docs: { a: schema.text, b: '{}' } };
  }
  if (items?.length > 1 && api.has('replaySession')) {
    return { label: 'Replay these messages as a session', tab: 'session', docs: { a: text } };
  }
  return undefined;
}

/** Checks arguments against an inputSchema; the output shows the arguments decoded and formatted. */
async function validateView(api, schema, args, options) {
  let report;
  try {
    report = await api.call('validateArguments', schema, args);
  } catch (error) {
    if (error.name === 'JsonError') {
      const schemaBroken = !(await isJson(api, schema));
      return jsonErrorView(error, schemaBroken ? 'a' : 'b', schemaBroken ? 'The inputSchema' : 'The arguments');
    }
    if (!Array.isArray(error.diagnostics)) throw error;
    return { badges: [{ text: 'invalid schema', tone: 'error' }], message: error.message, diagnostics: on('a', error.diagnostics) };
  }
  const decoded = await api.call('formatDocument', args, { ...options, unwrapString: true }).then((r) => r.output, () => '');
  const badges = [report.valid ? { text: 'valid arguments', tone: 'ok' } : { text: 'invalid arguments', tone: 'error' }];
  if (report.stringified) badges.push({ text: 'stringified', tone: 'warning', title: 'The arguments were a JSON string holding the object' });
  return {
    badges,
    message: report.stringified ? 'The arguments arrived as a JSON string; the output shows them decoded.' : '',
    diagnostics: on('b', report.diagnostics),
    output: decoded,
  };
}

/**
 * Replays a session transcript: the host's task state as output, the lifecycle findings as
 * diagnostics; the optional tool text (a Tool or a tools/list result) is checked with `checkTool`.
 */
async function sessionView(api, transcript, tool) {
  let replay;
  try {
    // A pasted log of any format replayLog reads (its spans are into the log as pasted); builds
    // without it replay transcripts only.
    replay = api.has('replayLog') ? await api.call('replayLog', transcript) : await api.call('replaySession', transcript);
  } catch (error) {
    return jsonErrorView(error, 'a', 'The transcript');
  }
  const toolReport = tool.trim() && api.has('checkTool') ? await api.call('checkTool', tool) : { diagnostics: [] };
  const tasks = Object.entries(replay.tasks ?? {});
  // The output is the host's session state; each task's history is drawn as the timeline instead.
  const state = Object.fromEntries(tasks.map(([id, { history, ...task }]) => [id, task]));
  const log = replay.format && replay.format !== 'transcript';
  return {
    badges: [
      ...(log ? [{ text: `${LOG_FORMATS[replay.format]} · ${plural(replay.entries.length, 'message')}`, tone: 'info', title: 'Messages read from the pasted log; findings point into it' }] : []),
      { text: plural(tasks.length, 'task'), tone: 'kind' },
    ],
    timeline: tasks,
    // Drawn as a sequence diagram by www/sequence.js.
    sequence: { transcript, report: replay },
    diagnostics: [...on('a', replay.diagnostics), ...on('b', toolReport.diagnostics)],
    output: JSON.stringify(state, null, 2),
  };
}

/**
 * Checks an elicitation request (either generation) and the answer in the second editor; the view's
 * `form` is what the page previews (www/elicitation-form.js), and its answer fills that editor.
 */
async function elicitationView(api, request, response) {
  let report;
  try {
    report = await api.call('checkElicitation', request, response.trim() ? response : undefined);
  } catch (error) {
    return jsonErrorView(error, 'a', 'The request');
  }
  const modes = [...new Set(report.requests.map((r) => r.mode))];
  return {
    badges: [
      report.valid ? { text: 'valid elicitation', tone: 'ok' } : { text: 'invalid elicitation', tone: 'error' },
      { text: report.generation ?? 'generation unknown', tone: report.generation ? 'info' : 'muted' },
      ...modes.map((mode) => ({ text: `${mode} mode`, tone: 'kind' })),
    ],
    diagnostics: [...on('a', report.diagnostics), ...on('b', report.responseDiagnostics)],
    form: { requestText: request, requests: report.requests },
    output: response,
  };
}

/** The tabs: labels of their inputs (`b` only when the tab has two), the wasm functions they need, their runner. */
export const TABS = {
  home: {
    a: 'Paste anything MCP: a tool, arguments, a result, a task, a message',
    needs: ['formatDocument'],
    // Formats at once with the format core; classifies once the full build is there (the page
    // runs the tab again when it arrives).
    run: (api, a, _b, options) => {
      if (!api.has('classify')) return formatView(api, a, options);
      return api.now('classify') ? classifyView(api, a, options) : formatView(api, a, options, 'classifying');
    },
  },
  format: { a: 'JSON', needs: ['formatDocument'], run: (api, a, _b, options) => formatView(api, a, options) },
  validate: {
    a: 'inputSchema',
    b: 'Arguments (an object, or a JSON string holding one)',
    needs: ['validateArguments', 'formatDocument'],
    run: (api, a, b, options) => validateView(api, a, b, options),
  },
  classify: { a: 'MCP payload', needs: ['classify', 'formatDocument'], run: (api, a, _b, options) => classifyView(api, a, options) },
  elicit: {
    a: 'Elicitation request: elicitation/create, its params, or inputRequests',
    b: 'Answer: ElicitResult or inputResponses (the form below fills it)',
    needs: ['checkElicitation'],
    run: (api, a, b) => elicitationView(api, a, b),
  },
  compat: {
    a: 'Tool, array of tools, or tools/list result',
    needs: ['checkCompatibility', 'lowerTool'],
    run: (api, a) => compatView(api, a),
  },
  session: {
    a: 'Transcript or log: JSON array or JSON Lines of messages, VS Code MCP output, HAR, mcp-debugger export',
    b: 'Tool or tools/list result (optional)',
    needs: ['replaySession'],
    run: (api, a, b) => sessionView(api, a, b),
  },
};

/** A CallToolResult with `isError: true` listing the diagnostics, ready to hand back to a model. */
export function toolError(diagnostics) {
  const lines = diagnostics
    .filter((d) => d.severity !== 'info')
    .map((d) => `- ${d.instancePath || '(root)'}: ${d.message}`);
  const text = `Invalid arguments:\n${lines.join('\n')}`;
  return JSON.stringify({ content: [{ type: 'text', text }], isError: true });
}
