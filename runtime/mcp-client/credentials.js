// The credentials a client holds for a protected server, and the one rule about them: no
// credential is ever written. `Secrets` knows every credential value of a run (a static header's
// value, a bearer token, an OAuth client secret, access and refresh tokens, an authorization code,
// a PKCE verifier) as soon as it is held, and takes each out of any text before it is written
// (`scrub`); the headers a request carried are recorded with their credential values replaced
// (`recordedHeaders`). What counts as a credential header is the package's `redactLog` rule
// (src/host/logs/redact.rs: `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, a name
// with `token`, `secret`, `api-key`, `apikey` or `x-auth`), and every header the user gave with
// `--header` (its name is shown, never its value).

/** What a credential is replaced with (the `redactLog` replacement, src/host/logs/redact.rs). */
export const REDACTED = '[REDACTED]';

/** Whether a header named `name` carries a credential (the `redactLog` rule, see above). */
export function isCredentialHeader(name) {
  const lower = name.toLowerCase();
  return ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'].includes(lower) ||
    ['token', 'secret', 'api-key', 'apikey', 'x-auth'].some((part) => lower.includes(part));
}

/** Every credential value of a run, taken out of text before it is written. */
export class Secrets {
  #values = new Set();

  /** Holds `value` (a string of at least 4 characters: shorter ones would scrub ordinary text)
   * as a secret; returns it. Its base64url and percent-encoded forms are secrets too. */
  add(value) {
    if (typeof value === 'string' && value.length >= 4) {
      this.#values.add(value);
      this.#values.add(encodeURIComponent(value));
    }
    return value;
  }

  /** `text` with every secret replaced by `[REDACTED]` (the longest first). */
  scrub(text) {
    if (typeof text !== 'string' || this.#values.size === 0) return text;
    let out = text;
    for (const value of [...this.#values].sort((a, b) => b.length - a.length)) out = out.split(value).join(REDACTED);
    return out;
  }

  /** A writable like `stream` (its `isTTY`, `columns` kept) whose every write is scrubbed. */
  scrubbing(stream) {
    const secrets = this;
    return new Proxy(stream, {
      get(target, key) {
        if (key === 'write') return (chunk, ...rest) => target.write(secrets.scrub(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), ...rest);
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}

/** A copy of `headers` as they are recorded: each credential header's value (see the module
 * doc; `given`: the lowercase names of the user's own headers) replaced by `[REDACTED]`. */
export function recordedHeaders(headers, given = new Set()) {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isCredentialHeader(name) || given.has(name.toLowerCase()) ? REDACTED : value]));
}

/**
 * The static credentials of `--header NAME:VALUE` (repeatable) and `--bearer-env VAR` (the token
 * read from the environment `env`, never from the command line): `{ headers, given }` (`given`:
 * the lowercase header names, all recorded redacted); every value held by `secrets`. Throws an
 * Error whose message says what is wrong (a header without `:`, an unset or empty variable), never
 * a value.
 */
export function staticCredentials({ header = [], bearerEnv }, env, secrets) {
  const headers = {};
  for (const item of header) {
    const colon = item.indexOf(':');
    const name = colon > 0 ? item.slice(0, colon).trim() : '';
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new Error('--header takes NAME:VALUE (an HTTP header name, a colon, its value)');
    headers[name] = secrets.add(item.slice(colon + 1).trim());
  }
  if (bearerEnv !== undefined) {
    const token = env[bearerEnv];
    if (!token) throw new Error(`--bearer-env ${bearerEnv}: the environment variable ${bearerEnv} is not set or empty`);
    headers.Authorization = `Bearer ${secrets.add(token.trim())}`;
  }
  return { headers, given: new Set(Object.keys(headers).map((name) => name.toLowerCase())) };
}
