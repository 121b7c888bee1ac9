// What the files of a release build (dist/) are, for the tools that write, serve and
// measure it: scripts/sw-build.mjs, scripts/server.mjs, scripts/bench-web.mjs.
// Dependency-free (node >= 18).

/**
 * Whether a file's name carries a hash of its contents, so that its bytes never change:
 * trunk's `referee-1d9e2d4d5fca44de_bg.wasm`, `referee-….js`, `main-8e0304a4bf015360.css`
 * (a 64-bit hash in hex, leading zeros dropped, hence 10–16 digits here), sw-build.mjs's
 * `boot-<16 hex>.js`, and split-build.mjs's names (16 hex digits of a sha256): the main
 * `referee-<hash>.js` / `_bg.wasm`, `__wasm_split-<hash>.js` and the chunks
 * `split_…-<hash>.wasm`, `chunk_…-<hash>.wasm`.  Such files may be cached for good (`Cache-Control: immutable`) and
 * the service worker may precache them from the HTTP cache; every other file
 * (`index.html`, `sw.js`, `sw-register.js`, the manifest, the icons) is revalidated.
 */
export function isHashed(path) {
  return /-[0-9a-f]{10,16}(_bg)?\.[a-z0-9]+$/.test(path);
}

/**
 * The precompressed forms a file may have next to it, in the order of preference:
 * `NAME.br` (brotli) and `NAME.gz` (gzip).  `encoding` is the Content-Encoding token.
 */
export const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/** Whether a path is a precompressed form of another file (not a file of the app itself). */
export function isVariant(path) {
  return ENCODINGS.some((e) => path.endsWith(e.suffix));
}

/**
 * Files of the build that are for the static host, not for the page: `_headers` (the
 * headers to send, public/_headers). Never precached by the service worker, not counted
 * as a file of the app, and not served by scripts/server.mjs.
 */
export const HOST_FILES = new Set(['_headers']);

/**
 * The headers `_headers` (text in the Netlify / Cloudflare Pages format) gives for the
 * pattern `/*`, the only one the build writes: `[[name, value], …]`. Lines starting with
 * `#` are comments; a pattern line starts a block, indented `Name: value` lines follow it.
 */
export function headersForAll(text) {
  const out = [];
  let pattern = null;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      pattern = line.trim();
      continue;
    }
    const at = line.indexOf(':');
    if (pattern === '/*' && at > 0) out.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
  }
  return out;
}

/** Extensions worth compressing (text and wasm; the PNG icons are compressed already). */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.wasm', '.css', '.webmanifest', '.json', '.svg', '.tsv', '.txt', '.map', '.ico']);
