// `mcp-json-toolbox check-server`: connects to a running MCP server (a command over stdio, or
// `--url` over Streamable HTTP), lists what it publishes, optionally calls tools, and checks every
// message: the official schemas (classify), the host's checks over the whole transcript
// (replaySession: every tools/list through checkTool's checks, every result — direct or a task's —
// through checkToolResult's, every task as a state machine), each tool's verdict (checkTool),
// arguments (Validator) and elicitations (checkElicitation). Findings point into the transcript,
// which `--record FILE` keeps in the form `replay` reads.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Validator, checkElicitation, classify, replaySession } from 'mcp-json-toolbox';
import { UsageError, readInput } from './command.js';
import { FORMATS, exitCode, findings as toFindings, report } from './report.js';
import { ServerFailure } from '../mcp-client/connection.js';
import { connectHttp } from '../mcp-client/http.js';
import { PROTOCOLS, listAll, negotiate } from '../mcp-client/session.js';
import { startStdio } from '../mcp-client/stdio.js';
import { callTool } from '../mcp-client/task.js';
import { transcriptText } from './check-server/transcript.js';
import { TARGET_NAMES, compatDiagnostics, compatibility, nameTools, placeInTranscript, summaryText, toolVerdicts } from './check-server/summary.js';

const NAME = 'check-server';
const SUMMARY = 'Start an MCP server (or connect to --url) and check everything it publishes: the official\n' +
  'schemas of every answer, every tool, task calls, results and elicitations.';
const HELP = `Usage: mcp-json-toolbox ${NAME} [OPTIONS] -- COMMAND ARGS…
       mcp-json-toolbox ${NAME} [OPTIONS] --url URL

${SUMMARY}

  --url URL                   a Streamable HTTP endpoint instead of a command over stdio
  --protocol ${PROTOCOLS.join('|')}  the protocol version to offer (default ${PROTOCOLS.at(-1)})
  --call NAME ARGS_FILE       call tool NAME with the arguments in ARGS_FILE (repeatable)
  --send-invalid              send arguments that fail the tool's inputSchema anyway
  --elicit FILE               the answer (ElicitResult) to an elicitation; without it, cancel
  --timeout MS                how long the server may take to answer, and a call to finish (default 10000)
  --record FILE               keep the transcript (JSON Lines, what \`replay\` reads)
  --target NAME               a compatibility profile to judge each tool by (repeatable; default
                              all: ${TARGET_NAMES.join(', ')})
  --format human|json|github  how findings are printed (default human)
  --verbose                   every finding with its excerpt and every tool in the table
                              (default: one finding per rule with a count, the tools with findings)
  -h, --help                  this help

Exit codes: 0 no errors, 1 errors found, 2 usage or I/O error, or a server that cannot be
started, dies, or does not answer within --timeout.
`;

const OPTIONS = {
  url: { type: 'string' },
  protocol: { type: 'string', default: PROTOCOLS.at(-1) },
  'send-invalid': { type: 'boolean', default: false },
  elicit: { type: 'string' },
  timeout: { type: 'string', default: '10000' },
  record: { type: 'string' },
  target: { type: 'string', multiple: true },
  format: { type: 'string', default: 'human' },
  verbose: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h' },
};

/** Splits argv into the options, the `--call NAME ARGS_FILE` pairs and the server command. */
export function splitArguments(argv) {
  const split = argv.indexOf('--');
  const own = split < 0 ? argv : argv.slice(0, split);
  const server = split < 0 ? [] : argv.slice(split + 1);
  const rest = [];
  const calls = [];
  for (let i = 0; i < own.length; i++) {
    if (own[i] !== '--call') {
      rest.push(own[i]);
      continue;
    }
    const [name, file] = [own[i + 1], own[i + 2]];
    if (name === undefined || file === undefined || name.startsWith('--') || file.startsWith('--')) {
      throw new UsageError('--call takes two values: the tool NAME and an ARGS_FILE');
    }
    calls.push({ name, file });
    i += 2;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: OPTIONS, allowPositionals: false, strict: true });
  } catch (error) {
    throw new UsageError(error.message);
  }
  return { values: parsed.values, calls, server };
}

/** The options checked: `{ timeoutMs, protocol, ... }`, or a UsageError. */
function checkOptions(values, server) {
  if (!FORMATS.includes(values.format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  if (!PROTOCOLS.includes(values.protocol)) throw new UsageError(`--protocol must be one of ${PROTOCOLS.join(', ')}`);
  const timeoutMs = Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new UsageError('--timeout must be a whole number of milliseconds');
  if (values.url && server.length > 0) throw new UsageError('give either --url URL or -- COMMAND ARGS…, not both');
  if (!values.url && server.length === 0) throw new UsageError('no server: give -- COMMAND ARGS… or --url URL');
  if (values.url && !/^https?:\/\//.test(values.url)) throw new UsageError('--url must be an http:// or https:// URL');
  const unknown = (values.target ?? []).filter((t) => !TARGET_NAMES.includes(t));
  if (unknown.length) throw new UsageError(`unknown --target ${unknown.join(', ')}; known: ${TARGET_NAMES.join(', ')}`);
  return { timeoutMs, targets: values.target ?? TARGET_NAMES };
}

export default {
  name: NAME,
  summary: SUMMARY,
  usage: HELP,
  async run(argv, io) {
    let options;
    try {
      const { values, calls, server } = splitArguments(argv);
      if (values.help) {
        io.stdout.write(HELP);
        return 0;
      }
      const { timeoutMs, targets } = checkOptions(values, server);
      const inputs = await Promise.all(calls.map(async (call) => ({ ...call, ...(await readInput(call.file, io)) })));
      const elicit = values.elicit ? await readInput(values.elicit, io) : undefined;
      options = { values, calls: inputs, server, timeoutMs, targets, elicit };
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      io.stderr.write(`mcp-json-toolbox ${NAME}: ${error.message}\n(mcp-json-toolbox ${NAME} --help for usage)\n`);
      return 2;
    }
    return checkServer(options, io);
  },
};

/** Runs the session and the checks; prints the report; returns the exit code. */
async function checkServer({ values, calls, server, timeoutMs, targets, elicit }, io) {
  const transport = values.url
    ? connectHttp(values.url, { timeoutMs })
    : startStdio(server[0], server.slice(1), { cwd: io.cwd, env: io.env, timeoutMs });
  const { connection } = transport;
  const session = { calls: [], elicitations: [], found: [], elicit, transcript: connection.transcript };
  connection.handle('elicitation/create', (_params, message) => answerElicitation(session, connection, message, elicit));
  connection.handle('ping', () => ({}));
  connection.handle('roots/list', () => ({ roots: [] }));
  let failure;
  try {
    await runSession(session, connection, { values, calls, timeoutMs });
  } catch (error) {
    if (!(error instanceof ServerFailure)) throw error;
    failure = error;
  } finally {
    await transport.close();
  }
  const record = values.record ?? `${NAME}.jsonl`;
  const { text, locate } = transcriptText(connection.transcript);
  if (values.record) await writeFile(resolve(io.cwd, values.record), text);
  if (failure) {
    const tail = transport.stderrTail();
    io.stderr.write(`mcp-json-toolbox ${NAME}: ${failure.message}\n${tail ? `the server's stderr (first and last lines):\n${tail.replace(/^/gm, '  ')}\n` : ''}`);
    // A CI step reading --format json or github learns why too (human output: stderr alone).
    const error = { message: failure.message, stderrTail: tail };
    report([], { format: values.format, results: [{ file: record, server: session.negotiated ?? null, error }], failure: failure.message, io });
    return 2;
  }
  const pages = (session.toolPages ?? []).map((index) => ({ index, message: connection.transcript[index].message }));
  const compat = compatibility(pages, targets, session.negotiated?.serverInfo?.name);
  const found = nameTools(checkTranscript(session, text, locate, record, compat.reports), connection.transcript);
  const sources = new Map([[record, text], ...calls.map((c) => [c.file, c.text]), ...(elicit ? [[elicit.file, elicit.text]] : [])]);
  const tools = toolVerdicts(session.tools ?? [], compat.tools);
  const listed = { prompts: session.prompts?.length, resources: session.resources?.length };
  const summary = summaryText(session.negotiated, tools, compat.list, listed, session.calls, { verbose: values.verbose, recorded: values.record });
  // `recorded`: whether `file` was written (--record); if not, findings' lines are in no file.
  const result = { file: record, recorded: Boolean(values.record), server: session.negotiated, tools, list: compat.list, ...listed, calls: session.calls, text: summary };
  // Without --record the transcript is not on disk: a finding is placed by its tool or message.
  const place = values.record ? undefined : placeInTranscript(record, connection.transcript);
  report(found, { format: values.format, sources, results: [result], io, verbose: values.verbose, place });
  return exitCode(found);
}

/** The exchange: negotiation, the lists, the calls; what was learnt goes into `session`. */
async function runSession(session, connection, { values, calls, timeoutMs }) {
  const negotiated = await negotiate(connection, values.protocol);
  session.negotiated = negotiated;
  if (!negotiated.protocolVersion) {
    session.found.push({ index: negotiated.index, severity: 'error', code: 'initialize-refused', message: `the server refused initialize: ${negotiated.error?.message ?? 'no result'}` });
    return;
  }
  const listed = await listAll(connection, negotiated, 'tools/list', 'tools');
  session.tools = listed.items;
  session.toolPages = listed.indices.filter((i) => connection.transcript[i].message?.result);
  noteListing(session, 'tools/list', listed);
  for (const [capability, method, key] of [['prompts', 'prompts/list', 'prompts'], ['resources', 'resources/list', 'resources']]) {
    if (!negotiated.capabilities?.[capability]) continue;
    const other = await listAll(connection, negotiated, method, key);
    session[key] = other.items;
    noteListing(session, method, other);
  }
  for (const call of calls) await runCall(session, connection, call, { values, timeoutMs });
}

/** Findings about a listing: a refusal, a cursor that repeats, too many pages. */
function noteListing(session, method, listed) {
  const index = listed.indices.at(-1);
  if (listed.error) session.found.push({ index, severity: 'error', code: 'list-refused', message: `${method} was answered with an error: ${listed.error.message ?? JSON.stringify(listed.error)}` });
  if (listed.loop) session.found.push({ index, member: 'nextCursor', severity: 'error', code: 'cursor-loop', message: `${method}: nextCursor ${JSON.stringify(listed.loop.cursor)} was already given: pages loop, listing stopped after ${listed.indices.length} pages` });
  if (listed.truncated) session.found.push({ index, severity: 'error', code: 'too-many-pages', message: `${method}: still a nextCursor after ${listed.truncated} pages, listing stopped` });
}

/** One `--call`: the arguments checked against the tool's inputSchema, then sent (unless
 * invalid), the task followed (replaySession checks the result in the transcript). */
async function runCall(session, connection, call, { values, timeoutMs }) {
  const tool = session.tools.find((t) => t?.name === call.name);
  const record = { tool: call.name, file: call.file, sent: false };
  session.calls.push(record);
  if (!tool) {
    session.found.push({ file: call.file, line: 1, column: 1, severity: 'error', code: 'unknown-tool', message: `the server lists no tool ${JSON.stringify(call.name)}` });
    return;
  }
  const checked = validateArguments(tool, call.text);
  session.found.push(...toFindings(call.file, checked.diagnostics));
  let args;
  try {
    args = JSON.parse(call.text);
  } catch {
    return; // the parse error is among the findings
  }
  if (!checked.valid && !values['send-invalid']) {
    record.skipped = 'arguments fail the inputSchema (--send-invalid sends them anyway)';
    return;
  }
  const outcome = await callTool(connection, session.negotiated, tool, args, {
    timeoutMs,
    answerInput: (request, index, key) => answerInputRequest(session, request, index, key),
  });
  Object.assign(record, { sent: true, asTask: outcome.asTask, taskId: outcome.taskId, statuses: outcome.statuses, timedOut: outcome.timedOut ?? false });
  record.isError = outcome.result?.isError ?? undefined;
  if (outcome.error) record.error = outcome.error.message ?? JSON.stringify(outcome.error);
  if (outcome.timedOut) session.found.push({ index: outcome.requestIndex, severity: 'error', code: 'task-timeout', message: `task ${outcome.taskId} of ${call.name} was not finished within --timeout ${timeoutMs} ms (cancelled)` });
}

/** Validates arguments against the tool's inputSchema: `{ valid, diagnostics }` (spans into the
 * arguments file; a schema that cannot be compiled is left to checkTool's findings). */
function validateArguments(tool, text) {
  let validator;
  try {
    validator = new Validator(JSON.stringify(tool.inputSchema ?? {}));
  } catch {
    return { valid: true, diagnostics: [] };
  }
  try {
    return validator.validate(text);
  } finally {
    validator.free();
  }
}

/** The answer to an elicitation: the `--elicit` file's content, or a cancel (reported). */
function elicitationAnswer(session, request, index, elicit, key) {
  const entry = { index, request, key, answered: elicit ? 'from --elicit' : 'cancelled' };
  session.elicitations.push(entry);
  if (!elicit) return { action: 'cancel' };
  entry.response = elicit;
  try {
    return JSON.parse(elicit.text);
  } catch {
    return { action: 'cancel' };
  }
}

/** A 2025-11-25 `elicitation/create` from the server. */
function answerElicitation(session, connection, message, elicit) {
  const index = connection.transcript.findIndex((e) => e.message === message);
  return elicitationAnswer(session, JSON.stringify(message), index, elicit);
}

/** A 2026-07-28 input request inside an `input_required` task (its `tasks/get` answer at
 * `index`): an elicitation is answered like a 2025-11-25 one, `roots/list` with no roots. */
function answerInputRequest(session, request, index, key) {
  if (request?.method === 'roots/list') return { roots: [] };
  return elicitationAnswer(session, JSON.stringify(session.transcript[index].message), index, session.elicit, key);
}

/** Every check over the transcript text: Findings, deduplicated, in transcript order. */
function checkTranscript(session, text, locate, file, compatReports) {
  const found = [];
  // `strip`: the pointer prefix of the checked text's own wrapping (classify's pair array).
  const at = (index, diagnostics, line = 1, strip = '') => found.push(...toFindings(file, diagnostics).map((f) => {
    const moved = locate(index, f, line);
    if (index !== undefined && f.instancePath !== undefined && f.instancePath.startsWith(strip)) {
      moved.instancePath = `/${index}/message${f.instancePath.slice(strip.length)}`;
    }
    return moved;
  }));
  at(undefined, replaySession(text).diagnostics);
  for (const { index, report } of compatReports) at(index, compatDiagnostics(report));
  officialSchemas(locate.entries, at, session.negotiated?.protocolVersion);
  for (const e of session.elicitations) {
    if (!e.response) {
      found.push(locate(e.index, { file, line: 1, column: 1, severity: 'warning', code: 'elicitation-cancelled', message: 'the server asked for input; no --elicit FILE was given, so the check answered cancel' }));
      continue;
    }
    // 2026-07-28: the file answers one key of the task's inputRequests, checked as inputResponses.
    const head = e.key === undefined ? '' : `{${JSON.stringify(e.key)}:`;
    const checked = checkElicitation(e.request, head ? `${head}${e.response.text}}` : e.response.text);
    at(e.index, checked.diagnostics);
    found.push(...toFindings(e.response.file, checked.responseDiagnostics).map((f) => unwrap(f, head.length, e.key)));
  }
  for (const { member, ...f } of session.found) found.push(f.file ? f : locate(f.index, { file, ...memberSpan(locate.entries[f.index]?.message, member), ...f }));
  return dedupe(found);
}

/** Each server message checked against the official schemas (classify): a response as the
 * answer to its request; a message that satisfies another version's schema but not the
 * negotiated one is a finding. */
function officialSchemas(entries, at, negotiated) {
  const requests = new Map();
  entries.forEach((entry, index) => {
    if (!('message' in entry)) return; // a stdout line (replaySession reports it)
    const { message } = entry;
    if (entry.direction === 'client') {
      if (message?.method && message.id !== undefined) requests.set(message.id, message);
      return;
    }
    const request = message?.method === undefined ? requests.get(message?.id) : undefined;
    // The request on line 1, the response alone on line 2: its spans map back to its entry.
    const classified = request
      ? classify(`[${JSON.stringify(request)},\n${JSON.stringify(message)}]`).items?.[1]
      : classify(JSON.stringify(message));
    if (!classified) return;
    at(index, classified.diagnostics, request ? 2 : 1, request ? '/1' : '');
    const defined = classified.kind !== 'Unknown';
    if (defined && negotiated && classified.versions.length > 0 && !classified.versions.includes(negotiated)) {
      at(index, [{ severity: 'error', code: 'schema-version', message: `this ${classified.kind} satisfies the official schema of ${classified.versions.join(', ')} but not of the negotiated ${negotiated}` }]);
    }
  });
}

/** Where the top-level `result` member `member` of `message` starts in its JSON text (1-based
 * columns, the span its name and value): the whole message when it has none. */
function memberSpan(message, member) {
  const text = JSON.stringify(message) ?? '';
  const value = member === undefined ? undefined : message?.result?.[member];
  if (value === undefined) return { line: 1, column: 1, endLine: 1, endColumn: text.length + 1 };
  const written = `${JSON.stringify(member)}:${JSON.stringify(value)}`;
  const at = text.lastIndexOf(written);
  return at < 0 ? { line: 1, column: 1 } : { line: 1, column: at + 1, endLine: 1, endColumn: at + 1 + written.length };
}

/** A finding in a text that had `by` characters put before its first line (wrapping it as the
 * member `key`), moved back to the file as written. */
function unwrap(finding, by, key) {
  if (by === 0) return finding;
  const moved = { ...finding };
  const member = `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  if (moved.instancePath?.startsWith(member)) moved.instancePath = moved.instancePath.slice(member.length);
  if (moved.line === 1) moved.column = Math.max(1, moved.column - by);
  if (moved.endLine === 1) moved.endColumn = Math.max(1, moved.endColumn - by);
  return moved;
}

/** Findings without repeats (the same place, code and message). */
function dedupe(list) {
  const seen = new Set();
  return list.filter((f) => {
    const key = `${f.file}:${f.line}:${f.column}:${f.code}:${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
