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
//    The page's Content-Security-Policy (script-src 'self' 'wasm-unsafe-eval')
//    forbids inline scripts, so each inline script is moved into its own file
//    boot-<sha256>.js and referenced with src=.  No CSP hash to keep in sync.
// 2. Service worker: writes DIR/sw.js from the template, with the precache list =
//    every file of the build (hashed names included, no hand-kept list) and the
//    cache version = sha256 over the paths and contents of those files and the
//    template.  Any change to any byte gives a new worker, hence an update.
//
// Dependency-free (node >= 18).

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

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
if (!/http-equiv\s*=\s*["']Content-Security-Policy["']/i.test(html)) {
  console.warn('sw-build: warning: index.html has no Content-Security-Policy meta');
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
  .filter((rel) => rel !== 'sw.js')
  .sort();

const tpl = readFileSync(template, 'utf8');
const h = createHash('sha256');
let bytes = 0;
for (const rel of files) {
  const data = readFileSync(join(dir, rel));
  bytes += data.length;
  h.update(rel).update('\0').update(data).update('\0');
}
h.update('template\0').update(tpl);
const version = h.digest('hex').slice(0, 16);
const urls = files.map((rel) => base + rel);

const VERSION_MARK = "'__SW_VERSION__'";
const PRECACHE_MARK = '/* __SW_PRECACHE__ */ []';
if (!tpl.includes(VERSION_MARK) || !tpl.includes(PRECACHE_MARK)) {
  fail(`template ${template} lacks the ${VERSION_MARK} or ${PRECACHE_MARK} marker`);
}
const sw = tpl
  .replace(VERSION_MARK, () => JSON.stringify(version))
  .replace(PRECACHE_MARK, () => JSON.stringify(urls, null, 2));
writeFileSync(join(dir, 'sw.js'), sw);

console.log(
  `sw-build: ${moved} inline script(s) externalised; sw.js version ${version}, ` +
    `${urls.length} files precached (${(bytes / 1024).toFixed(1)} KiB)`
);
