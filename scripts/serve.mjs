// A tiny static file server for the page and the browser tests: 127.0.0.1 only, no dependencies;
// serves the precompressed .br/.gz files that www/build.mjs writes, as static hosts do.
// CLI: node scripts/serve.mjs <root> [port]   (port 0 picks a free one; default 8080)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Content types by file extension. */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Content encodings of precompressed files (`file.br`, `file.gz` next to `file`), by preference. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

/**
 * The precompressed variant of `file` to send for `accept` (the request's Accept-Encoding), among
 * the `allowed` encodings: `{ path, encoding }`, or the file itself when there is none.
 */
async function variant(file, accept = '', allowed) {
  const accepted = new Set(accept.split(',').map((token) => token.split(';')[0].trim().toLowerCase()));
  for (const [encoding, suffix] of ENCODINGS) {
    if (!allowed.includes(encoding) || !accepted.has(encoding)) continue;
    const path = file + suffix;
    if (await stat(path).then((s) => s.isFile(), () => false)) return { path, encoding };
  }
  return { path: file, encoding: undefined };
}

/**
 * Serves `root` on 127.0.0.1:`port`, as a static host does: a file's precompressed `.br` / `.gz`
 * when the browser accepts it (`options.encodings` limits which: `['gzip']` serves gzip only,
 * `[]` nothing compressed), with an ETag that a revalidation (`If-None-Match`) answers with 304.
 * Resolves to `{ url, close, requests }`, where `requests` lists every path asked for (the
 * browser tests use it to prove nothing leaves 127.0.0.1).
 */
export async function startServer(root, port = 0, { encodings = ['br', 'gzip'] } = {}) {
  const base = resolve(root);
  const requests = [];
  const server = createServer(async (req, res) => {
    requests.push(req.url);
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) throw new Error('outside root');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const sent = await variant(file, req.headers['accept-encoding'], encodings);
      const info = await stat(sent.path);
      const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}${sent.encoding ? `-${sent.encoding}` : ''}"`;
      const headers = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        etag,
        vary: 'Accept-Encoding',
        ...(sent.encoding ? { 'content-encoding': sent.encoding } : {}),
      };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers);
        return res.end();
      }
      const body = await readFile(sent.path);
      res.writeHead(200, { ...headers, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return { url, requests, close: () => new Promise((ok) => server.close(ok)) };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [root = 'www/dist', port = '8080'] = process.argv.slice(2);
  const { url } = await startServer(root, Number(port));
  console.log(`Serving ${root} at ${url}  (Ctrl+C to stop)`);
}
