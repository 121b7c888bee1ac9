// What the page does when the code of a page cannot be fetched or instantiated.  Used by
// split-build.mjs on the loader (`__wasm_split.js`) that wasm-split-cli writes.
//
// wasm-split-cli's `wrapAsyncCb` reports a failed load to the app, whose generated code
// expects success: it panics, and the whole app stops (`panic = "abort"`).  Loads fail when
// the connection drops on a first visit before the service worker has the files, or when a
// new build was deployed and applied in another tab: this tab's code still names the old
// build's chunks, which the server and the worker's cache no longer have.  Instead:
// * the load is tried again, twice, one second apart (a dropped request); if the referee has
//   meanwhile gone on to another page, nothing more is done for this one;
// * then, when the server answers (a HEAD of the app's root), the page is loaded again, once
//   a minute at most, at the address being opened (`window.__refereeAddress`, which
//   ui::OpeningAddress keeps: the address bar changes only once the page's code is in):
//   the new build, or the same one whole;
// * otherwise the load is left pending: the app goes on (the top bar, the other pages), the
//   page asked for stays blank, and the event `referee-code-missing` on `window` has the app
//   say why (ui::App).
// Data is never at stake: every entry is stored when it is made.

/** The session-storage key holding when this page last reloaded for missing code (ms). */
export const RELOADED_KEY = 'referee:code-reload';

const ORIGINAL = `function wrapAsyncCb(callee) {
    return async (callbackIndex, callbackData) => {
        let success;
        try {
            await callee();
            success = true;
        } catch (e) {
            console.error(e);
            success = false;
        } finally {
            const sharedImports = getSharedImports();
            sharedImports.__wasm_split.__indirect_function_table.get(callbackIndex)(callbackData, success);
        }
    }
}`;

const RECOVERING = `// A load that fails is tried again, then the page reloaded, else left pending
// (scripts/loader-recover.mjs): a failure reported to the app would stop it.
function wrapAsyncCb(callee) {
    return async (callbackIndex, callbackData) => {
        // The address being opened when the load first failed (by then ui::OpeningAddress
        // has followed the navigation that asked for the code).
        let opening;
        for (let attempt = 1; ; attempt++) {
            try {
                await callee();
                break;
            } catch (e) {
                console.error(e);
                if (attempt === 1) opening = window.__refereeAddress;
                if (attempt < 3) {
                    await new Promise((ok) => setTimeout(ok, 1000));
                    continue;
                }
                // The referee has gone on to another page meanwhile: nothing to reload or
                // say for this one (the other page's code, if it needs any, has its own tries).
                if (window.__refereeAddress !== opening) return;
                let last = 0;
                try {
                    last = Number(sessionStorage.getItem(${JSON.stringify(RELOADED_KEY)})) || 0;
                } catch {}
                // Reloaded only when the server answers: offline, a reload would leave the app
                // for the browser's error page.
                let online = false;
                try {
                    online = (await fetch(new URL("./", import.meta.url), { method: "HEAD", cache: "no-store" })).ok;
                } catch {}
                if (online && !(Date.now() - last < 60000)) {
                    try {
                        sessionStorage.setItem(${JSON.stringify(RELOADED_KEY)}, String(Date.now()));
                    } catch {}
                    // The address being opened (ui::OpeningAddress): the address bar
                    // still shows the page before it.
                    let to = location.href;
                    try {
                        if (typeof window.__refereeAddress === "string") to = new URL(window.__refereeAddress, location.href).href;
                    } catch {}
                    location.assign(to);
                } else {
                    dispatchEvent(new CustomEvent("referee-code-missing"));
                }
                return;
            }
        }
        const sharedImports = getSharedImports();
        sharedImports.__wasm_split.__indirect_function_table.get(callbackIndex)(callbackData, true);
    }
}`;

/**
 * The loader's text with the recovering `wrapAsyncCb`.  Throws when the loader does not hold
 * wasm-split-cli's `wrapAsyncCb` as this script knows it (a new wasm-split-cli: look again).
 * @param {string} js the loader (`__wasm_split.js`)
 * @returns {string}
 */
export function recoverLoads(js) {
  if (!js.includes(ORIGINAL)) {
    throw new Error("loader-recover: the loader's wrapAsyncCb is not the one this script replaces");
  }
  return js.replace(ORIGINAL, RECOVERING);
}
