// How one request is passed to the upstream server and its answer back: the headers as sent
// (names in their case, repeated ones kept; hop-by-hop headers left to each connection, `Host`
// the upstream's), the body byte for byte, the status and the answer streamed as it arrives.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';

/** Headers that belong to one connection, not to the request (RFC 9110 §7.6.1), and `Host`,
 * which names the upstream on the way there. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);

/** Where the system's CA bundle usually is (Debian/Ubuntu/Alpine, Fedora/RHEL, macOS/BSD). */
const SYSTEM_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', '/etc/ssl/cert.pem'];

/**
 * The CA certificates an https upstream is checked against: the system's store (Node's
 * `tls.getCACertificates('system')` where it has one, else the system bundle file) with Node's
 * bundled roots; undefined (Node's default) when neither is found.
 */
export function systemCas() {
  if (typeof tls.getCACertificates === 'function') return [...tls.getCACertificates('default'), ...tls.getCACertificates('system')];
  for (const path of SYSTEM_BUNDLES) {
    try {
      return [...tls.rootCertificates, readFileSync(path, 'utf8')];
    } catch {
      // not here: the next place
    }
  }
  return undefined;
}

/** `rawHeaders` ([name, value, …]) as an object: each name in the case first sent, a repeated
 * header's values as an array in order; without `skip`'s names (lowercase). */
export function headerObject(rawHeaders, skip = new Set()) {
  const out = {};
  const names = new Map();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const lower = rawHeaders[i].toLowerCase();
    if (skip.has(lower)) continue;
    const name = names.get(lower) ?? rawHeaders[i];
    names.set(lower, name);
    out[name] = name in out ? [].concat(out[name], rawHeaders[i + 1]) : rawHeaders[i + 1];
  }
  return out;
}

/** The upstream URL for a request path: `/` is the upstream URL itself, any other path (and
 * query) is taken on the upstream's origin. */
export function upstreamUrl(upstream, path) {
  return path === '/' ? upstream : new URL(path, upstream);
}

/**
 * Sends `request` (an incoming host request) to `target` (a URL) with its headers as sent, and
 * `added` (the proxy's own credentials, for a request that carries none): returns the outgoing
 * request (write the body to it). `onResponse(response)` gets the upstream's
 * answer; `onError(error)` a failure to reach it (refused, TLS) or a cut answer. `agent`: the
 * upstream's keep-alive agent.
 */
export function forward(request, target, agent, { onResponse, onError, added = {} }) {
  const url = new URL(target);
  const client = url.protocol === 'https:' ? https : http;
  const headers = { ...headerObject(request.rawHeaders, HOP_BY_HOP), ...added };
  const outgoing = client.request(url, { method: request.method, headers, agent }, onResponse);
  outgoing.on('error', onError);
  return outgoing;
}

/** A keep-alive agent for the upstream: system CAs, `insecure` accepting any certificate. */
export function upstreamAgent(upstream, insecure) {
  if (!upstream.startsWith('https:')) return new http.Agent({ keepAlive: true });
  return new https.Agent({ keepAlive: true, ca: insecure ? undefined : systemCas(), rejectUnauthorized: !insecure });
}

export { HOP_BY_HOP };
