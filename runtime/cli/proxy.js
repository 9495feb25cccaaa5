// `mcp-json-toolbox proxy`: a checking proxy between a host and a real MCP server. Over stdio
// (`-- COMMAND ARGS…`) it runs the server and passes every byte both ways unchanged
// (runtime/proxy/stdio.js); over Streamable HTTP (`--upstream URL`) it listens on 127.0.0.1 only
// and forwards every request a web page did not send to the upstream server
// (runtime/proxy/http/). Either way a checker
// thread feeds a copy of each message to the package's `Session` (runtime/proxy/); its findings
// are printed on stderr as they come (report.js, `--format`), never on the protocol channel.
import { closeSync, openSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError, command } from './command.js';
import { CREDENTIAL_OPTIONS, credentialHelp, credentialOptionGiven, credentialsFor } from './credential-options.js';
import { liveReport } from './report.js';
import { countText as counted } from '../counts.js';
import { TARGET_NAMES, parseTargets } from './targets.js';
import { Secrets } from '../mcp-client/credentials.js';
import { startChecker } from '../proxy/checker-thread.js';
import { proxyStdio } from '../proxy/stdio.js';
import { originOf } from '../proxy/http/guard.js';

const NAME = 'proxy';
/** Messages longer than this are passed on but not checked (counted as too large). */
const MAX_CHECKED_MESSAGE = 64 * 1024 * 1024;

const SUMMARY = 'Run an MCP server (stdio or Streamable HTTP) behind a checking proxy; findings on stderr.\n' +
  'Every byte is passed on unchanged both ways; each message is checked live (host and server\n' +
  'rules, task flows, schemas).';
const OPTIONS_HELP = `  -- COMMAND ARGS…             a stdio server: run it, the host talks to the proxy's stdin/stdout
  --upstream URL              a Streamable HTTP server: listen on 127.0.0.1 (only: there is
                              no option to listen elsewhere) and forward to URL; a request whose
                              Host is not 127.0.0.1, localhost or [::1] at the port, or whose
                              Origin is not http:// one of those nor --allow-origin's, is refused
                              (403, not forwarded, a request-refused warning)
  --port N                    the port to listen on with --upstream (default 0: any free port,
                              printed on stderr)
  --allow-origin URL          with --upstream: also take requests from this origin (a
                              browser-based host's page, e.g. http://localhost:6274; repeatable)
  --insecure                  with --upstream https://…: accept any TLS certificate
  --record FILE               write the session as a transcript (JSON Lines of {timestamp,
                              direction, message, http?}) that \`replay\` and the page read; over
                              HTTP credentials are redacted (the rules of \`redactLog\`)
  --record-secrets            keep credentials in the --record transcript
  --report FILE               write the findings as JSON Lines ({severity, code, message, index,
                              direction, pointer, line, column, tool?})
  --target NAME[,NAME]        compatibility profiles to judge each listed tool by (repeatable,
                              or all; default the package's); known: ${TARGET_NAMES.join(', ')}
  --quiet                     no findings nor summary on stderr (a stdio server's stderr still passes)
  --checker MODULE            a module whose default export makes the checker (tests)

${credentialHelp('--upstream')}
The proxy's credentials go only with a request that carries no Authorization of its own (the
host's is forwarded untouched, and recorded redacted).`;
const EXITS = 'Exit code over stdio: the server\'s, or its signal (2: a usage error; 127: COMMAND not found;\n' +
  '126: it could not run). With --upstream, once stopped (SIGINT, SIGTERM): 0 no errors, 1 errors\n' +
  'found, 2 a usage error or a port it cannot listen on. Findings go to stderr in every --format.';

const OPTIONS = {
  upstream: { type: 'string' },
  port: { type: 'string', default: '0' },
  'allow-origin': { type: 'string', multiple: true },
  insecure: { type: 'boolean', default: false },
  record: { type: 'string' },
  'record-secrets': { type: 'boolean', default: false },
  report: { type: 'string' },
  target: { type: 'string', multiple: true },
  quiet: { type: 'boolean', default: false },
  checker: { type: 'string' },
  ...CREDENTIAL_OPTIONS,
};

/** One `--report` line: `{severity, code, message, index, direction, pointer, line, column, tool?}`. */
function reportLine(f) {
  const { severity, code, message, index = null, direction = null, pointer = '', line, column, tool } = f;
  return `${JSON.stringify({ severity, code, message, index, direction, pointer, line, column, ...(tool ? { tool } : {}) })}\n`;
}

/** Which message a finding is about: `client#5` (its sender and index, both directions counted),
 * or `session` for the checker's own findings about no message. */
function place(f) {
  return f.index === null || f.index === undefined ? 'session' : `${f.direction}#${f.index}`;
}

/** The end-of-session line: "12 messages checked, 2 errors, 1 warning" and what was not checked. */
export function summaryLine(list, summary) {
  const parts = summary.messages === undefined ? [] : [`${summary.messages} message${summary.messages === 1 ? '' : 's'} checked`];
  const counts = counted(list);
  if (counts) parts.push(counts);
  if (summary.skipped) parts.push(`${summary.skipped} skipped (the checker fell behind; findings after them may be missing or wrong)`);
  if (summary.oversized) parts.push(`${summary.oversized} too large to check`);
  if (summary.timedOut) parts.push('the checker did not finish in time (findings may be missing)');
  if (summary.interrupted) parts.push('interrupted before the checker finished (findings may be missing)');
  if (summary.crashed) parts.push(`the server ended (${summary.crashed}) while the host was still connected`);
  if (summary.failed) parts.push('the checker failed (above); the traffic was passed on');
  return parts.join(', ');
}

/** The options checked: `{ targets, port, allowOrigins }` (normalised origins), or a UsageError. */
function checkOptions(values, server) {
  if (values.upstream && server.length > 0) throw new UsageError('give either --upstream URL or -- COMMAND ARGS…, not both');
  if (!values.upstream && server.length === 0) throw new UsageError('no server command: give it after --, or --upstream URL');
  if (values.upstream && !/^https?:\/\/[^/]/.test(values.upstream)) throw new UsageError('--upstream must be an http:// or https:// URL');
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be a port number (0 to 65535)');
  const allowed = values['allow-origin'] ?? [];
  if (allowed.length > 0 && !values.upstream) throw new UsageError('--allow-origin goes with --upstream URL (the stdio proxy listens on nothing)');
  const allowOrigins = allowed.map((text) => {
    const origin = originOf(text);
    if (origin === undefined) throw new UsageError(`--allow-origin ${text}: not an origin (http:// or https://, a host, a port; no path)`);
    return origin;
  });
  return { targets: parseTargets(values.target, TARGET_NAMES), port, allowOrigins };
}

export default command({
  name: NAME,
  summary: `${SUMMARY}\n\n${OPTIONS_HELP}`,
  usage: `[OPTIONS] -- COMMAND ARGS…\n       mcp-json-toolbox ${NAME} [OPTIONS] --upstream URL [--port N] [--allow-origin URL]…`,
  options: OPTIONS,
  tail: true,
  exits: EXITS,
  async check(values, positionals, io, server) {
    if (positionals.length > 0) throw new UsageError(`unexpected ${positionals[0]}: the server's command goes after --`);
    const { targets, port, allowOrigins } = checkOptions(values, server);
    // What the HTTP proxy says on stderr passes `secrets` (no credential of its own is written);
    // stdout is never touched (over stdio, it is the host's channel).
    const secrets = new Secrets();
    if (values.upstream) io = { ...io, stderr: secrets.scrubbing(io.stderr) };
    const credentials = values.upstream ? credentialsFor(values.upstream, values, io, { name: NAME, secrets }) : undefined;
    const given = credentialOptionGiven(values);
    if (!values.upstream && given) throw new UsageError(`--${given} is for a server over HTTP (--upstream)`);
    let reportFd;
    try {
      reportFd = values.report ? openSync(resolve(io.cwd, values.report), 'w') : undefined;
    } catch (error) {
      throw new UsageError(`--report ${values.report}: ${error.message}`);
    }
    const file = values.record ?? 'session';
    const live = liveReport({ format: values.format, io, stream: io.stderr, place, prefix: `mcp-json-toolbox ${NAME}: `, quiet: values.quiet });
    const onFindings = (list) => {
      const found = list.map((f) => ({ file, ...f, instancePath: f.pointer || undefined }));
      live.add(found);
      if (reportFd !== undefined) for (const f of list) writeSync(reportFd, reportLine(f));
    };
    const checker = startChecker(
      {
        record: values.record ? resolve(io.cwd, values.record) : undefined,
        redact: Boolean(values.upstream) && !values['record-secrets'],
        checker: values.checker ? pathToFileURL(resolve(io.cwd, values.checker)).href : undefined,
        maxMessageBytes: MAX_CHECKED_MESSAGE,
        options: targets.length ? { targets } : undefined,
      },
      {
        onFindings,
        onFailure: (error) => onFindings([{
          severity: 'error',
          code: 'checker-failed',
          message: `the checker thread failed (${error?.message ?? error}); the traffic goes on unchecked`,
          index: null,
          pointer: '',
          line: 1,
          column: 1,
        }]),
      },
    );
    let ran;
    try {
      ran = values.upstream
        ? await (await import('../proxy/http/serve.js')).proxyHttp({ upstream: values.upstream, port, insecure: values.insecure, allowOrigins, credentials }, io, checker)
        : await proxyStdio(server[0], server.slice(1), io, checker);
    } finally {
      await credentials?.close();
      if (reportFd !== undefined) closeSync(reportFd);
    }
    const { outcome, summary } = ran;
    const findings = live.end([{ file, ...summary }]);
    if (outcome.error) {
      io.stderr.write(`mcp-json-toolbox ${NAME}: ${outcome.message ?? `cannot run ${server[0]}: ${outcome.error.message}`}\n`);
      return { findings, reported: true, exit: outcome.exit ?? (outcome.error.code === 'ENOENT' ? 127 : 126) };
    }
    if (!values.quiet && values.format !== 'json') io.stderr.write(`mcp-json-toolbox ${NAME}: ${summaryLine(findings, summary)}\n`);
    if (outcome.signal) process.kill(process.pid, outcome.signal);
    return { findings, reported: true, exit: values.upstream ? undefined : outcome.code ?? 1 };
  },
});
