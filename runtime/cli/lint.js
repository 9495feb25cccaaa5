// `mcp-json-toolbox lint`: the schema lint of JSON Schema files, and of the inputSchema and
// outputSchema of tool definitions (as checkTool lints them); --fix applies the findings' fixes.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { checkTool, lintSchema } from 'mcp-json-toolbox';
import { STDIN, UsageError, command, readInputs } from './command.js';
import { findings } from './report.js';

/** A JSON Pointer into a tool's `inputSchema` or `outputSchema` (of a tool or a tools/list). */
const IN_TOOL_SCHEMA = /(^|\/)(inputSchema|outputSchema)(\/|$)/;

/** The codes of text that is not JSON (JsonError): reported whatever the file holds. */
const PARSE_CODES = new Set(['syntax', 'eof', 'depth-limit', 'size-limit', 'invalid-utf8', 'empty']);

/**
 * The lint diagnostics of a file's `text`: for a tool definition or a tools/list result (what
 * checkTool reads as one), checkTool's findings inside its schemas (the schema lint, and the tool
 * rules about a schema: root not an object, open without properties); else lintSchema's.
 */
function lintText(text) {
  const tool = checkTool(text).diagnostics;
  if (tool.some((d) => d.code === 'not-a-tool')) return lintSchema(text).diagnostics;
  return tool.filter((d) => PARSE_CODES.has(d.code) || IN_TOOL_SCHEMA.test(d.instancePath));
}

/**
 * The fixes of `diagnostics` that can be applied together: `applied` sorted by position, none
 * overlapping another (a fix repeated exactly counts once); `overlapping`, the fixes left out
 * because they overlap (which to apply would be a guess).
 */
export function unambiguousFixes(diagnostics) {
  const seen = new Set();
  const fixes = diagnostics.filter((d) => d.fix).map((d) => ({ ...d.fix, code: d.code })).filter((f) => {
    const k = `${f.span.start}\u0000${f.span.end}\u0000${f.replacement}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  fixes.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  // Overlapping: sharing a code unit, or starting at one point (which goes first would be a guess).
  const overlap = (a, b) => (a.span.start < b.span.end && b.span.start < a.span.end) || a.span.start === b.span.start;
  const overlapping = new Set(fixes.filter((f) => fixes.some((g) => g !== f && overlap(f, g))));
  return { applied: fixes.filter((f) => !overlapping.has(f)), overlapping: fixes.filter((f) => overlapping.has(f)) };
}

/** `text` with `fixes` (sorted, not overlapping) applied; spans count UTF-16 code units, as JS strings do. */
export function applyFixes(text, fixes) {
  let out = '';
  let at = 0;
  for (const { span, replacement } of fixes) {
    out += text.slice(at, span.start) + replacement;
    at = span.end;
  }
  return out + text.slice(at);
}

/** The result line(s) of a fixed file: each change, and the fixes left out. */
function fixReport(file, text, applied, overlapping) {
  const lines = applied.map((f) =>
    `${file}:${f.span.line}:${f.span.column}: fixed [${f.code}]: ${text.slice(f.span.start, f.span.end)} → ${f.replacement}`);
  if (overlapping.length > 0) {
    lines.push(`${file}: ${overlapping.length} overlapping fixes not applied (${[...new Set(overlapping.map((f) => f.code))].join(', ')})`);
  }
  return {
    file,
    fixed: applied.map((f) => ({ line: f.span.line, column: f.span.column, code: f.code, replacement: f.replacement })),
    notApplied: overlapping.length,
    text: lines.join('\n'),
  };
}

export default command({
  name: 'lint',
  summary: 'Lint JSON Schema files, and the inputSchema/outputSchema of tool definitions or tools/list\n' +
    'results (check-tool\'s findings inside them): unknown keywords (did you mean …?), meta-schema\n' +
    'failures explained, contradictions, ignored keywords, non-ECMA-262 patterns. --fix rewrites each\n' +
    'file with the findings\' fixes (those that do not overlap), lists what it changed and reports\n' +
    'what remains.',
  usage: '[--fix] SCHEMA_OR_TOOL_FILE…|-',
  options: { fix: { type: 'boolean' } },
  async check(values, paths, io) {
    const inputs = await readInputs(paths, io);
    if (values.fix && inputs.some((i) => i.file === STDIN)) throw new UsageError('--fix cannot rewrite stdin');
    const found = [];
    const results = [];
    const sources = new Map();
    for (const { file, text } of inputs) {
      let diagnostics = lintText(text);
      let source = text;
      if (values.fix) {
        const { applied, overlapping } = unambiguousFixes(diagnostics);
        if (applied.length > 0) {
          source = applyFixes(text, applied);
          await writeFile(resolve(io.cwd, file), source);
          diagnostics = lintText(source);
        }
        if (applied.length + overlapping.length > 0) results.push(fixReport(file, text, applied, overlapping));
      }
      sources.set(file, source);
      found.push(...findings(file, diagnostics));
    }
    return { findings: found, sources, results };
  },
});
