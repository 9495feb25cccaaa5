// OAuth 2.1 for a protected MCP server, on the official TypeScript SDK's client authorization
// (`@modelcontextprotocol/client` ≥ 2.4, an optional peer dependency of the package, loaded only
// when a server answers 401): its `auth()` runs the MCP authorization spec's steps in their order
// (protected resource metadata from `WWW-Authenticate` or the well-known URLs, RFC 9728;
// authorization server metadata, RFC 8414 / OIDC discovery, the issuer checked; a client ID
// metadata document, dynamic registration or a pre-registered client; PKCE; the resource
// indicator, RFC 8707; `iss` in the authorization response, RFC 9207; refresh), and its
// client-credentials providers the machine-to-machine grant. What is this file's: the provider
// that holds everything in memory (and every credential in `Secrets`), how the authorization code
// comes back (a loopback listener on 127.0.0.1, the URL printed or opened; headless, the
// authorization URL fetched once without following its redirect, for an authorization server that
// grants the code without a user), and the errors said without a credential.
// <https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization> (checked 2026-12-06)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { format } from 'node:util';
import { ServerFailure } from './connection.js';

/** The SDK package the authorization runs on, and the range this package is tested with. */
export const SDK_PACKAGE = '@modelcontextprotocol/client';
const SDK_RANGE = '^2.4.0';

/** How long an interactive sign-in may take (the user at the browser). */
const SIGN_IN_MS = 5 * 60 * 1000;

/** Loads the SDK, or a ServerFailure naming the package to install. */
async function loadSdk(url) {
  try {
    return await import(SDK_PACKAGE);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' && error?.code !== 'MODULE_NOT_FOUND') throw error;
    throw new ServerFailure(`${url} asks for authorization (HTTP 401): signing in needs the package ${SDK_PACKAGE}, an optional peer dependency: npm install ${SDK_PACKAGE}@${SDK_RANGE}`);
  }
}

/**
 * The in-memory provider of the authorization code flow (the SDK's `OAuthClientProvider`):
 * client information, tokens, the PKCE verifier and the discovery state live in this object for
 * the run only; each credential is held by `secrets` as soon as it is saved.
 */
class MemoryProvider {
  #secrets;
  #client;
  #tokens;
  #verifier;
  #discovery;
  #state;

  constructor({ redirectUrl, clientMetadataUrl, client, scope, secrets }) {
    this.#secrets = secrets;
    this.redirectUrl = redirectUrl;
    this.clientMetadataUrl = clientMetadataUrl;
    this.clientMetadata = {
      client_name: 'mcp-json-toolbox check-server',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: client?.client_secret ? 'client_secret_basic' : 'none',
      application_type: 'native',
      ...(scope ? { scope } : {}),
    };
    this.#client = client;
    /** The authorization URL the SDK asked to send the user to (`redirectToAuthorization`). */
    this.authorizationUrl = undefined;
  }

  state() {
    this.#state = randomBytes(16).toString('base64url');
    return this.#state;
  }

  /** The `state` sent with the last authorization request. */
  get sentState() {
    return this.#state;
  }

  clientInformation() {
    return this.#client;
  }

  saveClientInformation(client) {
    this.#secrets.add(client?.client_secret);
    this.#client = client;
  }

  tokens() {
    return this.#tokens;
  }

  saveTokens(tokens) {
    for (const key of ['access_token', 'refresh_token', 'id_token']) this.#secrets.add(tokens?.[key]);
    this.#tokens = tokens;
  }

  redirectToAuthorization(url) {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier) {
    this.#verifier = this.#secrets.add(verifier);
  }

  codeVerifier() {
    return this.#verifier;
  }

  saveDiscoveryState(state) {
    this.#discovery = state;
  }

  discoveryState() {
    return this.#discovery;
  }

  invalidateCredentials(scope) {
    if (scope === 'all' || scope === 'tokens') this.#tokens = undefined;
    if (scope === 'all' || scope === 'client') this.#client = undefined;
    if (scope === 'all' || scope === 'verifier') this.#verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.#discovery = undefined;
  }
}

/**
 * A loopback redirect listener (RFC 8252 §7.3: 127.0.0.1, a port of the system's choosing):
 * `{ url, next(), close() }`; `next()` resolves with the query of the next request to its path.
 */
async function loopback() {
  const waiting = [];
  const server = createServer((request, response) => {
    const query = new URL(request.url, 'http://127.0.0.1').searchParams;
    if (!query.has('code') && !query.has('error')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end('mcp-json-toolbox: signed in. You can close this tab.\n');
    waiting.shift()?.(query);
  });
  await /** @type {Promise<void>} */ (new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve)));
  return {
    url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/callback`,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Opens `url` in the system's browser (detached; a failure is only said). */
function openBrowser(url, stderr) {
  const [command, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(command, args, { detached: true, stdio: 'ignore' });
  child.on('error', () => stderr.write(`could not open a browser (${command}): open the URL above yourself\n`));
  child.unref();
}

/** A fetch that waits at most `timeoutMs` for each answer, and notes in `path` each metadata
 * document requested (the protected resource's: a
 * well-known `oauth-protected-resource` URL or the challenge's `resourceMetadataUrl`; the
 * authorization server's: `oauth-authorization-server` or `openid-configuration`), with its status
 * and, for a 2xx answer, its body (public documents: no credential is in them). */
function observing(path, resourceMetadataUrl, timeoutMs) {
  return async (input, init = {}) => {
    const wait = AbortSignal.timeout(timeoutMs);
    const answer = await fetch(input, { ...init, signal: init.signal ? AbortSignal.any([init.signal, wait]) : wait });
    const at = new URL(input instanceof Request ? input.url : String(input));
    const kind = at.pathname.includes('/.well-known/oauth-protected-resource') || at.href === resourceMetadataUrl?.href
      ? 'resourceMetadata'
      : /\/\.well-known\/(oauth-authorization-server|openid-configuration)/.test(at.pathname) ? 'serverMetadata' : undefined;
    if (kind) path[kind].push({ url: at.href, status: answer.status, body: answer.ok ? await answer.clone().text() : null });
    return answer;
  };
}

/**
 * The authorizer of one run against the MCP endpoint `url` (what `connectHttp` takes as
 * `credentials`, with the static ones): `{ headers(), given, unauthorized(response), close() }`.
 * `options`: `{ static: { headers, given }, clientId, clientSecret, clientMetadataUrl,
 * clientCredentials, privateKey, signingAlg, scope, interactive, open, timeoutMs, secrets, stderr,
 * verbose, name, observe? }` (`timeoutMs`: the wait for each answer of the authorization server;
 * `name`: the command, in what is said; `observe(path)`: told the authorization path of each
 * authorization, an `AuthorizationPath` for the session to judge). A server that still refuses
 * after one authorization per request is refused (the caller's 401 failure).
 */
export function authorizer(url, options) {
  const { secrets, stderr, name } = options;
  let sdk;
  let provider;
  let redirect;
  let observer = options.observe;
  /** One authorization at a time. */
  /** @type {Promise<unknown>} */
  let running = Promise.resolve();
  const say = (text) => stderr.write(secrets.scrub(`${name}: ${text}\n`));

  async function authorize(response) {
    const path = { url, status: response.status, challenge: response.headers.get('www-authenticate'), resourceMetadata: [], serverMetadata: [] };
    try {
      return await authorizeAlong(response, path);
    } finally {
      observer?.(path);
    }
  }

  /** Authorizes after `response`, noting in `path` the metadata documents fetched. */
  async function authorizeAlong(response, path) {
    sdk ??= await loadSdk(url);
    const challenge = sdk.extractWWWAuthenticateParams(response);
    if (!provider) provider = await quietly(makeProvider);
    else provider.invalidateCredentials?.('discovery'); // a new 401: discovered afresh (the authorization server may have moved)
    const prior = (await provider.tokens())?.scope;
    const scope = sdk.computeScopeUnion(prior, challenge.scope) ?? options.scope;
    // Step-up (403 insufficient_scope) to more than the token has: a refresh cannot widen it.
    const forceReauthorization = response.status === 403 && sdk.isStrictScopeSuperset(scope, prior);
    const request = { serverUrl: url, resourceMetadataUrl: challenge.resourceMetadataUrl, scope, fetchFn: observing(path, challenge.resourceMetadataUrl, options.timeoutMs), forceReauthorization };
    let result = await quietly(() => sdk.auth(provider, request));
    if (result === 'REDIRECT') {
      const query = await authorizationResponse(provider.authorizationUrl);
      if (query.get('state') !== provider.sentState) throw new ServerFailure('the authorization response\'s state is not the one sent: refused');
      const code = query.get('code');
      if (!code) throw new ServerFailure(`the authorization server refused: ${query.get('error') ?? 'no code'} (its description is not shown: it is not verified)`);
      secrets.add(code);
      result = await quietly(() => sdk.auth(provider, { ...request, authorizationCode: code, iss: query.get('iss') ?? undefined }));
    }
    return result === 'AUTHORIZED';
  }

  /** The provider of the chosen grant. */
  async function makeProvider() {
    const clientSecret = secrets.add(options.clientSecret);
    if (options.clientCredentials) {
      if (options.privateKey) {
        secrets.add(options.privateKey);
        return new sdk.PrivateKeyJwtProvider({ clientId: options.clientId, privateKey: options.privateKey, algorithm: options.signingAlg, scope: options.scope });
      }
      return new sdk.ClientCredentialsProvider({ clientId: options.clientId, clientSecret, scope: options.scope });
    }
    redirect = await loopback();
    const client = options.clientId ? { client_id: options.clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) } : undefined;
    return new MemoryProvider({ redirectUrl: redirect.url, clientMetadataUrl: options.clientMetadataUrl, client, scope: options.scope, secrets });
  }

  /**
   * The authorization response (its query) for `authorizationUrl`. Interactive: the URL printed
   * (opened with --open) and the loopback listener's next request awaited. Headless: the URL
   * fetched once, its redirect not followed: an authorization server that grants the code
   * without a user (a test server) redirects to the loopback URL at once; any other answer is a
   * failure naming the options that would help.
   */
  async function authorizationResponse(authorizationUrl) {
    if (options.interactive) {
      say(`sign in to ${url} at:\n  ${authorizationUrl}`);
      if (options.open) openBrowser(String(authorizationUrl), stderr);
      let timer;
      const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new ServerFailure(`no sign-in within ${SIGN_IN_MS / 60000} minutes`)), SIGN_IN_MS)));
      try {
        return await Promise.race([redirect.next(), late]);
      } finally {
        clearTimeout(timer);
      }
    }
    let answer;
    try {
      answer = await fetch(authorizationUrl, { redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs) });
      await answer.body?.cancel();
    } catch (error) {
      throw new ServerFailure(`cannot reach the authorization endpoint ${authorizationUrl.origin}${authorizationUrl.pathname}: ${error.cause?.code ?? error.message}`);
    }
    const location = answer.headers.get('location');
    const target = location ? new URL(location, authorizationUrl) : undefined;
    if (target && `${target.origin}${target.pathname}` === redirect.url) return target.searchParams;
    throw new ServerFailure(`${url} needs a user to sign in (its authorization endpoint answered HTTP ${answer.status}${target ? ` with a redirect elsewhere` : ''}), and no browser is used without a terminal or with --no-browser: ` +
      'run on a terminal (the sign-in URL is printed; --open opens it), or give --client-credentials with --client-id and --client-secret-env VAR, or a token with --bearer-env VAR');
  }

  /** Runs `call` with the SDK's console warnings said on stderr (scrubbed) with --verbose only. */
  async function quietly(call) {
    const warn = console.warn;
    console.warn = (...args) => {
      if (options.verbose) say(format(...args));
    };
    try {
      return await call();
    } catch (error) {
      if (error instanceof ServerFailure) throw error;
      throw new ServerFailure(`authorization with ${url} failed: ${secrets.scrub(error?.message ?? String(error))}`);
    } finally {
      console.warn = warn;
    }
  }

  /** The access token in hand, if any. */
  let token;
  return {
    given: options.static.given,
    /** Tells `fn` the authorization path of each authorization from now on. */
    set observe(fn) {
      observer = fn;
    },
    /** The headers every request carries: the static ones, and the access token once signed in. */
    headers() {
      return token ? { ...options.static.headers, Authorization: `Bearer ${token}` } : options.static.headers;
    },
    /** Authorizes after a 401 (or 403 insufficient_scope): true to send the request again. A
     * static `Authorization` (--bearer-env, --header) is never replaced: false. */
    unauthorized(response) {
      if (Object.keys(options.static.headers).some((n) => n.toLowerCase() === 'authorization')) return Promise.resolve(false);
      const next = running.then(() => authorize(response)).then(async (authorized) => {
        token = (await provider?.tokens())?.access_token;
        return authorized;
      });
      running = next.catch(() => {});
      return next;
    },
    async close() {
      await redirect?.close();
    },
  };
}
