#!/usr/bin/env node
// Splits the app's wasm into a main module and lazily loaded chunks.  Run by trunk's
// post_build hook (Trunk.toml), before sw-build.mjs: trunk has built cargo's output,
// run wasm-bindgen on it (with `data-wasm-opt="0"`: no wasm-opt) and written index.html;
// this script replaces trunk's JS and wasm, under the same names, with a split build of
// the same cargo output:
//
//   1. `wasm-split-cli --target web --out-name NAME RAW TMP` on cargo's own output
//      (target/wasm32-unknown-unknown/<profile>/<bin>.wasm, linked with --emit-relocs,
//      see .cargo/config.toml: the splitter needs the relocations, which wasm-bindgen
//      drops, so the split runs before wasm-bindgen) → TMP/NAME.wasm (the main module),
//      one `split_*.wasm` per lazy function (Leptos's `#[lazy]` / `#[lazy_route]`),
//      `chunk_*.wasm` for code several of them share, and `__wasm_split.js`, which
//      fetches them (relative to its own address) on first use;
//   2. `wasm-bindgen TMP/NAME.wasm --target web --keep-lld-exports …` into the staging
//      dir (overwrites trunk's NAME.js and NAME_bg.wasm; the chunks call the main module
//      through the exports wasm-bindgen would otherwise remove);
//   3. copies the chunks and `__wasm_split.js` next to them;
//   4. release builds: `wasm-opt -Oz` (binaryen 132, the features the wasm uses, debug
//      info, producers and target-features sections stripped, as index.html asked trunk
//      before) on every .wasm;
//   4b. release builds: the shared chunks under 16 KiB merged into one file
//      (merge-chunks.mjs: a page then fetches ~a dozen files, not ~100);
//   4c. the loader's failed loads are tried again, then the page reloaded, else left
//      pending, never reported to the app, which would stop (loader-recover.mjs);
//   5. gives every file written here a name with a hash of its final bytes: each chunk
//      `<splitter's name>-<hash>.wasm` (named so in the loader), and the main JS, its wasm
//      and the loader, which name each other, `<bin>-<hash>.js`, `<bin>-<hash>_bg.wasm`,
//      `__wasm_split-<hash>.js` with one hash of the three (trunk's NAME hashed its own,
//      unsplit wasm), in index.html and the scripts too; index.html gets a modulepreload
//      of the loader beside the main JS's (the main JS imports it).  Content-hashed names are served
//      as immutable and taken by the service worker's precache from the HTTP cache
//      (dist-files.mjs), so each must change whenever its bytes do; sw.js's version, a
//      hash of every file, changes with any of them.
//
// A build whose cargo output has no split point (no lazy function) gets only the main
// module; it works the same.
//
//   node scripts/split-build.mjs [DIR]      DIR defaults to $TRUNK_STAGING_DIR
//
// Tools: wasm-split-cli (cargo install wasm_split_cli_support --version 0.2.4 --features
// build-binary --locked), wasm-bindgen (the version of Cargo.lock), node_modules' wasm-opt;
// scripts/setup.sh installs them.  Dependency-free (node >= 18).

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeSmallChunks } from './merge-chunks.mjs';
import { recoverLoads } from './loader-recover.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
const release = process.env.TRUNK_PROFILE !== 'debug';
const t0 = Date.now();

function fail(msg) {
  console.error(`split-build: error: ${msg}`);
  process.exit(1);
}

function runAsync(cmd, args) {
  return new Promise((ok) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (e) => fail(`${cmd}: ${e.message}`));
    child.on('exit', (code) => (code === 0 ? ok() : fail(`${cmd} ${args.join(' ')} exited with ${code}`)));
  });
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error) fail(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) fail(`${cmd} ${args.join(' ')} exited with ${r.status}`);
}

if (!dir) fail('no directory given and TRUNK_STAGING_DIR is not set');
const indexPath = join(dir, 'index.html');
if (!existsSync(indexPath)) fail(`${indexPath} not found`);

// trunk's names: NAME.js and NAME_bg.wasm, NAME = `<bin>-<hash>` (filehash = true).
const bgs = readdirSync(dir).filter((f) => f.endsWith('_bg.wasm'));
if (bgs.length !== 1) fail(`expected one *_bg.wasm in ${dir}, found ${bgs.length}`);
const name = bgs[0].slice(0, -'_bg.wasm'.length);
const bin = name.replace(/-[0-9a-f]+$/, '');
const targetDir = process.env.CARGO_TARGET_DIR || join(root, 'target');
const raw = join(targetDir, 'wasm32-unknown-unknown', release ? 'release' : 'debug', `${bin}.wasm`);
if (!existsSync(raw)) fail(`cargo's output ${raw} not found`);

const bindir = join(root, 'node_modules', '.bin');
// The wasm features the app's code uses (binaryen's defaults are older).
const FEATURES = [
  '--enable-bulk-memory',
  '--enable-nontrapping-float-to-int',
  '--enable-sign-ext',
  '--enable-mutable-globals',
  '--enable-reference-types',
  '--enable-multivalue',
];
const wasmOpt = existsSync(join(bindir, 'wasm-opt')) ? join(bindir, 'wasm-opt') : 'wasm-opt';

// ---- 1. split ----------------------------------------------------------------------------
const tmp = mkdtempSync(join(tmpdir(), 'split-build-'));
try {
  run('wasm-split-cli', ['--target', 'web', '--out-name', name, raw, tmp]);
  if (!existsSync(join(tmp, `${name}.wasm`))) fail(`wasm-split-cli wrote no ${name}.wasm`);
  let chunks = readdirSync(tmp)
    .filter((f) => f.endsWith('.wasm') && f !== `${name}.wasm`)
    .sort();
  const loader = existsSync(join(tmp, '__wasm_split.js')) ? ['__wasm_split.js'] : [];

  // ---- 2. wasm-bindgen on the main module ------------------------------------------------
  rmSync(join(dir, `${name}.js`), { force: true });
  rmSync(join(dir, `${name}_bg.wasm`), { force: true });
  run('wasm-bindgen', [
    join(tmp, `${name}.wasm`),
    '--out-dir',
    dir,
    '--out-name',
    name,
    '--target',
    'web',
    '--no-typescript',
    '--no-demangle',
    '--keep-lld-exports',
  ]);

  // ---- 3. the chunks and their loader -------------------------------------------------------
  for (const f of [...chunks, ...loader]) copyFileSync(join(tmp, f), join(dir, f));

  // ---- 4. wasm-opt, two at a time ------------------------------------------------------------
  let wasms = [`${name}_bg.wasm`, ...chunks];
  if (release) {
    const features = FEATURES;
    const opt = (f) => {
      const p = join(dir, f);
      // REFEREE_WASM_NAMES=1 keeps the function names (for a profiler; bigger files).
      const strip = process.env.REFEREE_WASM_NAMES === '1' ? ['-g'] : ['--strip-debug'];
      return runAsync(wasmOpt, ['-Oz', ...features, ...strip, '--strip-producers', '--strip-target-features', p, '-o', p]);
    };
    const queue = [...wasms];
    await Promise.all([0, 1].map(async () => {
      while (queue.length) await opt(queue.shift());
    }));
  }

  // ---- 4b. the small shared chunks as one file (merge-chunks.mjs) ------------------------------
  if (release) {
    const wasmMerge = existsSync(join(bindir, 'wasm-merge')) ? join(bindir, 'wasm-merge') : 'wasm-merge';
    chunks = mergeSmallChunks(dir, chunks, loader[0], { wasmMerge, wasmOpt, features: FEATURES }, run);
  }

  // ---- 4c. a page whose code cannot be loaded does not stop the app (loader-recover.mjs) -------
  if (loader.length) {
    const f = join(dir, loader[0]);
    writeFileSync(f, recoverLoads(readFileSync(f, 'utf8')));
  }

  // ---- 5. names that follow the final bytes -----------------------------------------------------
  const sha = (...parts) => {
    const h = createHash('sha256');
    for (const x of parts) h.update(x).update('\0');
    return h.digest('hex').slice(0, 16);
  };
  const edit = (f, change) => writeFileSync(join(dir, f), change(readFileSync(join(dir, f), 'utf8')));
  // Each chunk: `<splitter's name>-<hash of its bytes>.wasm`, named so in the loader.
  const renamed = chunks.map((f) => f.replace(/\.wasm$/, `-${sha(readFileSync(join(dir, f)))}.wasm`));
  if (loader.length) {
    edit(loader[0], (js) => chunks.reduce((js, f, i) => js.split(`"./${f}"`).join(`"./${renamed[i]}"`), js));
  }
  chunks.forEach((f, i) => renameSync(join(dir, f), join(dir, renamed[i])));
  // The main JS, its wasm and the loader import each other: one hash of the three.
  const hash = sha(...[`${name}.js`, `${name}_bg.wasm`, ...loader].map((f) => readFileSync(join(dir, f))));
  const hashed = `${bin}-${hash}`;
  const hashedLoader = loader.map(() => `__wasm_split-${hash}.js`);
  const rename = (text) => text.split(name).join(hashed);
  edit('index.html', rename);
  // The main JS imports the loader, which it names only in its own text: a modulepreload
  // beside the main JS's lets the browser fetch it at once, not after the main JS is in.
  if (loader.length) {
    edit('index.html', (html) => {
      const main = html.match(new RegExp(`<link rel="modulepreload" href="([^"]*)${hashed}\\.js"[^>]*>`));
      if (!main) fail(`index.html has no modulepreload of ${hashed}.js`);
      return html.replace(main[0], main[0] + main[0].replace(`${hashed}.js`, hashedLoader[0]));
    });
  }
  edit(`${name}.js`, (js) => {
    // The key of wasm-bindgen's own imports object, "./NAME_bg.js", is a module name
    // inside the wasm: it stays.
    const key = `"./${name}_bg.js"`;
    js = js.split(key).map(rename).join(key);
    // Only the import statements name the loader's file; the keys of the wasm's imports
    // object ("./__wasm_split.js": …) are module names inside the wasm and stay.
    if (loader.length) js = js.replace(/(\bfrom\s*["'])\.\/__wasm_split\.js(["'])/g, `$1./${hashedLoader[0]}$2`);
    return js;
  });
  for (const f of loader) edit(f, rename);
  renameSync(join(dir, `${name}.js`), join(dir, `${hashed}.js`));
  renameSync(join(dir, `${name}_bg.wasm`), join(dir, `${hashed}_bg.wasm`));
  if (loader.length) renameSync(join(dir, loader[0]), join(dir, hashedLoader[0]));
  if (readFileSync(indexPath, 'utf8').includes(name)) fail(`index.html still names ${name}`);
  wasms = [`${hashed}_bg.wasm`, ...renamed];

  const kib = (f) => (statSync(join(dir, f)).size / 1024).toFixed(1);
  console.log(
    `split-build: ${wasms[0]} ${kib(wasms[0])} KiB` +
      (renamed.length
        ? ` + ${renamed.length} chunk(s): ${renamed.map((c) => `${c} ${kib(c)} KiB`).join(', ')}`
        : ' (no split point: main module only)') +
      ` (${((Date.now() - t0) / 1000).toFixed(1)} s)`
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
