// `mcp-json-toolbox check-server`: connects to a running MCP server (a command over stdio, or
// `--url` over Streamable HTTP), negotiates, lists what it publishes, optionally calls tools
// (polling tasks, answering elicitations), records the transcript and prints what the package's
// session checker finds as it goes: one `JsonLinesSession` (src/host/session/jsonl_transcript.rs) is fed
// each transcript line as it is recorded (the HTTP envelope with it) and told the run's events
// (a refused initialize or list, too many pages, a task not finished in time, input rounds
// exceeded, a question cancelled, a request never answered: src/host/session/events.rs). It checks the official schemas,
// every tools/list page with each tool's checks and compatibility verdicts for the chosen
// targets, every call's arguments and result, every elicitation answer, every task as a state
// machine. No check, code or severity is decided here: the findings, their places (the line of
// the transcript `--record FILE` keeps in the form `replay` reads, or in words: a tool, a
// message) and the summary's verdicts are the session's.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as toolbox from 'mcp-json-toolbox';
import { UsageError, command, readInput } from './command.js';
import { CREDENTIAL_OPTIONS, credentialHelp, credentialOptionGiven, credentialsFor } from './credential-options.js';
import { findings as toFindings } from './report.js';
import { TARGET_NAMES, parseTargets } from './targets.js';
import { ServerFailure } from '../mcp-client/connection.js';
import { Secrets } from '../mcp-client/credentials.js';
import { withDefaults } from '../mcp-client/elicitation.js';
import { connectHttp } from '../mcp-client/http.js';
import { PROTOCOLS, listAll, negotiate } from '../mcp-client/session.js';
import { startStdio } from '../mcp-client/stdio.js';
import { callTool } from '../mcp-client/task.js';
import { transcriptText } from './check-server/transcript.js';
import { summaryText } from './check-server/summary.js';

const { JsonLinesSession } = toolbox;

const NAME = 'check-server';
const SUMMARY = 'Start an MCP server (or connect to --url) and check everything it publishes: the official\n' +
  'schemas of every answer, every tool, task calls, results and elicitations.';
const OPTIONS_HELP = `  --url URL                   a Streamable HTTP endpoint instead of a command over stdio
  --protocol ${PROTOCOLS.join('|')}  the protocol version to offer (default ${PROTOCOLS.at(-1)})
  --call NAME ARGS_FILE       call tool NAME with the arguments in ARGS_FILE (repeatable)
  --send-invalid              send arguments that fail the tool's inputSchema anyway
  --elicit FILE               the answer (ElicitResult) to each question; without it, cancel
                              (2025-11-25) or decline (2026-07-28, up to 10 input rounds a call)
  --timeout MS                how long the server may take to answer, and a call to finish (default 10000)
  --startup-timeout MS        how long the server may take to start and answer its first request (default 30000)
  --record FILE               keep the transcript (JSON Lines, what \`replay\` reads)
  --target NAME[,NAME]        compatibility profiles to judge each tool by (repeatable, or
                              all; default the package's: see \`compat --help\`); known:
                              ${TARGET_NAMES.join(', ')}

${credentialHelp('--url')}

Exit code 2 also for a server that cannot be started or dies; a request not answered within
--startup-timeout (its first answer) or --timeout (the others) is a no-answer error.`;

const OPTIONS = {
  url: { type: 'string' },
  protocol: { type: 'string', default: PROTOCOLS.at(-1) },
  call: { type: 'string', multiple: true },
  'send-invalid': { type: 'boolean', default: false },
  elicit: { type: 'string' },
  timeout: { type: 'string', default: '10000' },
  'startup-timeout': { type: 'string', default: '30000' },
  record: { type: 'string' },
  target: { type: 'string', multiple: true },
  ...CREDENTIAL_OPTIONS,
};

/** The `--call NAME ARGS_FILE` pairs: each `--call` takes its NAME, the ARGS_FILEs are the
 * positionals, in order. */
function callPairs(names = [], files) {
  if (names.length !== files.length || names.some((n) => n.startsWith('--'))) {
    throw new UsageError('--call takes two values: the tool NAME and an ARGS_FILE');
  }
  return names.map((name, i) => ({ name, file: files[i] }));
}

/** The options checked: `{ timeoutMs, targets }`, or a UsageError. */
function checkOptions(values, server) {
  if (!PROTOCOLS.includes(values.protocol)) throw new UsageError(`--protocol must be one of ${PROTOCOLS.join(', ')}`);
  const timeoutMs = Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new UsageError('--timeout must be a whole number of milliseconds');
  const startupMs = Number(values['startup-timeout']);
  if (!Number.isInteger(startupMs) || startupMs <= 0) throw new UsageError('--startup-timeout must be a whole number of milliseconds');
  if (values.url && server.length > 0) throw new UsageError('give either --url URL or -- COMMAND ARGS…, not both');
  if (!values.url && server.length === 0) throw new UsageError('no server: give -- COMMAND ARGS… or --url URL');
  if (values.url && !/^https?:\/\//.test(values.url)) throw new UsageError('--url must be an http:// or https:// URL');
  return { timeoutMs, startupMs, targets: parseTargets(values.target, TARGET_NAMES) };
}

export default command({
  name: NAME,
  summary: `${SUMMARY}\n\n${OPTIONS_HELP}`,
  usage: `[OPTIONS] -- COMMAND ARGS…\n       mcp-json-toolbox ${NAME} [OPTIONS] --url URL`,
  options: OPTIONS,
  tail: true,
  async check(values, positionals, io, server) {
    const calls = callPairs(values.call, positionals);
    const { timeoutMs, startupMs, targets } = checkOptions(values, server);
    // Every byte the command writes passes `secrets` (no credential is ever written).
    const secrets = new Secrets();
    const scrubbed = { ...io, stdout: secrets.scrubbing(io.stdout), stderr: secrets.scrubbing(io.stderr) };
    const credentials = values.url ? credentialsFor(values.url, values, scrubbed, { name: NAME, secrets, timeoutMs }) : undefined;
    const given = credentialOptionGiven(values);
    if (!values.url && given) throw new UsageError(`--${given} is for a server over HTTP (--url)`);
    const inputs = await Promise.all(calls.map(async (call) => ({ ...call, ...(await readInput(call.file, io)) })));
    const elicit = values.elicit ? await readInput(values.elicit, io) : undefined;
    try {
      return await checkServer({ values, calls: inputs, server, timeoutMs, startupMs, targets, elicit, credentials, secrets }, scrubbed);
    } catch (error) {
      if (error instanceof Error) error.message = secrets.scrub(error.message);
      throw error;
    } finally {
      await credentials?.close();
    }
  },
});


/** Runs the session: the session checker's findings over its transcript and the summary, as a
 * command's outcome (`exit: 2` when the run could not finish). */
async function checkServer({ values, calls, server, timeoutMs, startupMs, targets, elicit, credentials, secrets }, io) {
  const transport = values.url
    ? connectHttp(values.url, { timeoutMs, startupMs, credentials })
    : startStdio(server[0], server.slice(1), { cwd: io.cwd, env: io.env, timeoutMs, startupMs });
  const { connection } = transport;
  const waiting = sayWhileStarting(connection, values.url ?? server.join(' '), startupMs, io.stderr);
  const session = { calls: [], elicit, targets, found: [], elsewhere: [], live: new JsonLinesSession(sessionOptions(targets)) };
  session.feed = feeder(session.live, connection.transcript, Boolean(values.url), session.found);
  // What the session makes of the authorization path (findings about the session, no line: the
  // request that was refused is fed once sent again, with the headers it then carried).
  if (credentials) credentials.observe = (path) => session.found.push(...session.live.authorization(path));
  connection.handle('elicitation/create', (_params, message) => answerElicitation(session, connection, message));
  connection.handle('ping', () => ({}));
  connection.handle('roots/list', () => ({ roots: [] }));
  let failure;
  try {
    await runSession(session, connection, { values, calls, timeoutMs });
  } catch (error) {
    if (!(error instanceof ServerFailure)) throw error;
    failure = error;
  } finally {
    clearTimeout(waiting);
    await transport.close();
  }
  // A request never answered is the session's finding (`no-answer`): the run stopped there, and
  // what it saw until then is reported as usual, with the server's stderr to tell why.
  const silent = failure?.noAnswer;
  if (silent) {
    tell(session, { event: 'no-answer', ...silent });
    failure = undefined;
  }
  const record = values.record ?? `${NAME}.jsonl`;
  const text = session.feed({ end: true });
  if (values.record) await writeFile(resolve(io.cwd, values.record), secrets.scrub(text));
  if (failure) {
    const tail = transport.stderrTail();
    io.stderr.write(`mcp-json-toolbox ${NAME}: ${failure.message}\n${tail ? `the server's stderr (first and last lines):\n${tail.replace(/^/gm, '  ')}\n` : ''}`);
    // A CI step reading --format json or github learns why too (human output: stderr alone);
    // what the session found until then is reported (an authorization server it cannot use).
    const error = { message: failure.message, stderrTail: tail };
    const { inTranscript: found, place } = transcriptFindings(record, session, values.record);
    return { findings: found, sources: new Map([[record, text]]), results: [{ file: record, server: session.negotiated ?? null, error }], failure: failure.message, place, exit: 2 };
  }
  session.found.push(...session.live.end());
  // The session's findings in the transcript, then those in other files (arguments, --elicit).
  const { inTranscript, place } = transcriptFindings(record, session, values.record);
  const found = [...inTranscript, ...session.elsewhere];
  found.sort((x, y) => (x.file === y.file ? x.line - y.line || x.column - y.column : x.file === record ? -1 : 1));
  const sources = new Map([[record, text], ...calls.map((c) => [c.file, c.text]), ...(elicit ? [[elicit.file, elicit.text]] : [])]);
  const listed = { prompts: session.prompts?.length, resources: session.resources?.length };
  const tools = session.live.tools();
  const summary = summaryText(session.negotiated, tools, listed, session.calls, { verbose: values.verbose, recorded: values.record });
  // `recorded`: whether `file` was written (--record); if not, findings' lines are in no file.
  /** @type {{ stderrTail?: string, [field: string]: unknown }} */
  const result = { file: record, recorded: Boolean(values.record), server: session.negotiated ?? null, tools: tools.tools, list: tools.list, ...listed, calls: session.calls, text: summary };
  if (silent) {
    result.stderrTail = transport.stderrTail();
    if (result.stderrTail) io.stderr.write(`the server's stderr (first and last lines):\n${result.stderrTail.replace(/^/gm, '  ')}\n`);
  }
  return { findings: found, sources, results: [result], place };
}

/** The session's findings as findings in the transcript `record`, and `place`: without
 * `recorded` (--record) the transcript is not on disk, so a finding is shown at the session's
 * place in words (its tool or message). */
function transcriptFindings(record, session, recorded) {
  const inTranscript = toFindings(record, session.found);
  const places = new Map(inTranscript.map((f, i) => [f, session.found[i].place]));
  return { inTranscript, place: recorded ? undefined : (finding) => places.get(finding) };
}

/** On a terminal (stderr a TTY), says what the run waits for when the server has not answered
 * after a second: its start (up to `startupMs`). Returns the timer to clear. */
function sayWhileStarting(connection, what, startupMs, stderr) {
  if (!stderr.isTTY) return undefined;
  return setTimeout(() => {
    if (!connection.started) stderr.write(`${NAME}: waiting for ${what} to start and answer (up to ${startupMs / 1000} s, --startup-timeout)…\n`);
  }, 1000);
}

/** The session checker's options: the targets (none: its default). The server's name it reads
 * from the transcript's handshake itself, as `replay` and the proxy do. */
function sessionOptions(targets) {
  return targets?.length ? { targets } : {};
}

/**
 * `feed()` hands `live` every transcript entry recorded since the last feed, as the line the
 * recording holds, and keeps its findings in `found` (called at each step of the run: after the
 * negotiation and each listing, before each call's arguments are checked, with each run event,
 * and at the end); over HTTP a client message waits until its
 * envelope has the request as sent (`http`, set when it is POSTed). `feed({ end: true })` hands
 * it everything left and returns the whole transcript text (what `--record` writes).
 */
function feeder(live, transcript, overHttp, found) {
  const lines = [];
  return ({ end = false } = {}) => {
    while (lines.length < transcript.length) {
      const entry = transcript[lines.length];
      if (!end && overHttp && entry.direction === 'client' && entry.message !== undefined && !entry.http) break;
      const line = transcriptText([entry]);
      lines.push(line);
      found.push(...live.pushLines(line));
    }
    return lines.join('');
  };
}

/** Tells the session a run event (`{ event, entry?, … }`, src/host/session/events.rs) once it has
 * every entry so far; keeps the finding it makes of it. */
function tell(session, event) {
  session.feed();
  session.found.push(session.live.event(event));
}

/** The exchange: negotiation, the lists, the calls; what was learnt goes into `session`. */
async function runSession(session, connection, { values, calls, timeoutMs }) {
  const negotiated = await negotiate(connection, values.protocol);
  session.negotiated = negotiated;
  session.feed();
  if (!negotiated.protocolVersion) {
    tell(session, { event: 'initialize-refused', entry: negotiated.index, reason: negotiated.error?.message ?? null });
    return;
  }
  const listed = await listAll(connection, negotiated, 'tools/list', 'tools');
  session.tools = listed.items;
  noteListing(session, 'tools/list', listed);
  for (const [capability, method, key] of [['prompts', 'prompts/list', 'prompts'], ['resources', 'resources/list', 'resources']]) {
    if (!negotiated.capabilities?.[capability]) continue;
    const other = await listAll(connection, negotiated, method, key);
    session[key] = other.items;
    noteListing(session, method, other);
  }
  for (const call of calls) await runCall(session, connection, call, { values, timeoutMs });
}

/** A listing's events: a refusal, too many pages (a repeating cursor is the session's
 * `cursor-loop`); the session is fed its pages either way. */
function noteListing(session, method, listed) {
  session.feed();
  const entry = listed.indices.at(-1);
  if (listed.error) tell(session, { event: 'list-refused', entry, method, reason: listed.error.message ?? JSON.stringify(listed.error) });
  if (listed.truncated) tell(session, { event: 'too-many-pages', entry, method, pages: listed.truncated });
}

/** One `--call`: the arguments checked by the session against the tool's inputSchema (findings
 * in the arguments file), then sent (unless invalid), the task followed (the session checks the
 * result in the transcript). */
async function runCall(session, connection, call, { values, timeoutMs }) {
  const record = { tool: call.name, file: call.file, sent: false };
  session.calls.push(record);
  session.feed();
  const checked = session.live.checkCall(call.name, call.text);
  session.elsewhere.push(...toFindings(call.file, checked));
  const tool = session.tools.find((t) => t?.name === call.name);
  if (!tool) return;
  // Over Streamable HTTP, a tool the session says a client excludes (a broken `x-mcp-header`,
  // its finding in the tools/list answer) is not called: the other tools are.
  const excluded = values.url ? session.live.tools().tools.find((t) => t.name === call.name)?.excluded : undefined;
  if (excluded) {
    record.skipped = `excluded from the tools a client may call over Streamable HTTP: ${excluded}`;
    return;
  }
  let args;
  try {
    args = JSON.parse(call.text);
  } catch {
    return; // the parse error is among the findings
  }
  if (checked.some((d) => d.severity === 'error') && !values['send-invalid']) {
    record.skipped = 'arguments fail the inputSchema (--send-invalid sends them anyway)';
    return;
  }
  const declinedBefore = session.declined ?? 0;
  const outcome = await callTool(connection, session.negotiated, tool, args, {
    timeoutMs,
    answerInput: (request, index) => answerInputRequest(session, request, index),
  });
  // `asTask`: a task was created (asked for one or not: the 2026-07-28 server decides).
  Object.assign(record, { sent: true, asTask: outcome.taskId !== undefined, taskId: outcome.taskId, statuses: outcome.statuses, timedOut: outcome.timedOut ?? false });
  Object.assign(record, { inputRounds: outcome.inputRounds ?? 0, inputRoundsExceeded: outcome.inputRoundsExceeded ?? false, declined: (session.declined ?? 0) - declinedBefore });
  record.isError = outcome.result?.isError ?? undefined;
  if (outcome.error) record.error = outcome.error.message ?? JSON.stringify(outcome.error);
  if (outcome.inputRoundsExceeded) tell(session, { event: 'input-rounds-exceeded', entry: outcome.resultIndex, tool: call.name, rounds: outcome.inputRounds });
  if (outcome.timedOut) tell(session, { event: 'task-timeout', entry: outcome.requestIndex, taskId: String(outcome.taskId), tool: call.name, timeoutMs });
}

/** The answer to an elicitation (request at transcript entry `index`, its `params`): the
 * `--elicit` file's content with the form's defaults (SEP-1034, `withDefaults`), or a cancel (the
 * session's `elicitation-cancelled` event; an `--elicit` file the session finds is not JSON, its
 * `elicit-not-json`, once). The session checks the answer as sent, in the transcript. */
function elicitationAnswer(session, index, params) {
  const { elicit } = session;
  if (!elicit) {
    tell(session, { event: 'elicitation-cancelled', entry: index });
    return { action: 'cancel' };
  }
  if (session.elicitChecked === undefined) {
    session.elicitChecked = session.live.checkAnswer(elicit.text);
    session.elsewhere.push(...toFindings(elicit.file, session.elicitChecked));
  }
  return session.elicitChecked.length ? { action: 'cancel' } : withDefaults(JSON.parse(elicit.text), params);
}

/** A 2025-11-25 `elicitation/create` from the server. */
function answerElicitation(session, connection, message) {
  return elicitationAnswer(session, connection.transcript.findIndex((e) => e.message === message), message.params);
}

/** A 2026-07-28 input request inside an `input_required` task (its `tasks/get` answer at
 * `index`): an elicitation is answered like a 2025-11-25 one, `roots/list` with no roots. */
function answerInputRequest(session, request, index) {
  if (request?.method === 'roots/list') return { roots: [] };
  if (!session.elicit) {
    // No --elicit: the question is declined (the summary says so).
    session.declined = (session.declined ?? 0) + 1;
    return { action: 'decline' };
  }
  return elicitationAnswer(session, index, request.params);
}
