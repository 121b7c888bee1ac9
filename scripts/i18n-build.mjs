#!/usr/bin/env node
// Writes the strings the wasm does not compile in beside the app.  Run by trunk's post_build
// hook (Trunk.toml) after split-build.mjs and before sw-build.mjs (which precaches every file,
// these too, and hashes index.html after this script has changed it):
//
//   1. DIR/i18n/<code>-<16 hex of sha256>.tsv for zh-TW and en: `key<TAB>text` per row of
//      src/i18n/strings.tsv (blank and `#` lines skipped, rows of four columns only — the
//      same rows build.rs keeps for the 简体中文 column the wasm compiles in); and for zh-CN
//      the rows a release build does not compile in: those not named by
//      src/i18n/start-keys.txt (a line ending in `.` is a key prefix, another one key);
//   2. index.html: one `<meta name="referee-i18n" content="zh-CN=/i18n/….tsv;zh-TW=…;en=…">`
//      (under trunk's public URL) before </head>, which the app reads to fetch a language when it is chosen (and 简体中文's rest once home is painted)
//      (`ui::load_lang`).  The names carry a hash of their bytes, so they are served and
//      cached as immutable like the wasm (dist-files.mjs).
//
//   node scripts/i18n-build.mjs [DIR]      DIR defaults to $TRUNK_STAGING_DIR
//
// Dependency-free (node >= 18).

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let base = process.env.TRUNK_PUBLIC_URL || '/';
if (!base.endsWith('/')) base += '/';
const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('i18n-build: error: no directory given and TRUNK_STAGING_DIR is not set');
  process.exit(1);
}
const indexPath = join(dir, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`i18n-build: error: ${indexPath} not found`);
  process.exit(1);
}

const rows = readFileSync(join(root, 'src', 'i18n', 'strings.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .map((l) => l.split('\t'))
  .filter((c) => c.length === 4);

const out = join(dir, 'i18n');
if (existsSync(out)) for (const f of readdirSync(out)) rmSync(join(out, f));
mkdirSync(out, { recursive: true });
const names = [];
const start = readFileSync(join(root, 'src', 'i18n', 'start-keys.txt'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l !== '' && !l.startsWith('#'));
const isStart = (key) => start.some((s) => (s.endsWith('.') ? key.startsWith(s) : key === s));
for (const [code, col] of [
  ['zh-CN', 1],
  ['zh-TW', 2],
  ['en', 3],
]) {
  const text = rows
    .filter((c) => code !== 'zh-CN' || !isStart(c[0]))
    .map((c) => `${c[0]}\t${c[col]}\n`)
    .join('');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const name = `i18n/${code}-${hash}.tsv`;
  writeFileSync(join(dir, name), text);
  names.push(`${code}=${base}${name}`);
}

let html = readFileSync(indexPath, 'utf8').replace(/\s*<meta name="referee-i18n"[^>]*>/g, '');
const meta = `<meta name="referee-i18n" content="${names.join(';')}" />`;
if (!html.includes('</head>')) {
  console.error('i18n-build: error: index.html has no </head>');
  process.exit(1);
}
html = html.replace('</head>', `  ${meta}\n  </head>`);
writeFileSync(indexPath, html);
console.log(`i18n-build: ${rows.length} rows → ${names.join(', ')}`);
