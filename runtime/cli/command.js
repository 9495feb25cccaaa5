// What every CLI command shares: option parsing with `--help`, `--format` and `--verbose`,
// reading FILE or `-` (stdin), and the exit codes (0 clean, 1 findings, 2 usage or I/O error).
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FORMATS, exitCode, report } from './report.js';

/** A usage or I/O error: printed as one line, exit code 2. */
export class UsageError extends Error {}

/** The name a file is reported under: as given, `<stdin>` for `-`. */
export const STDIN = '<stdin>';

/** Reads `path` (relative to `io.cwd`), or stdin for `-`: `{ file, text }`. A directory or a
 * missing file is a UsageError. */
export async function readInput(path, io) {
  if (path === '-') {
    const chunks = [];
    for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return { file: STDIN, text: Buffer.concat(chunks).toString('utf8') };
  }
  const full = resolve(io.cwd, path);
  let info;
  try {
    info = await stat(full);
  } catch (error) {
    throw new UsageError(error.code === 'ENOENT' ? `${path}: no such file` : `${path}: ${error.message}`);
  }
  if (info.isDirectory()) throw new UsageError(`${path}: is a directory, not a file`);
  try {
    return { file: path, text: await readFile(full, 'utf8') };
  } catch (error) {
    throw new UsageError(`${path}: ${error.message}`);
  }
}

/** Reads every positional input (at least one: FILE… or `-`). */
export async function readInputs(paths, io) {
  if (paths.length === 0) throw new UsageError('no input: give one or more FILEs, or - for stdin');
  if (paths.filter((p) => p === '-').length > 1) throw new UsageError('- (stdin) can be read once only');
  const inputs = [];
  for (const path of paths) inputs.push(await readInput(path, io));
  return inputs;
}

/** The exit codes of a command that checks and reports (the help's last line). */
const EXIT_CODES = 'Exit codes: 0 no errors, 1 errors found, 2 usage or I/O error.';

/**
 * A command module's default export from its `name`, `summary`, `usage` (the lines after the
 * synopsis), its `options` (node:util parseArgs form) and `check(values, positionals, io, tail)`,
 * which returns `{ findings, sources, results, stream, failure?, exit?, reported? }` (see
 * report.js; `exit` overrides the exit code, e.g. 2 for a run that could not finish; `reported`:
 * the check printed its findings as it found them, with report.js's `liveReport`) or throws a
 * UsageError. With `tail`, what follows the first `--` is not parsed and comes as `tail` (a
 * command to run). `exits` replaces the help's exit-code line (a command whose exit code is not
 * its findings'). `helpSummary(values, io)`, when given, is the summary `--help` prints for the
 * options given with it (`compat --compat-data FILE --help` lists the targets FILE declares too);
 * undefined keeps `summary`.
 * @param {{ name: string, summary: string, usage: string, options?: Record<string, { type: string, multiple?: boolean, short?: string, default?: unknown }>, check: (values: Record<string, any>, positionals: string[], io: any, tail: string[]) => Promise<{ findings: object[], exit?: number, reported?: boolean, [more: string]: unknown }>, tail?: boolean, exits?: string, helpSummary?: (values: Record<string, any>, io: any) => Promise<string | undefined> }} spec
 */
export function command({ name, summary, usage, options = {}, check, tail = false, exits = EXIT_CODES, helpSummary }) {
  const helpText = (text) => `Usage: mcp-json-toolbox ${name} ${usage}\n\n${text}\n\n` +
    '  --format FORMAT             how findings are printed: human (default), json, github, sarif\n' +
    `${VERBOSE_HELP}\n` +
    '  -h, --help                  this help\n\n' +
    `${exits}\n`;
  const help = helpText(summary);
  return {
    name,
    summary,
    usage: help,
    async run(argv, io) {
      try {
        const split = tail ? argv.indexOf('--') : -1;
        const own = split < 0 ? argv : argv.slice(0, split);
        const { values, positionals } = parseOptions(own, options);
        if (values.help) {
          io.stdout.write(helpSummary ? helpText((await helpSummary(values, io)) ?? summary) : help);
          return 0;
        }
        if (!FORMATS.includes(values.format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
        const outcome = await check(values, positionals, io, split < 0 ? [] : argv.slice(split + 1));
        if (!outcome.reported) report(outcome.findings, { ...outcome, format: values.format, verbose: values.verbose, io });
        return outcome.exit ?? exitCode(outcome.findings);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        io.stderr.write(`mcp-json-toolbox ${name}: ${error.message}\n(mcp-json-toolbox ${name} --help for usage)\n`);
        return 2;
      }
    },
  };
}

/** The help line of `--verbose` (every command that prints findings has it). */
export const VERBOSE_HELP = '  --verbose                   every finding (default: those about tools one per rule, with a count)';

/** parseArgs with `--help`, `--format` and `--verbose`; a parse failure is a UsageError.
 * @param {string[]} argv
 * @param {Record<string, any>} options
 * @returns {{ values: Record<string, any>, positionals: string[] }} */
function parseOptions(argv, options) {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' }, format: { type: 'string', default: 'human' }, verbose: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error.message);
  }
}
