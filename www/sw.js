// Service worker: precaches the whole page (HTML, CSS, JS, wasm, examples) so a second visit works
// offline. `www/build.mjs` replaces the BUILD placeholder with this build's version and file list;
// each build gets its own cache, and older caches are deleted when it activates.
const BUILD = __BUILD__;
const CACHE = `mcp-json-toolbox-${BUILD.version}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(BUILD.files)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

// Cache first (the cache is per build, so it is never stale), the network for anything else.
self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(event.request, { ignoreSearch: true });
    if (hit) return hit;
    if (event.request.mode === 'navigate') {
      const page = await cache.match('./');
      if (page) return page;
    }
    return fetch(event.request);
  })());
});
