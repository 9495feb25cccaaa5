// What each tab runs and how its answer is shown: the runners are the modes of
// ../runtime/modes.js (shared with `<mcp-json>`), given the page's `api = {call(fn, ...args),
// has(fn), now(fn)}` (`has`: the page's wasm builds export `fn`; `now`: it runs without waiting for
// the full build to load), the tab's texts and the output options. A tab's view is
// `{badges, message?, banner?, next?, summary?, timeline?, sequence?, form?, diagnostics: [{...Diagnostic, editor: 'a' | 'b'}], output?, compat?}`,
// where `next = {label, tab, docs}` offers to open the texts in another tab.
import { classifyMode, elicitationMode, formatMode, logFormatLabel, placed, plural, sessionMode, validateMode } from '../runtime/modes.js';

/** The Compatibility matrix's module (in view-parts.js), imported when a tab first runs it: the first result never has one. */
const compatModule = () => import('./view-parts.js');

/** The page's editors, as the places diagnostics point into. */
const A = { editor: 'a' };
const B = { editor: 'b' };

/**
 * A pasted log (any format of the crate's `logFormats()` but a transcript) as a view offering the
 * Session tab; a log of a known format that holds no message (Cursor's, Claude Desktop's without
 * bodies) as a view saying so (the reader's `log-empty`); undefined for anything else (a
 * transcript, a payload, lines without a message).
 */
async function logView(api, text) {
  if (!api.has('readLog') || !text.trim()) return undefined;
  const format = await api.call('detectLogFormat', text);
  if (format === 'transcript') return undefined;
  const log = await api.call('readLog', text);
  if (log.entries.length === 0 && format === 'jsonl') return undefined;
  const name = await logFormatLabel(api, format);
  if (log.entries.length === 0) {
    return {
      badges: [{ text: name, tone: 'kind', title: log.detected }, { text: plural(0, 'message'), tone: 'info' }],
      message: `${log.detected}: no JSON-RPC message to replay.`,
      diagnostics: placed(A, log.diagnostics),
    };
  }
  return {
    badges: [{ text: name, tone: 'kind', title: log.detected }, { text: plural(log.entries.length, 'message'), tone: 'info' }],
    message: `${log.detected}, ${plural(log.entries.length, 'JSON-RPC message')}: replay it as a session to see them in order, with the findings on their lines.`,
    next: { label: 'Replay this log as a session', tab: 'session', docs: { a: text } },
    diagnostics: placed(A, log.diagnostics),
  };
}

/** Names the payload beside its pretty print; a tool (or a tools/list) also gets its Compatibility
 * matrix, at once. A log is looked for only in what is not one JSON value (VS Code output, JSON
 * Lines among other lines) or in JSON that opens like a HAR, an export (mcp-debugger's, mcpsnoop's
 * `{"generated_at", …}`), the Inspector's history (an array of `{"id", …}`) or Claude Code's
 * mcp-logs file (`{"debug"|"error", …}`): no extra pass over a payload. */
async function classifyView(api, text, options) {
  if (/^\s*(\{\s*"(log|session|version|generated_at)"|\[\s*\{\s*"(debug|error|id)")/.test(text.slice(0, 200))) {
    const log = await logView(api, text);
    if (log) return log;
  }
  const view = await classifyMode(api, text, { place: A, options });
  if (view.notJson) return (await logView(api, text)) ?? view;
  if (view.mode !== 'classify') return view;
  return {
    ...view,
    next: nextStep(api, view.kind, view.items, text),
    compat: TOOL_KINDS.has(view.kind) && api.has('checkCompatibility') ? await (await compatModule()).compatOf(api, text) : undefined,
  };
}

/** The kinds the home paste box shows the Compatibility matrix for (a view's `compat`, drawn by www/compat-view.js). */
const TOOL_KINDS = new Set(['Tool', 'ListToolsResult']);

/** Where to go from a classified payload: a tool to Validate (the crate validates against its
 * inputSchema), a message list to Session. */
function nextStep(api, kind, items, text) {
  if (kind === 'Tool' && api.has('validateToolArguments')) {
    return { label: 'Validate arguments against this inputSchema', tab: 'validate', docs: { a: text, b: '{}' } };
  }
  if (items?.length > 1 && api.has('replaySession')) {
    return { label: 'Replay these messages as a session', tab: 'session', docs: { a: text } };
  }
  return undefined;
}

/** The tabs: labels of their inputs (`b` only when the tab has two), the wasm functions they need, their runner. */
export const TABS = {
  home: {
    a: 'Paste anything MCP: a tool, arguments, a result, a task, a message',
    needs: ['formatDocument'],
    // Formats at once with the format core; classifies once the full build is there (the page
    // runs the tab again when it arrives).
    run: (api, a, _b, options) => {
      if (!api.has('classify')) return formatMode(api, a, { place: A, options });
      return api.now('classify') ? classifyView(api, a, options) : formatMode(api, a, { place: A, options, pending: 'classifying' });
    },
  },
  format: { a: 'JSON', needs: ['formatDocument'], run: (api, a, _b, options) => formatMode(api, a, { place: A, options }) },
  validate: {
    a: 'inputSchema, or the Tool definition holding it',
    b: 'Arguments (an object, or a JSON string holding one)',
    needs: ['validateToolArguments', 'formatDocument'],
    // Runs on the server build until the full build has loaded (the same verdict; the schema
    // lint's findings follow: the page runs the tab again when the full build is there).
    run: (api, a, b, options) => validateMode(api, a, b, { place: B, schemaPlace: A, decode: options, pending: !api.now('lintSchema') }),
  },
  classify: { a: 'MCP payload', needs: ['classify', 'formatDocument'], run: (api, a, _b, options) => classifyView(api, a, options) },
  elicit: {
    a: 'Elicitation request: elicitation/create, its params, or inputRequests',
    b: 'Answer: ElicitResult or inputResponses (the form below fills it)',
    needs: ['checkElicitation'],
    run: (api, a, b) => elicitationMode(api, a, b, { place: A, answerPlace: B }),
  },
  compat: {
    a: 'Tool, array of tools, or tools/list result',
    needs: ['checkCompatibility', 'lowerTool'],
    run: async (api, a) => (await compatModule()).compatView(api, a),
  },
  session: {
    a: 'Transcript or log: JSON array or JSON Lines of messages, VS Code or Claude Desktop MCP output, HAR, …',
    b: 'Tool or tools/list result (optional)',
    needs: ['replaySession'],
    run: (api, a, b) => sessionMode(api, a, { place: A, tool: b, toolPlace: B }),
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
