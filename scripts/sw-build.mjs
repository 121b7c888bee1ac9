#!/usr/bin/env node
// Finalises a trunk build for offline use.  Run by trunk as a post_build hook
// (Trunk.toml), i.e. after cargo, wasm-bindgen and wasm-opt, after index.html
// is written, just before the staging dir replaces dist/ — so it sees the
// FINAL bytes of every file.  Can also be run by hand on a built dir:
//
//   node scripts/sw-build.mjs [DIR] [TEMPLATE]
//
// DIR defaults to $TRUNK_STAGING_DIR, TEMPLATE to public/sw.js next to this script.
//
// 1. CSP: trunk injects an inline <script type="module"> that boots the wasm.
//    The page's Content-Security-Policy (script-src 'self' 'wasm-unsafe-eval'; an HTTP
//    header, from DIR/_headers = public/_headers) forbids inline scripts, so each
//    inline script is moved into its own file boot-<sha256>.js and referenced with
//    src=.  No CSP hash to keep in sync.  The policy also goes into sw.js, whose
//    worker adds it to the pages it serves when the host did not send it.
// 2. Service worker: writes DIR/sw.js from the template, with the precache list =
//    every file of the build (hashed names included, no hand-kept list) and the
//    cache version = sha256 over the paths and contents of those files and the
//    template.  Any change to any byte gives a new worker, hence an update.
//    The worker learns which names carry a content hash (dist-files.mjs): those it
//    may take from the HTTP cache, so the first visit downloads each file once.
// 3. Compression: writes NAME.br (brotli, quality 11) and NAME.gz (gzip -9) next to
//    every text or wasm file, sw.js and index.html included, for scripts/server.mjs
//    (or any static host) to send by Accept-Encoding.  A form that would not be
//    smaller is left out (not for a file under 256 bytes: every text and wasm file is
//    sent compressed, a few bytes more for the splitter's tiniest chunks); one that already holds the file's current bytes is kept
//    as it is (running this again on a built dir costs little).  Skipped for debug
//    builds (TRUNK_PROFILE=debug: trunk serve sends files uncompressed anyway).
//
// Dependency-free (node >= 18).

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, readdirSync, statSync, existsSync, rmSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { COMPRESSIBLE, ENCODINGS, HOST_FILES, headersForAll, isHashed, isVariant } from './dist-files.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
const template = process.argv[3] || join(here, '..', 'public', 'sw.js');
let base = process.env.TRUNK_PUBLIC_URL || '/';
if (!base.endsWith('/')) base += '/';

function fail(msg) {
  console.error(`sw-build: error: ${msg}`);
  process.exit(1);
}

if (!dir) fail('no directory given and TRUNK_STAGING_DIR is not set');
const indexPath = join(dir, 'index.html');
if (!existsSync(indexPath)) fail(`${indexPath} not found`);
if (!existsSync(template)) fail(`template ${template} not found`);

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

// ---- 1. move inline scripts out of index.html -------------------------------
let html = readFileSync(indexPath, 'utf8');
let moved = 0;
html = html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi, (whole, attrs, body) => {
  if (/\bsrc\s*=/i.test(attrs)) return whole; // already external
  if (/\btype\s*=\s*["']?(application\/(ld\+)?json|importmap|text\/template)/i.test(attrs)) {
    return whole; // data blocks are not executed
  }
  if (!body.trim()) return whole;
  const name = `boot-${sha256(body).slice(0, 16)}.js`;
  writeFileSync(join(dir, name), body);
  moved += 1;
  const kept = attrs.replace(/\s+nonce\s*=\s*("[^"]*"|'[^']*'|\S+)/i, '');
  return `<script${kept} src="${base}${name}"></script>`;
});
if (/<script\b(?![^>]*\bsrc\s*=)[^>]*>\s*\S/i.test(html)) {
  fail('an inline script is still in index.html; the CSP would block it');
}
// The policy of _headers (public/_headers), for the worker.
const hostHeaders = existsSync(join(dir, '_headers')) ? headersForAll(readFileSync(join(dir, '_headers'), 'utf8')) : [];
const csp = (hostHeaders.find(([name]) => name.toLowerCase() === 'content-security-policy') || [])[1] || '';
if (!csp) console.warn('sw-build: warning: no Content-Security-Policy in _headers');
if (/http-equiv\s*=\s*["']Content-Security-Policy["']/i.test(html)) {
  console.warn('sw-build: warning: a Content-Security-Policy <meta> in index.html holds up the preload scanner: use _headers');
}
writeFileSync(indexPath, html);

// ---- 2. the service worker -----------------------------------------------------
function walk(d) {
  const out = [];
  for (const name of readdirSync(d).sort()) {
    if (name.startsWith('.')) continue; // trunk's .stage and friends
    const p = join(d, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

const files = walk(dir)
  .map((p) => relative(dir, p).split(sep).join('/'))
  .filter((rel) => rel !== 'sw.js' && !isVariant(rel) && !HOST_FILES.has(rel))
  .sort();

const tpl = readFileSync(template, 'utf8');
const h = createHash('sha256');
let bytes = 0;
for (const rel of files) {
  const data = readFileSync(join(dir, rel));
  bytes += data.length;
  h.update(rel).update('\0').update(data).update('\0');
}
h.update('template\0').update(tpl).update('\0csp\0').update(csp);
const version = h.digest('hex').slice(0, 16);
const urls = files.map((rel) => base + rel);

const VERSION_MARK = "'__SW_VERSION__'";
const PRECACHE_MARK = '/* __SW_PRECACHE__ */ []';
const HASHED_MARK = '/* __SW_HASHED__ */ []';
const CSP_MARK = "'__SW_CSP__'";
for (const mark of [VERSION_MARK, PRECACHE_MARK, HASHED_MARK, CSP_MARK]) {
  if (!tpl.includes(mark)) fail(`template ${template} lacks the ${mark} marker`);
}
const sw = tpl
  .replace(VERSION_MARK, () => JSON.stringify(version))
  .replace(PRECACHE_MARK, () => JSON.stringify(urls, null, 2))
  .replace(HASHED_MARK, () => JSON.stringify(urls.filter(isHashed), null, 2))
  .replace(CSP_MARK, () => JSON.stringify(csp));
writeFileSync(join(dir, 'sw.js'), sw);

console.log(
  `sw-build: ${moved} inline script(s) externalised; sw.js version ${version}, ` +
    `${urls.length} files precached (${(bytes / 1024).toFixed(1)} KiB)`
);

// ---- 3. precompressed forms ------------------------------------------------------------
if (process.env.TRUNK_PROFILE === 'debug') process.exit(0);

const compress = {
  br: (data, text) =>
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: text ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => gzipSync(data, { level: 9 }),
};
const decompress = { br: brotliDecompressSync, gzip: gunzipSync };
// Bytes under which a file keeps its forms even when they are not smaller.
const TINY = 256;

// Forms whose file is gone (a renamed build file) go too.
for (const rel of walk(dir).map((p) => relative(dir, p).split(sep).join('/'))) {
  const e = ENCODINGS.find((e) => rel.endsWith(e.suffix));
  if (e && !existsSync(join(dir, rel.slice(0, -e.suffix.length)))) rmSync(join(dir, rel));
}
let raw = 0;
const packed = Object.fromEntries(ENCODINGS.map((e) => [e.encoding, 0]));
let written = 0;
for (const rel of [...files, 'sw.js']) {
  const ext = extname(rel).toLowerCase();
  if (!COMPRESSIBLE.has(ext)) continue;
  const data = readFileSync(join(dir, rel));
  raw += data.length;
  for (const { encoding, suffix } of ENCODINGS) {
    const out = join(dir, rel + suffix);
    let current = null;
    if (existsSync(out)) {
      try {
        const old = readFileSync(out);
        if (decompress[encoding](old).equals(data)) current = old;
      } catch {
        /* not a valid form: written anew */
      }
    }
    if (!current) {
      const z = compress[encoding](data, ext !== '.wasm');
      // Only a file of a few dozen bytes (the splitter's smallest chunks) is not made
      // smaller; its forms are kept all the same, a few bytes more, so that every text
      // and wasm file is sent compressed.
      if (z.length >= data.length && data.length > TINY) {
        rmSync(out, { force: true });
        continue;
      }
      writeFileSync(out, z);
      written += 1;
      current = z;
    }
    packed[encoding] += current.length;
  }
}
console.log(
  `sw-build: precompressed ${(raw / 1024).toFixed(1)} KiB of text and wasm → ` +
    ENCODINGS.map((e) => `${(packed[e.encoding] / 1024).toFixed(1)} KiB ${e.encoding}`).join(', ') +
    ` (${written} form(s) written)`
);
