// The Streamable HTTP proxy: listens on 127.0.0.1 only, refuses what a web page sends it
// (guard.js: a foreign Host or Origin, a target off the proxy: 403, never forwarded, a
// `request-refused` finding) and passes every other request (POST, GET, DELETE) to the upstream
// MCP server and every answer back as it arrives (forward.js), while a copy of
// each message goes to the checker with its HTTP envelope: a request's body, each JSON answer,
// each event of an SSE answer as the event completes (sse.js). The traffic never waits for the
// checker; a failure to reach the upstream, a TLS error or an answer cut short is told to the
// checker's session as a run event (which makes it an `upstream-failed` finding) and the host
// sees the same: its connection closed without an answer, or the answer cut.
import http from 'node:http';
import { FORWARDED } from '../child.js';
import { EventFramer } from './sse.js';
import { forward, headerObject, upstreamAgent, upstreamUrl } from './forward.js';
import { REFUSAL_REASONS, requestGuard } from './guard.js';

/** How long the checker may take to finish once the proxy is stopped: no host waits on it (the
 * stdio proxy's 1.5 s is a host's grace period), so the checker gets time to catch up with
 * what it was sent on a busy machine. */
const FINISH_TIMEOUT_MS = 10000;
/** The largest request or JSON answer body copied for the checker (bigger ones pass unchecked). */
const MAX_CHECKED_BODY = 64 * 1024 * 1024;

/** Collects copies of a body's chunks up to MAX_CHECKED_BODY: `{ add(chunk), text() }` (text
 * undefined past the limit). */
function bodyCopy() {
  const chunks = [];
  let size = 0;
  return {
    add(chunk) {
      size += chunk.length;
      if (size <= MAX_CHECKED_BODY) chunks.push(chunk);
    },
    text: () => (size > MAX_CHECKED_BODY ? undefined : Buffer.concat(chunks, size).toString('utf8')),
    /** The bytes, undefined past the limit. */
    bytes: () => (size > MAX_CHECKED_BODY ? undefined : Buffer.concat(chunks, size)),
    get size() {
      return size;
    },
  };
}

/** Whether an upstream's answer asks for (more) authorization: 401, or 403 `insufficient_scope`. */
function challenged(answer) {
  return answer.statusCode === 401 || (answer.statusCode === 403 && /error="?insufficient_scope/.test(String(answer.headers['www-authenticate'] ?? '')));
}

/** An upstream answer's headers as a fetch `Headers` (what the authorization reads). */
function answerHeaders(answer) {
  const headers = new Headers();
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) headers.append(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
  return headers;
}

/**
 * Runs the proxy to `upstream` on 127.0.0.1:`port` (0: any) until SIGINT or SIGTERM; `checker`
 * is startChecker's, told each failure to reach the upstream or to pass its answer on as an
 * `upstream-failed` run event, and each request refused as a `request-refused` one (its session
 * makes the finding, about no message). `allowOrigins`: the origins `--allow-origin` gave,
 * normalised (guard.js `originOf`). `credentials` (runtime/mcp-client/oauth.js's authorizer:
 * --header, --bearer-env, OAuth): added to each request the guard took that carries no
 * Authorization of its own; such a request answered 401 (or 403 insufficient_scope) is sent again
 * once signed in, and the authorization path is told to the checker (`authorization`). Resolves
 * `{ outcome, summary }`: `outcome` `{ code: 0 }` once stopped, or `{ error, message, exit: 2 }`
 * when it cannot listen; `summary` the checker's.
 */
export async function proxyHttp({ upstream, port, insecure, allowOrigins = [], credentials }, io, checker) {
  const agent = upstreamAgent(upstream, insecure);
  if (credentials) credentials.observe = (path) => checker.authorization(path);
  const say = (text) => io.stderr.write(`mcp-json-toolbox proxy: ${text}\n`);
  const refusal = requestGuard(allowOrigins);
  // The guard is the listener's only way in: every request meets it before anything else of the
  // proxy sees the request, and only one it takes reaches `handle`. What the proxy adds to a
  // request (its own credentials) is added in `handle`, so that it never reaches a refused
  // request; and never to a request that carries an `Authorization` of its own (that host speaks
  // for itself).
  const server = http.createServer((request, response) => {
    const refused = refusal(request);
    if (refused) refuse(request, response, refused);
    else handle(request, response);
  });
  /** Open answers (a GET stream may stay open): ended when the proxy stops. */
  const open = new Set();
  /** The proxy is stopping: the answers it cuts then (its own doing, whichever side's close is
   * seen first) are no failure of the upstream. */
  let stopping = false;

  /** A request the guard refused: 403 with its one-line reason, nothing sent upstream, the
   * refusal told to the checker's session (`refused` as the guard gave it). */
  function refuse(request, response, refused) {
    const reason = `${REFUSAL_REASONS[refused.refused]}\n`;
    response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(reason), 'X-Content-Type-Options': 'nosniff', Connection: 'close' });
    response.end(reason);
    checker.event({ event: 'request-refused', method: request.method, target: request.url, port: request.socket.localPort, ...refused });
  }

  /** One host request the guard took: forwarded at once, its body copied for the checker as it
   * passes. */
  function handle(request, response) {
    const target = upstreamUrl(upstream, request.url);
    const envelope = { method: request.method, headers: headerObject(request.rawHeaders) };
    const body = bodyCopy();
    let failed = false;
    /** The host closed its connection before the answer's end (a client closing its GET stream):
     * the upstream's answer is cut by the proxy then, which is no failure of the upstream. */
    let hostGone = false;
    /** Says what failed (`failure`: the network error's `{ code, reason }`, or where the answer
     * was `{ cut }`) and closes the host's connection. */
    const fail = (failure) => {
      if (failed || hostGone || stopping) return;
      failed = true;
      checker.event({ event: 'upstream-failed', method: request.method, url: String(target), ...failure });
      response.destroy();
    };
    const onError = (error) => fail({ code: error?.code ?? null, reason: error?.message ?? String(error) });
    const onResponse = (answer) => relay(request, answer, response, envelope, (cut) => fail({ cut }));
    // The proxy's credentials go only with a request that carries no Authorization of its own.
    const mine = credentials && request.headers.authorization === undefined ? credentials : undefined;
    const ended = new Promise((resolve) => request.on('end', resolve));
    const outgoing = forward(request, target, agent, {
      added: mine?.headers(),
      onResponse: (answer) => (mine && challenged(answer) ? authorizeAgain(answer) : onResponse(answer)),
      onError,
    });
    /** The upstream asked for (more) authorization: signed in, the request is sent again with
     * the token and that answer passed on; otherwise (it cannot sign in, or the body was too
     * large to keep) this answer is. */
    async function authorizeAgain(answer) {
      await ended;
      const bytes = body.bytes();
      let authorized = false;
      try {
        authorized = bytes !== undefined && (await mine.unauthorized(new Response(null, { status: answer.statusCode, headers: answerHeaders(answer) })));
      } catch (error) {
        say(error.message);
      }
      if (!authorized || hostGone || stopping) {
        onResponse(answer);
        return;
      }
      answer.resume();
      forward(request, target, agent, { added: mine.headers(), onResponse, onError }).end(bytes);
    }
    request.on('data', (chunk) => {
      body.add(chunk);
      outgoing.write(chunk);
    });
    request.on('end', () => {
      outgoing.end();
      const text = body.text();
      if (body.size > 0 && text !== undefined) checker.message(text, 'client', envelope);
    });
    // The host went away before the answer: so does the request upstream.
    response.on('close', () => {
      if (response.writableFinished) return;
      hostGone = true;
      outgoing.destroy();
    });
  }

  /** The upstream's answer to the host: status, headers and body as they come; copies of its
   * messages (a JSON body once whole, each SSE event once complete) to the checker; `cut(where)`
   * when the upstream's connection closes before the answer's end (`mid-event`, `before-end`). */
  function relay(request, answer, response, requestEnvelope, cut) {
    const headers = headerObject(answer.rawHeaders, new Set(['connection', 'keep-alive', 'transfer-encoding']));
    response.writeHead(answer.statusCode, answer.statusMessage, headers);
    response.flushHeaders();
    const type = String(answer.headers['content-type'] ?? '');
    const envelope = { status: answer.statusCode, headers: headerObject(answer.rawHeaders) };
    const sse = type.includes('text/event-stream') ? new EventFramer() : undefined;
    const body = sse ? undefined : bodyCopy();
    open.add(response);
    answer.on('data', (chunk) => {
      response.write(chunk);
      if (sse) for (const data of sse.push(chunk)) checker.message(data, 'server', envelope);
      else body.add(chunk);
    });
    answer.on('end', () => {
      open.delete(response);
      response.end();
      const text = body?.text();
      if (body && body.size > 0 && text !== undefined && type.includes('json')) checker.message(text, 'server', envelope);
    });
    // The upstream's connection closed before the answer's end: the host's is cut alike.
    answer.on('close', () => {
      open.delete(response);
      if (!answer.complete) cut(sse?.cut() ? 'mid-event' : 'before-end');
    });
    answer.on('error', () => {}); // said by the close above
  }

  try {
    await /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    }));
  } catch (error) {
    const summary = await checker.finish(FINISH_TIMEOUT_MS);
    return { outcome: { error, message: `cannot listen on 127.0.0.1:${port}: ${error.code ?? error.message}`, exit: 2 }, summary };
  }
  const { port: bound } = /** @type {import('node:net').AddressInfo} */ (server.address());
  say(`listening on http://127.0.0.1:${bound}/ (forwarding to ${upstream})`);
  await new Promise((resolve) => {
    const stop = () => {
      for (const signal of FORWARDED) process.off(signal, stop);
      resolve();
    };
    for (const signal of FORWARDED) process.on(signal, stop);
  });
  stopping = true;
  server.close();
  for (const response of open) response.destroy();
  server.closeAllConnections?.();
  agent.destroy();
  const summary = await checker.finish(FINISH_TIMEOUT_MS);
  return { outcome: { code: 0 }, summary };
}
