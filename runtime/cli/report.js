// The CLI's one reporter: prints Findings (runtime/README.md) as compilers do, as one JSON
// document, as GitHub workflow annotations or as a SARIF 2.1.0 log; and turns the API's
// diagnostics into Findings.
import { countText } from '../counts.js';
import { sarifLog } from './sarif.js';

/** The output formats of `--format`. */
export const FORMATS = ['human', 'json', 'github', 'sarif'];

/** ANSI colours by severity (used only on a TTY without NO_COLOR). */
const COLOURS = { error: '\x1b[31m', warning: '\x1b[33m', info: '\x1b[36m' };
const BOLD = '\x1b[1m';
const RESET = '\x1b[0m';

/** Whether to colour the output: a TTY, and NO_COLOR unset or empty (https://no-color.org). */
export function useColour(io) {
  return Boolean(io.isTTY) && !io.env?.NO_COLOR;
}

/**
 * Findings of `file` from API diagnostics: each diagnostic's `field` span (`span` or
 * `schemaSpan`) gives the position; one without it sits at 1:1. A diagnostic about one tool keeps
 * its `tool` (`{ name, pointer }`: the tool's name, the JSON pointer within its definition).
 */
export function findings(file, diagnostics, field = 'span') {
  return diagnostics.map((d) => {
    const span = d[field];
    const finding = {
      file,
      line: span?.line ?? 1,
      column: span?.column ?? 1,
      severity: d.severity,
      code: d.code,
      message: d.message,
    };
    if (span) Object.assign(finding, { endLine: span.endLine, endColumn: span.endColumn });
    if (d.instancePath) finding.instancePath = d.instancePath;
    if (d.tool) finding.tool = d.tool;
    return finding;
  });
}

/** The exit code for findings: 1 if any is an error (warnings and notes alone pass), else 0. */
export function exitCode(list) {
  return list.some((f) => f.severity === 'error') ? 1 : 0;
}

/** The widest source line an excerpt shows whole; a longer one is windowed around the span. */
export const EXCERPT_WIDTH = 120;

/** Whether index `i` of `text` falls between the two halves of a surrogate pair. */
function insidePair(text, i) {
  const code = text.charCodeAt(i);
  return i > 0 && i < text.length && code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The excerpt of source line `text` for the span `[start, end)` (string indices): `{ line, pad,
 * carets }`, `line` at most about `width` columns (a longer line is cut around the span, `…` where
 * cut), `pad` the blanks before the caret (tabs kept so the caret lines up whatever the tab
 * width), `carets` how many carets (a span running past the window stops at its edge).
 */
export function excerpt(text, start, end, width = EXCERPT_WIDTH) {
  const from = Math.min(Math.max(start, 0), text.length);
  const to = Math.min(Math.max(end, from + 1), text.length + 1);
  let left = 0;
  let right = text.length;
  if (text.length > width) {
    // The span (up to two thirds of the window) with the rest of the window around it.
    const shown = Math.min(to - from, Math.floor((width * 2) / 3));
    left = Math.max(0, from - Math.floor((width - shown) / 2));
    right = Math.min(text.length, left + width);
    left = Math.max(0, Math.min(left, right - width));
    if (insidePair(text, left)) left += 1;
    if (insidePair(text, right)) right -= 1;
  }
  const head = left > 0 ? '…' : '';
  const line = head + text.slice(left, right) + (right < text.length ? '…' : '');
  const pad = head.replace(/./g, ' ') + text.slice(left, from).replace(/[^\t]/g, ' ');
  return { line, pad, carets: Math.max(1, Math.min(to, right + (right < text.length ? 0 : 1)) - from) };
}

/** `(tool NAME, /pointer)` for a finding about one tool, else `(instancePath)`, or "". */
function about(finding) {
  if (finding.tool) return ` (tool ${JSON.stringify(String(finding.tool.name))}${finding.tool.pointer ? `, ${finding.tool.pointer}` : ''})`;
  return finding.instancePath ? ` (${finding.instancePath})` : '';
}

/**
 * `where severity[code]: message (tool or instancePath)`, the source line and a caret. `where` is
 * `file:line:column:`, or `place(finding)` when that gives one (a finding in a file that was not
 * written: check-server's transcript without --record).
 */
function human(finding, source, colour, place) {
  const paint = (style, text) => (colour ? `${style}${text}${RESET}` : text);
  const placed = place?.(finding);
  const where = paint(BOLD, placed ? `${placed}:` : `${finding.file}:${finding.line}:${finding.column}:`);
  const kind = paint(COLOURS[finding.severity] ?? '', `${finding.severity}[${finding.code}]`);
  const lines = [`${where} ${kind}: ${finding.message}${placed ? '' : about(finding)}`];
  const text = source?.split(/\r?\n|\r/)[finding.line - 1];
  if (text !== undefined) {
    const start = Math.min(finding.column - 1, text.length);
    const end = finding.endLine === finding.line ? Math.min(finding.endColumn - 1, text.length) : start + 1;
    const { line, pad, carets } = excerpt(text, start, end);
    lines.push(`  ${line}`, `  ${pad}${paint(COLOURS[finding.severity] ?? '', '^'.repeat(carets))}`);
  }
  return lines.join('\n');
}

/** How many names or places a group's count line shows before `… N more`. */
export const GROUP_NAMES = 5;

/**
 * The findings about tools grouped by rule and message template (severity, code and the crate's
 * `tool.template`: the message with the tool's name and quoted values marked), in the order each
 * group is first found: `[{ first, all }]`; a finding about no tool (a place in a file) is a group
 * of its own.
 */
export function groupFindings(list) {
  const groups = new Map();
  for (const [i, finding] of list.entries()) {
    const key = finding.tool ? [finding.severity, finding.code, finding.tool.template].join('\u0000') : i;
    if (!groups.has(key)) groups.set(key, { first: finding, all: [] });
    groups.get(key).all.push(finding);
  }
  return [...groups.values()];
}

/** `a, b, c, … 4 more` for `names` (at most GROUP_NAMES shown). */
function someOf(names) {
  const shown = names.slice(0, GROUP_NAMES).join(', ');
  return names.length > GROUP_NAMES ? `${shown}, … ${names.length - GROUP_NAMES} more` : shown;
}

/**
 * The count line under a group's first instance when it was found more than once: `×28 in 24
 * tools: "a", "b", … 19 more` (each tool named once, in order), and that `--verbose` lists each
 * (the messages of a group differ at most by the tool's name and quoted values).
 */
export function countLine({ all }) {
  const tools = [...new Set(all.map((f) => JSON.stringify(String(f.tool?.name))))];
  return `  ×${all.length} in ${tools.length} tool${tools.length === 1 ? '' : 's'}: ${someOf(tools)} (--verbose lists each)`;
}

/** A GitHub workflow command property or message, escaped. */
function escapeGithub(text, property) {
  const escaped = String(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return property ? escaped.replace(/:/g, '%3A').replace(/,/g, '%2C') : escaped;
}

/** `::error file=…,line=…,col=…,title=code::message (tool or instancePath)`; a finding that
 * `place` places (its file was not written) has no file: its place starts the message. */
function github(finding, place) {
  const command = { error: 'error', warning: 'warning' }[finding.severity] ?? 'notice';
  const placed = place?.(finding);
  const props = placed ? [] : [`file=${escapeGithub(finding.file, true)}`, `line=${finding.line}`, `col=${finding.column}`];
  if (!placed && finding.endLine !== undefined) props.push(`endLine=${finding.endLine}`);
  if (!placed && finding.endLine === finding.line && finding.endColumn !== undefined) props.push(`endColumn=${finding.endColumn}`);
  props.push(`title=${escapeGithub(finding.code, true)}`);
  const message = placed ? `${placed}: ${finding.message}` : finding.message + about(finding);
  return `::${command} ${props.join(',')}::${escapeGithub(message)}`;
}

/**
 * Prints `list` (Findings) to `stream` (default `io.stdout`) in `format`; `sources` maps a file to
 * its text (for the source line under a finding); `results` are per-file outcomes
 * (`{ file, text, ... }`): a line each in human form, in the JSON document as they are (`text`
 * left out), not in annotations nor SARIF. `failure`: why the run could not finish (exit 2), an
 * annotation of its own in `github` form, a failed invocation in `sarif` form (human form: the
 * caller's line on stderr). Human form groups the findings by rule and message template (the
 * first instance with its excerpt, then a count line naming the tools), unless `verbose`. `place(finding)`: where a finding is when its file was never written (e.g.
 * `tool "x", /inputSchema`), or undefined to point at `file:line:column`.
 * @param {object[]} list
 * @param {{ format?: string, sources?: Map<string, string>, results?: object[], failure?: unknown, io: any, stream?: { write(text: string): unknown }, verbose?: boolean, place?: (finding: object) => unknown }} options
 */
export function report(list, { format = 'human', sources = new Map(), results = [], failure, io, stream = io.stdout, verbose = false, place }) {
  const out = (text) => stream.write(`${text}\n`);
  if (format === 'json') {
    out(JSON.stringify({ findings: list, results: results.map(({ text, ...rest }) => rest) }, null, 2));
    return;
  }
  if (format === 'sarif') {
    out(JSON.stringify(sarifLog(list, { failure, place, about }), null, 2));
    return;
  }
  if (format === 'github') {
    if (failure !== undefined) out(`::error title=${escapeGithub('mcp-json-toolbox', true)}::${escapeGithub(failure)}`);
    for (const finding of list) out(github(finding, place));
    return;
  }
  const colour = useColour(io);
  for (const result of results) if (result.text) out(result.text);
  const show = (finding) => out(human(finding, sources.get(finding.file), colour, place));
  if (verbose) list.forEach(show);
  for (const group of verbose ? [] : groupFindings(list)) {
    show(group.first);
    if (group.all.length > 1) out(countLine(group));
  }
  const total = countText(list);
  if (total) out(total);
}

/**
 * A reporter for findings that come while a command runs (the proxy prints them as the traffic
 * passes): `add(list)` prints each at once in `format` to `stream` (human: one line each with
 * `prefix`, no excerpt, no grouping; github: an annotation each; json: nothing yet), `end(results)`
 * prints the JSON document of everything added (json) and returns the list. `place(finding)`
 * names where in the live session a finding is (e.g. `client#5`: the human line then reads
 * `client#5:LINE:COLUMN:`, the annotation starts with it).
 */
export function liveReport({ format = 'human', io, stream, place, prefix = '', quiet = false }) {
  const all = [];
  const colour = useColour(io);
  return {
    add(list) {
      all.push(...list);
      if (quiet || format === 'json') return;
      for (const finding of list) {
        stream.write(`${format === 'github' ? github(finding, place) : prefix + human({ ...finding, file: place(finding) }, undefined, colour)}\n`);
      }
    },
    end(results = []) {
      if (!quiet && format === 'json') stream.write(`${JSON.stringify({ findings: all, results }, null, 2)}\n`);
      return all;
    },
  };
}
