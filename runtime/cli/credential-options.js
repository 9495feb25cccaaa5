// The credential options of the commands that reach a server over HTTP (`check-server --url`,
// `proxy --upstream`): static ones (`--header`, `--bearer-env`) and OAuth 2.1
// (runtime/mcp-client/oauth.js, on the official SDK, loaded only when the server answers 401).
// A secret is never taken from the command line, where every user of the machine can read it
// in the process list: `--client-secret-env VAR` and `--client-key-env VAR` name environment
// variables (`--client-secret VALUE` is refused with that advice).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from './command.js';
import { Secrets, staticCredentials } from '../mcp-client/credentials.js';
import { authorizer } from '../mcp-client/oauth.js';

/** The options (node:util parseArgs form). */
export const CREDENTIAL_OPTIONS = {
  header: { type: 'string', multiple: true },
  'bearer-env': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'client-secret-env': { type: 'string' },
  'client-metadata-url': { type: 'string' },
  'client-credentials': { type: 'boolean', default: false },
  'client-key-env': { type: 'string' },
  'client-key-file': { type: 'string' },
  'client-key-alg': { type: 'string', default: 'ES256' },
  scope: { type: 'string' },
  open: { type: 'boolean', default: false },
  'no-browser': { type: 'boolean', default: false },
};

/** The first credential option `values` set (its name), if any: over stdio there is none to send. */
export function credentialOptionGiven(values) {
  return Object.keys(CREDENTIAL_OPTIONS).find((key) => values[key] !== undefined && values[key] !== false && values[key] !== CREDENTIAL_OPTIONS[key].default);
}

/** Their help lines (`what`: the URL option they go with). */
export function credentialHelp(what) {
  return `Credentials for a protected server (with ${what}; docs/cli.md, "Servers behind OAuth"):
  --header NAME:VALUE         send this header with every request (repeatable; its value is
                              never written: recordings and output show [REDACTED])
  --bearer-env VAR            send Authorization: Bearer <the value of environment variable VAR>
  --client-id ID              a pre-registered OAuth client (without one: the client ID
                              metadata document of --client-metadata-url, else dynamic registration)
  --client-secret-env VAR     its secret, read from environment variable VAR (never from the
                              command line: --client-secret is refused)
  --client-metadata-url URL   an https URL serving this client's metadata document (its client ID)
  --client-credentials        the client credentials grant (no user): --client-id with
                              --client-secret-env (client_secret_basic), or with a private key
  --client-key-env VAR        (private_key_jwt) the PKCS#8 PEM key in environment variable VAR
  --client-key-file FILE      (private_key_jwt) the key in FILE
  --client-key-alg ALG        its signing algorithm (default ES256; RS256, PS256, EdDSA, …)
  --scope SCOPES              the scopes to ask for when the server names none
  --open                      open the sign-in URL in the browser (on a terminal)
  --no-browser                never sign in with a user (a CI job: the default without a
                              terminal); a server that needs one fails at once (exit 2)
The OAuth client is the official SDK's: npm install @modelcontextprotocol/client@^2.4.0 beside
this package (an optional peer dependency, loaded only when a server answers 401). Tokens stay
in memory for the run.`;
}

/**
 * The credentials of `values` for the server at `url` (what `connectHttp` takes): static headers,
 * and OAuth on a 401; `secrets` holds every value to scrub from what the command writes;
 * `timeoutMs`: the wait for each answer of the authorization server. Throws a
 * UsageError for inconsistent options or an unset variable (never showing a value).
 */
export function credentialsFor(url, values, io, { name, secrets = new Secrets(), timeoutMs = 10000 }) {
  if (values['client-secret'] !== undefined) {
    throw new UsageError('--client-secret on the command line is visible to every user of the machine (the process list) and kept in shell history: put the secret in an environment variable and give --client-secret-env VAR');
  }
  if (values.open && values['no-browser']) throw new UsageError('--open and --no-browser contradict each other');
  const read = (variable, option) => {
    const value = io.env[variable];
    if (!value) throw new UsageError(`${option} ${variable}: the environment variable ${variable} is not set or empty`);
    return value;
  };
  let fixed;
  try {
    fixed = staticCredentials({ header: values.header, bearerEnv: values['bearer-env'] }, io.env, secrets);
  } catch (error) {
    throw new UsageError(error.message);
  }
  const clientSecret = values['client-secret-env'] === undefined ? undefined : read(values['client-secret-env'], '--client-secret-env');
  let privateKey = values['client-key-env'] === undefined ? undefined : read(values['client-key-env'], '--client-key-env');
  if (values['client-key-file'] !== undefined) {
    try {
      privateKey = readFileSync(resolve(io.cwd, values['client-key-file']), 'utf8');
    } catch (error) {
      throw new UsageError(`--client-key-file ${values['client-key-file']}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    }
  }
  if (values['client-credentials'] && !values['client-id']) throw new UsageError('--client-credentials needs --client-id (and --client-secret-env VAR, or a private key)');
  if (values['client-credentials'] && !clientSecret && !privateKey) throw new UsageError('--client-credentials needs --client-secret-env VAR, --client-key-env VAR or --client-key-file FILE');
  if (!values['client-credentials'] && privateKey) throw new UsageError('a private key (--client-key-env, --client-key-file) is for --client-credentials');
  if (values['client-metadata-url'] !== undefined && !/^https:\/\/[^/]+\/./.test(values['client-metadata-url'])) {
    throw new UsageError('--client-metadata-url must be an https:// URL with a path (the client ID metadata document)');
  }
  return authorizer(url, {
    static: fixed,
    clientId: values['client-id'],
    clientSecret,
    clientMetadataUrl: values['client-metadata-url'],
    clientCredentials: values['client-credentials'],
    privateKey,
    signingAlg: values['client-key-alg'],
    scope: values.scope,
    interactive: Boolean(io.stderr.isTTY) && !values['no-browser'],
    open: values.open,
    timeoutMs,
    secrets,
    stderr: io.stderr,
    verbose: values.verbose,
    name,
  });
}
