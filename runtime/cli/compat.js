// `mcp-json-toolbox compat`: which consumers (model APIs, hosts) take each tool: a matrix of
// tools × targets, then the findings; `--lower TARGET` prints the tool rewritten for a target;
// `--compat-data FILE` adds entries of compatibility data; `--data-report` lists the data.
import { checkCompatibility, compatDataReport, lowerTool } from 'mcp-json-toolbox';
import { UsageError, command, readInput, readInputs } from './command.js';
import { findings } from './report.js';
import { compatTargets } from 'mcp-json-toolbox';
import { TARGETS, parseTargets, targetHelp, targetLabels } from './targets.js';

/** How a verdict shows in the matrix. */
const CELLS = { accepted: '✓', rewritten: 'rewritten', dropped: 'dropped', rejected: 'rejected' };

/** Every diagnostic of a CompatReport: its own, then its findings (each once: a rule several
 * targets share is one finding naming them, as the crate groups it). */
export function compatDiagnostics(report) {
  return [...report.diagnostics, ...report.findings];
}

/** Whether the report judged a server (an initialize result) rather than tools. */
function isServer(report) {
  return Object.keys(report.server).length > 0;
}

/** The matrix as text: one row per tool and one for the whole list (or one for the server), one
 * column per target. */
function matrixText(file, report, targets) {
  const row = (label, per) => [label, ...targets.map((t) => CELLS[per[t].verdict])];
  const rows = [
    ['tool', ...targets],
    ...(isServer(report)
      ? [row('(server)', report.server)]
      : [...report.tools.map((tool) => row(tool.name ?? tool.pointer, tool.targets)), row('(whole list)', report.list)]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  const line = (row) => row.map((cell, i) => cell + ' '.repeat(widths[i] - [...cell].length)).join('  ').trimEnd();
  return [`${file}:`, ...rows.map((row) => `  ${line(row)}`)].join('\n');
}

/** The lowering of one file, as a result (`options`: the server's name and extra compatibility data, as `lowerTool` takes them). */
function lowered(file, text, target, options) {
  const out = lowerTool(text, target, options);
  const lines = [`${file}: lowered for ${target}`];
  if (out.tool !== null) lines.push(JSON.stringify(out.tool, null, 2));
  for (const c of out.changes) lines.push(`  changed ${c.pointer}: ${c.message}`);
  for (const l of out.lost) lines.push(`  no longer enforced ${l.pointer} (${l.keyword}): ${l.message}`);
  for (const u of out.unresolved) lines.push(`  cannot lower ${u.instancePath}: ${u.message}`);
  const result = { file, target, tool: out.tool, changes: out.changes, lost: out.lost, unresolved: out.unresolved, text: lines.join('\n') };
  return { result, diagnostics: [...out.diagnostics, ...out.unresolved] };
}

/**
 * Reads each `--compat-data` file: `{ data, found, sources }`, `data` the targets and entries of
 * every file as one data value (undefined without files), `found` the positioned findings of bad
 * files (their targets and entries are left out; each file is checked alone, so one that has
 * entries for a target another file declares is bad), `sources` their texts by file.
 */
async function readData(paths, io) {
  const targets = [];
  const entries = [];
  const found = [];
  const sources = new Map();
  for (const path of paths ?? []) {
    const { file, text } = await readInput(path, io);
    sources.set(file, text);
    const { diagnostics } = compatDataReport(text);
    if (diagnostics.length > 0) {
      found.push(...findings(file, diagnostics));
      continue;
    }
    const value = JSON.parse(text);
    targets.push(...(value.targets ?? []));
    entries.push(...value.entries);
  }
  return { data: paths?.length ? { targets, entries } : undefined, found, sources };
}

/** The data report as a result: one line per entry, the least recently checked first. */
function dataReport(data) {
  const { rows } = compatDataReport(data === undefined ? undefined : JSON.stringify(data));
  const lines = rows.map((r) => {
    const range = [r.since && `since ${r.since}`, r.until && `until ${r.until}`].filter(Boolean).join(' ');
    const observed = r.observed ? `observed ${r.observed}` : 'undated';
    return `${r.checked}  ${r.code} (${r.consumer}, ${r.feature}): ${r.verdict}${range ? ` ${range}` : ''}; ${observed}; ${r.urls.join(' ')}`;
  });
  return { rows, text: [`compatibility data: ${rows.length} entries, least recently checked first`, ...lines].join('\n') };
}

/** The summary of `compat --help`, listing `targets` (the built-in ones and those data declares). */
function summary(targets) {
  return 'Check which consumers take each tool (a Tool, an array of tools or a tools/list result),\n' +
    'or a server\'s initialize result (its instructions), for each consumer the data declares:\n' +
    `${targetLabels(92, targets)}\n` +
    '(and those --compat-data declares). Prints a matrix (tools × targets: ✓, rewritten, dropped,\n' +
    'rejected), then each rule broken with its versions and evidence date (notes, marked info, are\n' +
    'what no public source shows failing, or where sources disagree). Exit 1 when a selected target\n' +
    'rejects or drops a tool.\n\n' +
    '  --target a,b          these targets instead of the default ones (repeatable)\n' +
    targetHelp(24, targets) + '\n' +
    '  --server-name NAME    the server\'s name in the host (Cursor limits server + tool name length;\n' +
    '                        without it, such a cap is checked on the tool name alone; --lower\n' +
    '                        leaves it its part of the cap)\n' +
    '  --lower TARGET        print each file\'s tool rewritten so TARGET takes it, with what changed,\n' +
    '                        what the server must now check itself and what cannot be lowered\n' +
    '  --compat-data FILE    extra compatibility data (compat-data/schema.json format: a gateway\'s\n' +
    '                        own limits…, and targets it declares, which --target may name),\n' +
    '                        repeatable; bad data is reported with line:column\n' +
    '  --data-report         list every entry of the data, the least recently checked first\n' +
    'A target may name a consumer version or date for an older behaviour: claude-code@2.1.83.';
}

export default command({
  name: 'compat',
  summary: summary(TARGETS),
  // With --compat-data, the help lists the targets the data declares too.
  async helpSummary(values, io) {
    const { data, found } = await readData(values['compat-data'], io);
    return data === undefined || found.length > 0 ? undefined : summary(compatTargets(JSON.stringify(data)));
  },
  usage: '[--target a,b] [--server-name NAME] [--lower TARGET] [--compat-data FILE] FILE…|-\n       mcp-json-toolbox compat --data-report [--compat-data FILE]',
  options: {
    target: { type: 'string', multiple: true },
    'server-name': { type: 'string' },
    lower: { type: 'string' },
    'compat-data': { type: 'string', multiple: true },
    'data-report': { type: 'boolean' },
  },
  async check(values, paths, io) {
    const { data, found: dataFindings, sources: dataSources } = await readData(values['compat-data'], io);
    if (dataFindings.length > 0) return { findings: dataFindings, sources: dataSources, results: [], exit: 2 };
    // The built-in targets and those the data declares.
    const known = compatTargets(data === undefined ? undefined : JSON.stringify(data));
    const names = known.map((t) => t.name);
    const defaults = known.filter((t) => !t.optIn).map((t) => t.name);
    const named = parseTargets(values.target, names, defaults);
    const targets = named.length > 0 ? named : defaults;
    if (values.lower !== undefined && !names.includes(values.lower.split('@')[0])) {
      throw new UsageError(`unknown --lower ${values.lower}; known: ${names.join(', ')}`);
    }
    if (values['data-report']) return { findings: [], sources: new Map(), results: [dataReport(data)] };
    const inputs = await readInputs(paths, io);
    const sources = new Map(inputs.map((i) => [i.file, i.text]));
    const found = [];
    const results = [];
    for (const { file, text } of inputs) {
      if (values.lower !== undefined) {
        let out;
        try {
          out = lowered(file, text, values.lower, { serverName: values['server-name'], ...(data ? { data } : {}) });
        } catch (error) {
          if (error instanceof TypeError) throw new UsageError(`--lower ${values.lower}: ${error.message}`);
          throw error;
        }
        results.push(out.result);
        found.push(...findings(file, out.diagnostics));
        continue;
      }
      const report = checkCompatibility(text, { targets, serverName: values['server-name'], ...(data ? { data } : {}) });
      const verdicts = (per) => Object.fromEntries(targets.map((t) => [t, per[t].verdict]));
      results.push({
        file,
        tools: report.tools.map((tool) => ({ name: tool.name, pointer: tool.pointer, verdicts: verdicts(tool.targets) })),
        list: verdicts(report.list),
        ...(isServer(report) ? { server: verdicts(report.server) } : {}),
        text: report.tools.length > 0 || isServer(report) ? matrixText(file, report, targets) : '',
      });
      found.push(...findings(file, compatDiagnostics(report)));
    }
    return { findings: found, sources, results };
  },
});
