// Offline use: every file of the site is cached at install; requests go to the network
// first (so an updated site shows at once) and fall back to the cache when offline.
const cacheName = 'libsolve-playground-1';
const files = [
  './', 'index.html', 'style.css', 'app.js', 'client.js', 'futoshiki.js', 'stenen.js', 'xcover.js',
  'worker.js', 'solver.js', 'solver.wasm', 'manifest.json', 'icon.svg',
  'samples/Input1.txt', 'samples/Input2.txt', 'samples/5dk_1.txt', 'samples/6dr_1.txt', 'samples/7dx_1.txt',
  'samples/stenen1.in', 'samples/stenen2.in', 'samples/stenen3.in', 'samples/tetrominoes2.in', 'samples/l16.in',
  'samples/lt_sparse.cfg', 'samples/queens-8.dlx', 'samples/pentomino-3x20.dlx',
  'samples/pentomino-6x10-sym.dlx', 'samples/domino-8x8.dlx',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(files)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n !== cacheName).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith(fetch(event.request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(cacheName).then((cache) => cache.put(event.request, copy));
      }
      return response;
    })
    .catch(() => caches.match(event.request, { ignoreSearch: true })));
});
