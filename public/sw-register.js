// 裁判助手: registers the service worker (/sw.js) and reports updates.
//
// Contract with the Rust app (which shows the translated "new version — reload" banner):
// * when a new version is installed and waiting, this script sets
//   `window.__swUpdateReady = true` and dispatches
//   `window.dispatchEvent(new CustomEvent('sw-update-ready'))`
//   (check the flag on mount too: the event may fire before the wasm starts);
// * `window.__swApplyUpdate()` tells the waiting worker to take over and
//   reloads the page once it controls it; it returns false when no update waits.
(function () {
  'use strict';
  window.__swUpdateReady = false;
  window.__swApplyUpdate = function () {
    return false;
  };
  if (!('serviceWorker' in navigator)) return;

  var applying = false;

  function announce(registration) {
    window.__swApplyUpdate = function () {
      var waiting = registration.waiting;
      if (!waiting) {
        // Applied meanwhile from another tab: the new version already controls this one.
        window.location.reload();
        return true;
      }
      applying = true;
      waiting.postMessage({ type: 'SKIP_WAITING' });
      return true;
    };
    if (window.__swUpdateReady) return;
    window.__swUpdateReady = true;
    window.dispatchEvent(new CustomEvent('sw-update-ready'));
  }

  function watch(registration) {
    // A worker already waiting from an earlier visit.
    if (registration.waiting && navigator.serviceWorker.controller) announce(registration);
    registration.addEventListener('updatefound', function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener('statechange', function () {
        // "installed" with a controller present = an update (not the first install).
        if (worker.state === 'installed' && navigator.serviceWorker.controller) {
          announce(registration);
        }
      });
    });
  }

  navigator.serviceWorker.addEventListener('controllerchange', function () {
    // The first install also changes the controller (clients.claim()): reload only
    // when the page asked for the update.
    if (applying) {
      applying = false;
      window.location.reload();
    }
  });

  function register() {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watch)
      .catch(function (err) {
        console.warn('service worker registration failed:', err);
      });
  }
  // Once the page has loaded and the app has started (trunk's boot script fires
  // TrunkApplicationStarted when the wasm is instantiated, hence downloaded; it sets
  // window.wasmBindings just before): the worker's precache then finds the page's files
  // in the HTTP cache instead of downloading them a second time, and does not compete
  // with the page for the network.  (The load event alone comes before the wasm has.)
  var loaded = document.readyState === 'complete';
  var started = !!window.wasmBindings;
  var registered = false;
  function ready() {
    if (!loaded || !started || registered) return;
    registered = true;
    register();
  }
  window.addEventListener('load', function () {
    loaded = true;
    ready();
  });
  window.addEventListener('TrunkApplicationStarted', function () {
    started = true;
    ready();
  });
  ready();
})();
