// What the HTTP proxy takes from its listener: the proxy is a web server on the user's machine,
// and any page the user's browser opens can send it requests. The Streamable HTTP transport's
// "Security Warning" (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports,
// checked 2026-12-06) says servers "MUST validate the `Origin` header on all incoming connections
// to prevent DNS rebinding attacks" and answer an invalid one with 403. A request passes when its
// target is a path on the proxy, its `Host` names the address the proxy listens on
// (127.0.0.1, localhost or [::1] at the port the connection came in on: a page that rebinds its
// own name to 127.0.0.1 still sends that name) and its `Origin`, when it has one, is the proxy's
// own (`http://` and one of those) or one the user allows (`--allow-origin`). The finding a
// refusal makes (`request-refused`) is the crate's (src/host/session/events.rs).

/** The names of the loopback address the proxy listens on (a `Host` names one with the port). */
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/** The one-line reason a refused request is answered with (403, text/plain), by what refused it. */
export const REFUSAL_REASONS = {
  target: 'mcp-json-toolbox proxy refused this request: its target is not a path on this proxy',
  host: "mcp-json-toolbox proxy refused this request: its Host is not this proxy's address (127.0.0.1, localhost or [::1] at its port)",
  origin: "mcp-json-toolbox proxy refused this request: its Origin is neither this proxy's own nor one given with --allow-origin",
};

/**
 * The origin `text` names, normalised (`scheme://host[:port]`: the host lowercased, a default
 * port dropped, as the URL standard serialises an origin); undefined when `text` is not an http
 * or https origin (another scheme, `null`, a path, a query, credentials).
 */
export function originOf(text) {
  let url;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : undefined;
}

/** A URL no request target can name, to resolve targets against. */
const BASE = 'http://proxy.invalid';

/** Whether request target `url` is a path on the proxy (one that stays on its origin). */
function onProxy(url) {
  try {
    return url.startsWith('/') && new URL(url, BASE).origin === BASE;
  } catch {
    return false; // `//[…`: no URL at all
  }
}

/**
 * The guard of a listener: `refusal(request)` is undefined for a request the proxy takes, or `{
 * refused: 'target' }`, `{ refused: 'host', host }` (`host` undefined when it had none) or `{
 * refused: 'origin', origin }` for one it refuses. `allowed`: the origins `--allow-origin` gave,
 * normalised by `originOf`.
 */
export function requestGuard(allowed) {
  const allowedOrigins = new Set(allowed);
  return function refusal(request) {
    const { url, headers } = request;
    // An absolute URL, `//host/…` or `/\host/…` would resolve off the upstream's origin
    // (forward.js resolves the target against the upstream URL).
    if (!onProxy(url)) return { refused: 'target' };
    const port = request.socket.localPort;
    const host = headers.host?.toLowerCase();
    const names = LOOPBACK.map((name) => `${name}:${port}`);
    // Port 80 is the default: a host may leave it out.
    if (port === 80) names.push(...LOOPBACK);
    if (!names.includes(host)) return { refused: 'host', host: headers.host };
    const origin = headers.origin;
    if (origin === undefined) return undefined;
    const normalised = originOf(origin);
    const own = LOOPBACK.map((name) => originOf(`http://${name}:${port}`));
    if (own.includes(normalised) || allowedOrigins.has(normalised)) return undefined;
    return { refused: 'origin', origin };
  };
}
