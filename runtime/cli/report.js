// The CLI's one reporter: prints Findings (runtime/README.md) as compilers do, as one JSON
// document, or as GitHub workflow annotations; and turns the API's diagnostics into Findings.

/** The output formats of `--format`. */
export const FORMATS = ['human', 'json', 'github'];

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
 * `schemaSpan`) gives the position; one without it sits at 1:1.
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

/** `file:line:column: severity[code]: message (instancePath)`, the source line and a caret. */
function human(finding, source, colour) {
  const paint = (style, text) => (colour ? `${style}${text}${RESET}` : text);
  const where = paint(BOLD, `${finding.file}:${finding.line}:${finding.column}:`);
  const kind = paint(COLOURS[finding.severity] ?? '', `${finding.severity}[${finding.code}]`);
  const path = finding.instancePath ? ` (${finding.instancePath})` : '';
  const lines = [`${where} ${kind}: ${finding.message}${path}`];
  const text = source?.split(/\r?\n|\r/)[finding.line - 1];
  if (text !== undefined) {
    const start = Math.min(finding.column - 1, text.length);
    const end = finding.endLine === finding.line ? Math.min(finding.endColumn - 1, text.length) : start + 1;
    const { line, pad, carets } = excerpt(text, start, end);
    lines.push(`  ${line}`, `  ${pad}${paint(COLOURS[finding.severity] ?? '', '^'.repeat(carets))}`);
  }
  return lines.join('\n');
}

/** A GitHub workflow command property or message, escaped. */
function escapeGithub(text, property) {
  const escaped = String(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return property ? escaped.replace(/:/g, '%3A').replace(/,/g, '%2C') : escaped;
}

/** `::error file=…,line=…,col=…,title=code::message (instancePath)`. */
function github(finding) {
  const command = { error: 'error', warning: 'warning' }[finding.severity] ?? 'notice';
  const props = [`file=${escapeGithub(finding.file, true)}`, `line=${finding.line}`, `col=${finding.column}`];
  if (finding.endLine !== undefined) props.push(`endLine=${finding.endLine}`);
  if (finding.endLine === finding.line && finding.endColumn !== undefined) props.push(`endColumn=${finding.endColumn}`);
  props.push(`title=${escapeGithub(finding.code, true)}`);
  const path = finding.instancePath ? ` (${finding.instancePath})` : '';
  return `::${command} ${props.join(',')}::${escapeGithub(finding.message + path)}`;
}

/** "2 errors, 1 warning" for the findings, or "" when there are none. */
function summary(list) {
  const count = (severity, word) => {
    const n = list.filter((f) => f.severity === severity).length;
    return n === 0 ? [] : [`${n} ${word}${n === 1 ? '' : 's'}`];
  };
  return [...count('error', 'error'), ...count('warning', 'warning'), ...count('info', 'note')].join(', ');
}

/**
 * Prints `list` (Findings) to `stream` (default `io.stdout`) in `format`; `sources` maps a file to
 * its text (for the source line under a finding); `results` are per-file outcomes
 * (`{ file, text, ... }`): a line each in human form, in the JSON document as they are (`text`
 * left out), not in annotations. `failure`: why the run could not finish (exit 2), an annotation
 * of its own in `github` form (human form: the caller's line on stderr).
 */
export function report(list, { format = 'human', sources = new Map(), results = [], failure, io, stream = io.stdout }) {
  const out = (text) => stream.write(`${text}\n`);
  if (format === 'json') {
    out(JSON.stringify({ findings: list, results: results.map(({ text, ...rest }) => rest) }, null, 2));
    return;
  }
  if (format === 'github') {
    if (failure !== undefined) out(`::error title=${escapeGithub('mcp-json-toolbox', true)}::${escapeGithub(failure)}`);
    for (const finding of list) out(github(finding));
    return;
  }
  const colour = useColour(io);
  for (const result of results) if (result.text) out(result.text);
  for (const finding of list) out(human(finding, sources.get(finding.file), colour));
  const total = summary(list);
  if (total) out(total);
}
