// 裁判助手 service worker — TEMPLATE.
//
// scripts/sw-build.mjs (a trunk post_build hook, run after wasm-opt) writes
// the real dist/sw.js from this file: it replaces the three markers below with
// the list of every file of the build, those of them whose name carries a hash
// of their contents, and a version derived from the sha256 of their final
// contents.  Never edit dist/sw.js by hand.
//
// Strategy
// * install: precache every file of the build, each downloaded once on a first
//   visit (the worker is registered after the page has loaded, see
//   sw-register.js):
//   - a file with a content hash in its name cannot be stale: taken from the
//     HTTP cache when the page already fetched it (request cache mode 'default');
//   - every other file is revalidated ('no-cache': a 304 when the HTTP cache
//     holds the current bytes, the new bytes otherwise);
//   - index.html is asked for as the scope's own address ('/', what the page
//     was loaded from), stored as index.html;
//   - all or nothing: a file that fails, or that the host answers with an HTML
//     page (a catch-all rewrite for a missing file), fails the install, and the
//     version in force stays.
// * activate: delete the caches of older versions, take control of open pages.
// * fetch (same-origin GET only; other origins are never touched):
//   - navigations (request.mode 'navigate': any address typed, bookmarked or
//     linked, dots in its last segment or not: /event/2024.05.01) and
//     extension-less app paths asked for as HTML get the cached index.html
//     (app shell: leptos_router routes client-side), the network only if the
//     shell is somehow missing; a navigation straight to a file of the build
//     (/manifest.webmanifest) gets that file;
//   - precached files: cache first;
//   - anything else: network, with the cache as fallback.
// * the pages it serves (the cached index.html) carry the app's
//   Content-Security-Policy (public/_headers): the host's header when it sent one,
//   else the worker adds it.
// * message {type: 'SKIP_WAITING'}: a waiting new version takes over (the page
//   asks for it through window.__swApplyUpdate(), see sw-register.js).

const VERSION = '__SW_VERSION__';
const PRECACHE = /* __SW_PRECACHE__ */ [];
const HASHED = new Set(/* __SW_HASHED__ */ []);
const CSP = '__SW_CSP__';
const CACHE_PREFIX = 'referee-';
const CACHE = CACHE_PREFIX + VERSION;
const SHELL = new URL('index.html', self.registration.scope).pathname;
const PRECACHED = new Set(PRECACHE);

// The response to store for one precached path.
async function download(url) {
  if (url === SHELL) {
    // The same bytes as the scope's address; a host that redirects or fails there
    // is asked for index.html itself (a redirected response cannot answer navigations).
    try {
      const res = await fetch(self.registration.scope, { cache: 'no-cache' });
      if (res.ok && !res.redirected) return res;
    } catch {
      /* asked for by name below */
    }
  }
  const res = await fetch(url, { cache: HASHED.has(url) ? 'default' : 'no-cache' });
  if (!res.ok) throw new Error(`precache: ${url}: HTTP ${res.status}`);
  // A host whose catch-all rewrite answers a missing file with its page (200, HTML):
  // stored under the file's name it would break that page offline. The install fails
  // instead, and the version in force stays.
  const type = res.headers.get('content-type') || '';
  if (!url.endsWith('.html') && type.toLowerCase().startsWith('text/html')) {
    throw new Error(`precache: ${url}: the host sent a page (${type})`);
  }
  return res;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // All or nothing, like cache.addAll: nothing is stored unless every file came.
      const responses = await Promise.all(PRECACHE.map(download));
      const cache = await caches.open(CACHE);
      await Promise.all(responses.map((res, i) => cache.put(PRECACHE[i], res)));
    })()
  );
  // No skipWaiting() here: an update waits until the page applies it, so an
  // open match is never reloaded under the referee's feet.
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE)
            .map((key) => caches.delete(key))
        )
      )
      .then(() => self.clients.claim())
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') {
    self.skipWaiting();
  }
});

function isAppPath(pathname) {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}

async function shell() {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(SHELL);
  if (!hit || !CSP || hit.headers.has('Content-Security-Policy')) return hit;
  const headers = new Headers(hit.headers);
  headers.set('Content-Security-Policy', CSP);
  return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers });
}

async function fromCacheOrNetwork(request, path) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(path);
  if (hit) return hit;
  return fetch(request);
}

async function networkThenCache(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const hit = await caches.match(request, { cacheName: CACHE });
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return; // never handle another origin

  const navigation = request.mode === 'navigate' && !(PRECACHED.has(url.pathname) && url.pathname !== SHELL);
  const wantsHtml = (request.headers.get('accept') || '').includes('text/html') && isAppPath(url.pathname);
  if (navigation || wantsHtml) {
    event.respondWith(shell().then((hit) => hit || fetch(request)));
    return;
  }
  if (PRECACHED.has(url.pathname)) {
    event.respondWith(fromCacheOrNetwork(request, url.pathname));
    return;
  }
  event.respondWith(networkThenCache(request));
});
