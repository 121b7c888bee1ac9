// 裁判助手 service worker — TEMPLATE.
//
// scripts/sw-build.mjs (a trunk post_build hook, run after wasm-opt) writes
// the real dist/sw.js from this file: it replaces the two markers below with
// the list of every file of the build and a version derived from the sha256
// of their final contents.  Never edit dist/sw.js by hand.
//
// Strategy
// * install: precache every file of the build (bypassing the HTTP cache).
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
// * message {type: 'SKIP_WAITING'}: a waiting new version takes over (the page
//   asks for it through window.__swApplyUpdate(), see sw-register.js).

const VERSION = '__SW_VERSION__';
const PRECACHE = /* __SW_PRECACHE__ */ [];
const CACHE_PREFIX = 'referee-';
const CACHE = CACHE_PREFIX + VERSION;
const SHELL = new URL('index.html', self.registration.scope).pathname;
const PRECACHED = new Set(PRECACHE);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })))
    )
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
  return cache.match(SHELL);
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
