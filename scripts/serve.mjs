// A tiny static file server for the page and the browser tests: 127.0.0.1 only, no dependencies.
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

/**
 * Serves `root` on 127.0.0.1:`port`. Resolves to `{ url, close, requests }`, where `requests` lists
 * every path asked for (the browser tests use it to prove nothing leaves 127.0.0.1).
 */
export async function startServer(root, port = 0) {
  const base = resolve(root);
  const requests = [];
  const server = createServer(async (req, res) => {
    requests.push(req.url);
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) throw new Error('outside root');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      res.end(body);
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
