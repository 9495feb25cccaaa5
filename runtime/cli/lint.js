// `mcp-json-toolbox lint`: the schema lint of JSON Schema files, and of the inputSchema and
// outputSchema of tool definitions (as checkTool lints them); --fix applies the findings' fixes.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { lintFile } from 'mcp-json-toolbox';
import { STDIN, UsageError, command, readInputs } from './command.js';
import { findings } from './report.js';

// What a file is read as (a tool, a tools/list result, a schema), which findings a tool's lint
// keeps, and which fixes can be made together are the crate's (`lintFile`, src/host/lint_file.rs):
// this command applies the fixes it is given and prints.

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
      const linted = lintFile(text);
      let { diagnostics } = linted;
      let source = text;
      if (values.fix) {
        const { applied, overlapping } = linted.fixes;
        if (applied.length > 0) {
          source = applyFixes(text, applied);
          await writeFile(resolve(io.cwd, file), source);
          diagnostics = lintFile(source).diagnostics;
        }
        if (applied.length + overlapping.length > 0) results.push(fixReport(file, text, applied, overlapping));
      }
      sources.set(file, source);
      found.push(...findings(file, diagnostics));
    }
    return { findings: found, sources, results };
  },
});
