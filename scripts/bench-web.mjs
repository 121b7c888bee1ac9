#!/usr/bin/env node
// Size and speed figures of a release build, printed and written as
// JSON.  Run by scripts/bench.sh; by hand:
//
//   node scripts/bench-web.mjs --dist /tmp/dist-bench --match /tmp/match-1000.json \
//        [--list-match /tmp/match-24.json --list 300 [--only home-list]] \
//        [--out figures.json] [--runs 7] [--commits 20] [--throttle 4] [--size-only]
//        [--peers /work/peers] [--floor /tmp/referee-size-floor/shell-dist]
//   node scripts/bench-web.mjs --dist /tmp/dist-bench --only startup --peers /work/peers
//
// Size, per file of the build: raw bytes and the bytes of its gzip and brotli forms (the
// NAME.gz / NAME.br that scripts/sw-build.mjs wrote and scripts/server.mjs sends; computed
// here when absent: gzip -9, brotli 11; the PNGs are sent as they are); "page" = asked for by the page itself (index.html,
// boot script, JS, wasm, CSS, manifest, icon, sw-register.js), "page, after home is
// painted" = 简体中文's strings file (not part of the page load), "service worker" = only by
// its precache.  Sums count each file once.
//
// Transfer: what a first visit (new profile, no HTTP cache, no service worker) really
// costs, counted at the server (SERVER_LOG of scripts/server.mjs: every request, the
// service worker's included, with the body bytes sent) until the worker controls the page
// (its precache complete), three times: the server sending brotli or gzip (Chromium
// accepts brotli from http://127.0.0.1), gzip only, and no compression.  Also counted: how
// often the wasm's bytes were sent (the target is once).  --size-only: size and transfer.
//
// Speed, in headless Chromium (/usr/bin/chromium) with the CPU slowed down N× through the
// DevTools protocol (Emulation.setCPUThrottlingRate):
// * navigation → first usable screen (home list shown, then the next animation frame),
//   cold (new profile: no HTTP cache, no service worker) and from the service-worker cache;
// * navigation → a stored match of 1,000 hands shown (every history row rendered), from the
//   service-worker cache; and the same match opened from home by a tap on its line (home
//   shown, every match read, 1.5 s of quiet) → shown;
// * navigation → the home list of --list stored matches (copies of --list-match under
//   their own ids) shown, from the service-worker cache (a profile of its own); the
//   first start after the copies are written (no index rows yet) is reported apart, and
//   so is the time at which every match has been read and validated (the app's User
//   Timing mark `referee:matches-read`; the list is shown before, from the index rows);
// * commit on that match: click on #commit → the next animation frame after #scoreboard's
//   text changed (MutationObserver, then requestAnimationFrame), median of N commits; the
//   click's Event Timing duration (PerformanceObserver type `event`: the event's time → the
//   next frame presented after its handlers, what INP measures; 8 ms steps, reported from
//   16 ms up); and
//   click → the animation frame after the new row is in #history (the history and the
//   level chart are drawn one frame after the scoreboard).
// Times are the page's own performance.now() (ms since navigation start / since the click),
// noted by a script run before the page's own and said as console messages: nothing is
// evaluated in the page while it loads.
//
// Start-up beside the peers (after the figures above, or alone with
// --only startup, which skips the transfer and speed figures): ours and the two JS
// score-keepers whose builds are in --peers DIR (default $BENCH_PEERS) as
// DIR/guandan-scoreboard/dist (CoolVance/guandan-scoreboard, React) and
// DIR/guandan_calc/dist (xingfanxia/guandan_calc, vanilla JS), each served by
// scripts/server.mjs on loopback with brotli/gzip forms made as ours are; a peer whose build
// is absent is named and left out.  For each, in headless Chromium at 360×640 and N× CPU:
// navigation → the frame after the first usable screen (ours: the home list; the React
// peer: its level digits; the vanilla one: its ranking slots), cold (new profile) and warm
// (later loads in one profile: the service worker's cache where the app has one, else the
// HTTP cache), the runs alternating between the apps (a warm page left to go quiet before
// the next app's load); cold again on DevTools' "Slow 4G"
// network preset (and the same CPU throttling); a first visit's bytes from a server sending
// gzip only (every body, service worker included, until the page is quiet); the JS heap
// after the cold load (after a GC) and our wasm's linear memory.  Printed as one table
// with the ratio ours / best peer for each figure.
//
// --floor DIR: also a minimal Leptos 0.8 shell with no app code (examples/size_floor_shell.rs
// as the page scripts/size-floor.sh writes), measured the same way: the stack's floor for
// these figures.  It is not a peer: the ratios ours / best peer leave it out; its own
// ratio to the best peer is reported beside them.

import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESSIBLE, HOST_FILES, isVariant } from './dist-files.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => {
    if (a.startsWith('--')) acc.push([a.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : 'true']);
    return acc;
  }, [])
);
const DIST = args.dist || '/tmp/dist-bench';
const MATCH = args.match;
const RUNS = Number(args.runs || 7);
const COMMITS = Number(args.commits || 20);
const THROTTLE = Number(args.throttle || 4);
const LIST_MATCH = args['list-match'];
const LIST = Number(args.list || 300);
// Where the peers' builds are (<dir>/<name>/dist; see PEERS below): --peers or BENCH_PEERS.
const PEERS_DIR = args.peers || process.env.BENCH_PEERS || '';
// The minimal Leptos shell's page (scripts/size-floor.sh): --floor.
const FLOOR_DIR = args.floor || '';
const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const round1 = (x) => Math.round(x * 10) / 10;

// ---- size --------------------------------------------------------------------------------

function walk(dir) {
  return readdirSync(dir).flatMap((n) => {
    if (n.startsWith('.')) return []; // trunk's .stage and friends, as sw-build.mjs skips them
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

// Bytes of a file's stored form (NAME.gz, NAME.br), or of that form made here.
function formBytes(path, buf, suffix) {
  if (existsSync(path + suffix)) return statSync(path + suffix).size;
  if (suffix === '.gz') return gzipSync(buf, { level: 9 }).length;
  return brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }).length;
}

function sizes() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  // What the page itself asks for: every src/href of index.html.
  const pageUrls = new Set(['/index.html']);
  for (const m of html.matchAll(/\b(?:src|href)\s*=\s*"([^"]+)"/g)) {
    if (m[1].startsWith('/')) pageUrls.add(m[1].split('?')[0]);
  }
  // The JS glue loads the main wasm (same stem, `_bg.wasm`); the lazy pages' chunks
  // (scripts/split-build.mjs) come with the service worker's precache.
  const files = walk(DIST)
    .map((p) => '/' + relative(DIST, p).split('\\').join('/'))
    .filter((f) => !isVariant(f) && !HOST_FILES.has(f.slice(1)));
  for (const f of files) if (f.endsWith('_bg.wasm')) pageUrls.add(f);
  // 简体中文's strings outside the start-up screens: read by the page once home is painted
  // (src/i18n/start-keys.txt), so not part of what home needs before it is usable.
  const lateUrls = new Set();
  const i18n = /<meta name="referee-i18n" content="([^"]*)"/.exec(html);
  for (const part of i18n ? i18n[1].split(';') : []) {
    const [code, url] = part.split('=');
    if (code === 'zh-CN' && url) lateUrls.add(url);
  }
  const rows = files
    .map((f) => {
      const path = join(DIST, f);
      const buf = readFileSync(path);
      // Only text and wasm are sent compressed (the PNGs are compressed already), and a
      // form only when it is smaller (sw-build.mjs leaves the others out).
      const packs = COMPRESSIBLE.has(extname(f).toLowerCase());
      const gzip = packs ? Math.min(buf.length, formBytes(path, buf, '.gz')) : buf.length;
      const br = packs ? Math.min(buf.length, formBytes(path, buf, '.br')) : buf.length;
      const by = pageUrls.has(f) ? 'page' : lateUrls.has(f) ? 'page, after home is painted' : 'service worker';
      return { file: f, raw: buf.length, gzip, br, by };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const sum = (rs, k) => rs.reduce((s, r) => s + r[k], 0);
  const page = rows.filter((r) => r.by === 'page');
  return {
    files: rows,
    page: { raw: sum(page, 'raw'), gzip: sum(page, 'gzip'), br: sum(page, 'br') },
    total: { raw: sum(rows, 'raw'), gzip: sum(rows, 'gzip'), br: sum(rows, 'br') },
    // Issue 20's size targets: everything a first visit transfers (the service worker's
    // precache included) ≤ 700 KB gzip; what the home screen needs before it is usable (the
    // files the page itself asks for) ≤ 400 KB gzip.
    targets: { first_visit_gzip: 700 * 1024, page_gzip: 400 * 1024 },
  };
}

// ---- server ------------------------------------------------------------------------------

// scripts/server.mjs on a free port; `log` gets every response it sends (SERVER_LOG).
// `dir` (default --dist) and `hashed` (server.mjs --hashed) serve a peer's build the same way.
async function server(encodings = 'br,gzip', dir = DIST, hashed = null) {
  const child = spawn(
    process.execPath,
    [
      'scripts/server.mjs',
      ...['--dir', dir, '--host', '127.0.0.1', '--port', '0', '--encodings', encodings],
      ...(hashed ? ['--hashed', hashed] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, SERVER_LOG: '1' } }
  );
  const log = [];
  let rest = '';
  child.stdout.on('data', (d) => {
    const lines = (rest + d).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      const m = line.match(/^(GET|HEAD) (\S+) (\d+) (\d+) (\S+) \d+ms$/);
      if (m) log.push({ path: m[2], status: Number(m[3]), bytes: Number(m[4]), encoding: m[5] });
    }
  });
  const url = await new Promise((ok, ko) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/at (http:\/\/\S+)/);
      if (m) ok(m[1].replace(/\/$/, ''));
    });
    child.once('exit', (code) => ko(new Error(`server exited (${code})`)));
  });
  return { url, log, stop: () => child.kill('SIGKILL') };
}

// ---- transfer ----------------------------------------------------------------------------

// One first visit in a new profile, counted at the server until the service worker is in
// control (installed: its precache complete), plus a second for late requests.
async function firstVisit(browser, encodings) {
  const srv = await server(encodings);
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(srv.url + '/');
    await swReady(page);
    await page.waitForTimeout(1000);
    await context.close();
  } finally {
    srv.stop();
  }
  const bodies = srv.log.filter((r) => r.status === 200);
  const wasm = bodies.filter((r) => r.path.endsWith('.wasm'));
  // How often the wasm was sent: the most often any one wasm file was (the main module
  // and each lazy chunk are one file each).
  const perFile = {};
  for (const r of wasm) perFile[r.path] = (perFile[r.path] || 0) + 1;
  return {
    encodings,
    requests: srv.log.length,
    bodies: bodies.length,
    not_modified: srv.log.filter((r) => r.status === 304).length,
    bytes: bodies.reduce((n, r) => n + r.bytes, 0),
    wasm_files: Object.keys(perFile).length,
    wasm_downloads: Math.max(0, ...Object.values(perFile)),
    wasm_bytes: wasm.reduce((n, r) => n + r.bytes, 0),
    log: srv.log,
  };
}

async function transfer() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const out = [];
    for (const enc of ['br,gzip', 'gzip', 'identity']) out.push(await firstVisit(browser, enc));
    return out;
  } finally {
    await browser.close();
  }
}

// ---- speed -------------------------------------------------------------------------------

// In every page before its scripts: the frame after home's list (`home`) or the match's
// newest rows (`match`) are first in the DOM, and the app's User Timing mark
// `referee:matches-read` (`read`, its own time), each said once a document as a console
// message (see `nextMark`).
function probe() {
  window.__marks = {};
  const say = (name, at) => console.debug(`__mark ${name} ${at}`);
  const mark = (name) => {
    if (window.__marks[name] !== undefined) return;
    window.__marks[name] = -1;
    requestAnimationFrame(() => say(name, (window.__marks[name] = performance.now())));
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'referee:matches-read') say('read', e.startTime);
  }).observe({ type: 'mark' });
  const check = () => {
    if (document.querySelector('.match-list li, .home p.empty')) mark('home');
    const want = window.__wantRows;
    if (want && document.querySelectorAll('#history li.hand-row').length >= Math.min(want, 50)) mark('match'); // the page shows the newest 50 rows
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}

async function throttled(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  return cdp;
}

// The time of the next mark `name` the page says (a console message `__mark NAME MS` from
// the probe) after this call: call it before the navigation or click that makes the mark.
// Nothing is evaluated in the page while it loads: Playwright's waitForFunction would
// inject its own script into the page on first use (58 ms of main thread at 4×, measured in
// a trace of a warm start) and then poll it every frame, inside the time being measured.
function nextMark(page, name) {
  return new Promise((ok, ko) => {
    const timer = setTimeout(() => {
      page.off('console', seen);
      ko(new Error(`no mark "${name}" within 300 s`));
    }, 300_000);
    const seen = (msg) => {
      const m = /^__mark (\S+) ([-\d.e]+)$/.exec(msg.text());
      if (!m || m[1] !== name) return;
      clearTimeout(timer);
      page.off('console', seen);
      ok(Number(m[2]));
    };
    page.on('console', seen);
  });
}

async function swReady(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
    }
  });
}

async function speed(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const out = {};
  try {
    // --only home-list: that figure alone (when working on the home page).
    if (args.only === 'home-list') {
      out.home_list_ms = await homeList(browser, base);
      return out;
    }
    // Cold: a new profile each run.
    const cold = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ serviceWorkers: 'allow' });
      await context.addInitScript(probe);
      const page = await context.newPage();
      page.setDefaultTimeout(300_000);
      page.setDefaultNavigationTimeout(300_000);
      await throttled(context, page);
      const home = nextMark(page, 'home');
      await page.goto(base + '/');
      cold.push(await home);
      await context.close();
    }
    out.first_screen_cold_ms = { median: round1(median(cold)), runs: cold.map(round1) };

    // From the service-worker cache: one profile, the worker installed and in control.
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    await context.addInitScript(probe);
    const page = await context.newPage();
    page.setDefaultTimeout(300_000);
    page.setDefaultNavigationTimeout(300_000);
    const first = nextMark(page, 'home');
    await page.goto(base + '/');
    await first;
    await swReady(page);
    await throttled(context, page);
    const warm = [];
    for (let i = 0; i < RUNS; i++) {
      const home = nextMark(page, 'home');
      await page.goto(base + '/');
      const at = await home;
      if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) throw new Error('no service worker in control');
      warm.push(at);
    }
    out.first_screen_sw_cache_ms = { median: round1(median(warm)), runs: warm.map(round1) };

    if (MATCH) {
      const text = readFileSync(MATCH, 'utf8');
      const { match } = JSON.parse(text);
      const hands = match.entries.filter((e) => e.op.type === 'hand').length;
      await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`referee.match.${match.id}`, text]);
      // Home with the big match in the list (its summary replays it).
      // Slow pages: fewer runs.
      const BIG_RUNS = Math.min(RUNS, 3);
      const home = [];
      for (let i = 0; i < BIG_RUNS; i++) {
        const at = nextMark(page, 'home');
        await page.goto(base + '/');
        home.push(await at);
      }
      out.first_screen_sw_cache_with_1000_hands_ms = { median: round1(median(home)), runs: home.map(round1) };
      // Open the stored match directly.
      const load = [];
      await page.addInitScript((n) => (window.__wantRows = n), hands);
      for (let i = 0; i < BIG_RUNS; i++) {
        await page.goto(base + '/about');
        const at = nextMark(page, 'match');
        await page.goto(`${base}/match/${match.id}`);
        load.push(await at);
      }
      out.load_match_1000_hands_ms = { hands, median: round1(median(load)), runs: load.map(round1) };
      // As a referee opens it: home shown and every match read (the app's User Timing mark
      // `referee:matches-read`), the page left quiet for 1.5 s, then a tap on the match's
      // line → the frame after its newest 50 rows are in the DOM (ms since the click).
      const tap = [];
      for (let i = 0; i < BIG_RUNS; i++) {
        const read = nextMark(page, 'read');
        await page.goto(base + '/');
        await read;
        await page.waitForTimeout(1500);
        const link = `a.match-link[href="/match/${match.id}"]`;
        await page.evaluate((sel) => {
          document.querySelector(sel).addEventListener('click', () => (window.__tapAt = performance.now()), { capture: true, once: true });
        }, link);
        const shown = nextMark(page, 'match');
        await page.click(link);
        const at = await shown;
        tap.push(at - (await page.evaluate(() => window.__tapAt)));
      }
      out.open_from_home_1000_hands_ms = { hands, median: round1(median(tap)), runs: tap.map(round1) };

      // Commit → paint, COMMITS times on the open match (fewer, at least 3, when they are
      // so slow that COMMITS would take more than ~3 minutes).
      const commits = [];
      const reacts = [];
      const presented = [];
      const settled = [];
      const budget = Date.now() + 180_000;
      for (let i = 0; i < COMMITS && (i < 3 || Date.now() < budget); i++) {
        await page.fill('#points', '85');
        await page.locator('#points').dispatchEvent('change');
        await page.waitForFunction(() => document.querySelector('#points').value === '85');
        await page.evaluate(() => {
          const sb = document.querySelector('#scoreboard');
          const before = sb.textContent;
          window.__clickTiming = [];
          const po = new PerformanceObserver((list) => {
            for (const e of list.getEntries()) if (e.name === 'click') window.__clickTiming.push(e.duration);
          });
          po.observe({ type: 'event', durationThreshold: 16 });
          window.__clickTimingStop = () => po.disconnect();
          window.__commit = new Promise((done) => {
            let t0 = 0;
            const btn = document.querySelector('#commit');
            btn.addEventListener('click', () => (t0 = performance.now()), { capture: true, once: true });
            // The scoreboard is painted first; the history's new row (and the chart) follow
            // in a later frame: both times are kept.
            const hist = document.querySelector('#history');
            const firstRow = () => hist.querySelector('li')?.dataset.entry;
            const rowBefore = firstRow();
            let paint = null;
            let rows = null;
            const finish = () => paint !== null && rows !== null && done({ react: paint.react, paint: paint.at, history: rows });
            const mo = new MutationObserver(() => {
              if (sb.textContent === before) return;
              mo.disconnect();
              const t1 = performance.now();
              requestAnimationFrame(() => { paint = { react: t1 - t0, at: performance.now() - t0 }; finish(); });
            });
            mo.observe(sb, { childList: true, subtree: true, characterData: true });
            const mh = new MutationObserver(() => {
              if (firstRow() === rowBefore) return;
              mh.disconnect();
              requestAnimationFrame(() => { rows = performance.now() - t0; finish(); });
            });
            mh.observe(hist, { childList: true });
          });
        });
        await page.click('#commit');
        const r = await page.evaluate(() => window.__commit);
        commits.push(r.paint);
        reacts.push(r.react);
        settled.push(r.history);
        await page.waitForFunction(() => document.querySelector('#points').value === '0');
        // The entry is queued once the frame is presented: under 16 ms, none is.
        await page.waitForTimeout(300);
        presented.push(await page.evaluate(() => (window.__clickTimingStop(), window.__clickTiming[0] ?? null)));
      }
      out.commit_to_paint_ms = {
        hands_before: hands,
        hands_after: hands + commits.length,
        median: round1(median(commits)),
        max: round1(Math.max(...commits)),
        dom_updated_median: round1(median(reacts)),
        runs: commits.map(round1),
        // Event Timing: a click presented within 16 ms has no entry (null): counted as 16.
        presented_median: median(presented.map((x) => x ?? 16)),
        presented_runs: presented,
        history_row_median: round1(median(settled)),
        history_row_runs: settled.map(round1),
      };
    }
    await context.close();

    if (LIST_MATCH) out.home_list_ms = await homeList(browser, base);
  } finally {
    await browser.close();
  }
  return out;
}

// The home list of LIST stored matches: copies of LIST_MATCH under ids of their own, each
// one entry newer than the one before (so that the list has an order to keep).
async function homeList(browser, base) {
  const doc = JSON.parse(readFileSync(LIST_MATCH, 'utf8'));
  const hands = doc.match.entries.filter((e) => e.op.type === 'hand').length;
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await context.addInitScript(probe);
  const page = await context.newPage();
  page.setDefaultTimeout(300_000);
  page.setDefaultNavigationTimeout(300_000);
  const started = nextMark(page, 'home');
  await page.goto(base + '/');
  await started;
  await swReady(page);
  const chars = await page.evaluate(
    ([doc, n]) => {
      let chars = 0;
      for (let i = 0; i < n; i++) {
        const d = structuredClone(doc);
        d.match.id = `bench-list-${String(i).padStart(3, '0')}`;
        d.match.title = `第 ${i + 1} 场`;
        for (const e of d.match.entries) e.at_ms += i * 1000;
        const v = JSON.stringify(d);
        localStorage.setItem(`referee.match.${d.match.id}`, v);
        chars += v.length;
      }
      return chars;
    },
    [doc, LIST]
  );
  await throttled(context, page);
  // When every match has been read and validated (the app's mark; the list is shown
  // before, from the index rows).
  const load = async () => {
    const listed = nextMark(page, 'home');
    const matchesRead = nextMark(page, 'read');
    await page.goto(base + '/');
    const home = await listed;
    const read = await matchesRead;
    const shown = await page.locator('.match-list li').count();
    if (shown !== LIST) throw new Error(`home list: ${shown} matches shown, ${LIST} stored`);
    return [home, read];
  };
  // The matches were written behind the app's back (no index rows): the first start reads
  // them all before the list is shown and writes the rows; not counted in the median.
  const [first] = await load();
  const runs = [];
  const read = [];
  for (let i = 0; i < Math.min(RUNS, 5); i++) {
    const [h, r] = await load();
    runs.push(h);
    read.push(r);
  }
  await context.close();
  return {
    matches: LIST,
    hands_each: hands,
    stored_kb: round1(chars / 1024),
    median: round1(median(runs)),
    runs: runs.map(round1),
    first_start_without_index_ms: round1(first),
    all_read_median: read.includes(null) ? null : round1(median(read)),
    all_read_runs: read.includes(null) ? null : read.map(round1),
  };
}

// ---- start-up beside the peers -----------------------------------------------------------

// The two score-keepers start-up is compared with, each built from its repository
// (`npm ci && npm run build`) into PEERS/<name>/dist, and what "usable" means for each:
// the first frame with that element in the DOM (ours: the home list).  Selectors read from
// their code: the React peer renders each team's level as `<div class="text-6xl
// font-bold">` (src/App.tsx), the vanilla one fills `#rankingArea` with `.rank-slot`
// elements (src/ranking/rankingRenderer.js).  Vite names its bundles `NAME-<8 chars>.js`
// under /assets/: served as content-hashed (immutable), as ours are.
const PEERS = [
  {
    name: 'guandan-scoreboard',
    repo: 'CoolVance/guandan-scoreboard',
    kind: 'React',
    usable: 'div.text-6xl.font-bold',
    what: 'level digits',
  },
  {
    name: 'guandan_calc',
    repo: 'xingfanxia/guandan_calc',
    kind: 'vanilla JS',
    usable: '#rankingArea .rank-slot',
    what: 'ranking slots',
  },
];
const VITE_HASHED = '^/assets/[^/]+-[A-Za-z0-9_-]{8}\\.[a-z0-9]+$';
const OURS = { name: 'referee', repo: 'this repository', kind: 'Leptos/wasm', usable: '.match-list li, .home p.empty', what: 'home list' };
// The stack's floor (--floor): its first page's total, the first thing it renders.  Its two
// files are served as immutable, as content-hashed names are.
const FLOOR = {
  name: 'leptos-shell',
  repo: 'examples/size_floor_shell.rs',
  kind: 'Leptos/wasm, no app code',
  usable: 'p.total',
  what: 'its first page',
  floor: true,
};
const FLOOR_HASHED = '^/size_floor_shell';
// Chrome DevTools' "Slow 4G" preset (front_end/core/sdk/NetworkManager.ts,
// Slow4GConditions, called "Fast 3G" before May 2024): ~1.6 Mbps × 0.9 down, 750 kbps × 0.9
// up, 150 ms × 3.75 latency; in bytes/s and ms as Network.emulateNetworkConditions takes them.
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
const VIEWPORT = { width: 360, height: 640 };

// The peers whose build is present; the others are named with the reason.
function peerBuilds(dir) {
  const found = [];
  const missing = [];
  if (!dir) return { found, missing: PEERS.map((p) => ({ ...p, reason: 'no --peers / BENCH_PEERS directory given' })) };
  for (const p of PEERS) {
    const dist = join(dir, p.name, 'dist');
    if (existsSync(join(dist, 'index.html'))) found.push({ ...p, dist });
    else missing.push({ ...p, reason: `no ${join(dist, 'index.html')}` });
  }
  return { found, missing };
}

// A copy of a peer's build with the NAME.gz (-9) and NAME.br (11) forms that
// scripts/sw-build.mjs writes for ours (when smaller), so that scripts/server.mjs sends
// it compressed in the same way.  The peer's own directory is left as it is.
function stagePeer(dist, into) {
  cpSync(dist, into, { recursive: true });
  for (const path of walk(into)) {
    if (isVariant(path) || !COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    const buf = readFileSync(path);
    for (const suffix of ['.gz', '.br']) {
      if (existsSync(path + suffix)) continue;
      const packed =
        suffix === '.gz'
          ? gzipSync(buf, { level: 9 })
          : brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } });
      if (packed.length < buf.length) writeFileSync(path + suffix, packed);
    }
  }
  return into;
}

// In every page before its scripts: when `selector` first matches, the next animation
// frame, said as the mark `usable` (see `nextMark`); keeps the wasm's memory when trunk's
// boot script announces the app (for the heap figure).
function usableProbe(selector) {
  window.__marks = {};
  addEventListener('TrunkApplicationStarted', (e) => (window.__wasmMemory = e.detail && e.detail.wasm && e.detail.wasm.memory));
  const check = () => {
    if (window.__marks.usable !== undefined || !document.querySelector(selector)) return;
    window.__marks.usable = -1;
    requestAnimationFrame(() => console.debug(`__mark usable ${(window.__marks.usable = performance.now())}`));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}

async function startupContext(browser, app) {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: VIEWPORT });
  await context.addInitScript(usableProbe, app.usable);
  const page = await context.newPage();
  page.setDefaultTimeout(300_000);
  page.setDefaultNavigationTimeout(300_000);
  return { context, page };
}

// After a first load: the page's network quiet, then its service worker (if it registers
// one) installed and, when it claims the page, in control.  Bounded: a peer's worker may
// never control the page.
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
  await page.waitForTimeout(1000); // ours registers its worker once the app has started
  await page
    .evaluate(async () => {
      const reg = await navigator.serviceWorker?.getRegistration();
      if (!reg) return;
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await Promise.race([
          new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true })),
          new Promise((ok) => setTimeout(ok, 5000)),
        ]);
      }
    })
    .catch(() => {});
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
}

// JS heap in use after a garbage collection (DevTools protocol), and the wasm's linear
// memory (ours only; a peer has none).
async function heap(cdp, page) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const wasm = await page.evaluate(() => (window.__wasmMemory ? window.__wasmMemory.buffer.byteLength : 0));
  return { js: usedSize, wasm };
}

// One cold load (new profile) to the usable frame; `network`: DevTools network conditions.
async function coldLoad(browser, app, network = null, withHeap = false) {
  const { context, page } = await startupContext(browser, app);
  try {
    const cdp = await throttled(context, page);
    if (network) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', network);
    }
    const mark = nextMark(page, 'usable');
    await page.goto(app.url + '/', { waitUntil: 'commit' });
    const usable = await mark;
    let mem = null;
    if (withHeap) {
      await settle(page);
      mem = await heap(cdp, page);
    }
    return { usable, mem };
  } finally {
    await context.close();
  }
}

// A first visit (new profile, no throttling) counted at a server sending gzip only: every
// body until the page and its service worker (if any) are quiet.
async function firstVisitGzip(browser, app) {
  const srv = await server('gzip', app.servedDir, app.hashed);
  try {
    const { context, page } = await startupContext(browser, app);
    const usable = nextMark(page, 'usable');
    await page.goto(srv.url + '/');
    await usable;
    await settle(page);
    await page.waitForTimeout(1000);
    await context.close();
  } finally {
    srv.stop();
  }
  const bodies = srv.log.filter((r) => r.status === 200);
  return { bytes: bodies.reduce((n, r) => n + r.bytes, 0), bodies: bodies.length, requests: srv.log.length };
}

const stat = (xs) => ({ median: round1(median(xs)), runs: xs.map(round1) });

// Ours and each peer present in PEERS_DIR, in one run and the same way: cold (new profile)
// and warm (second and later loads in one profile: service worker or HTTP cache) to the
// usable frame at THROTTLE× CPU and 360×640, cold on Slow 4G (also THROTTLE× CPU), the gzip
// bytes of a first visit, and the heap after the cold load.  Runs alternate between the apps
// so that a change of machine load touches all of them alike.
async function startup(oursUrl, peersDir) {
  const { found, missing } = peerBuilds(peersDir);
  const tmp = mkdtempSync(join(tmpdir(), 'referee-peers-'));
  const apps = [{ ...OURS, url: oursUrl, servedDir: DIST, hashed: null }];
  const servers = [];
  try {
    for (const p of found) {
      const servedDir = stagePeer(p.dist, join(tmp, p.name));
      const srv = await server('br,gzip', servedDir, VITE_HASHED);
      servers.push(srv);
      apps.push({ ...p, url: srv.url, servedDir, hashed: VITE_HASHED });
    }
    if (FLOOR_DIR && existsSync(join(FLOOR_DIR, 'index.html'))) {
      const servedDir = stagePeer(FLOOR_DIR, join(tmp, FLOOR.name));
      const srv = await server('br,gzip', servedDir, FLOOR_HASHED);
      servers.push(srv);
      apps.push({ ...FLOOR, url: srv.url, servedDir, hashed: FLOOR_HASHED });
    } else if (FLOOR_DIR) {
      missing.push({ ...FLOOR, reason: `no ${join(FLOOR_DIR, 'index.html')}` });
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const fig = apps.map(() => ({ cold: [], warm: [], slow4g: [], js: [], wasm: [] }));
    try {
      for (let i = 0; i < RUNS; i++) {
        for (const [k, app] of apps.entries()) {
          const r = await coldLoad(browser, app, null, true);
          fig[k].cold.push(r.usable);
          fig[k].js.push(r.mem.js);
          fig[k].wasm.push(r.mem.wasm);
        }
      }
      // Warm: one profile per app, loaded once and settled (worker installed), then RUNS
      // loads throttled.  Each page is throttled only while its own load is timed: a page
      // under DevTools CPU throttling keeps a core ~80% busy even when idle (measured here:
      // 2.4 s of renderer CPU in 3 s of an idle page at 4×, none unthrottled), so the
      // other apps' open pages would otherwise take the CPU from the load being timed.
      const warm = [];
      for (const app of apps) {
        const { context, page } = await startupContext(browser, app);
        const usable = nextMark(page, 'usable');
        await page.goto(app.url + '/');
        await usable;
        await settle(page);
        warm.push({ context, page, cdp: await context.newCDPSession(page) });
      }
      const controlled = apps.map(() => false);
      for (let i = 0; i < RUNS; i++) {
        for (const [k, app] of apps.entries()) {
          const { page, cdp } = warm[k];
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
          const usable = nextMark(page, 'usable');
          await page.goto(app.url + '/', { waitUntil: 'commit' });
          fig[k].warm.push(await usable);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
          controlled[k] = await page.evaluate(() => !!navigator.serviceWorker?.controller);
          // What a page does once usable (ours: reading the matches, fetching the match
          // page's code) is over before the next app's load is timed.
          await settle(page);
        }
      }
      for (const w of warm) await w.context.close();
      const slowRuns = Math.min(RUNS, 3);
      for (let i = 0; i < slowRuns; i++) {
        for (const [k, app] of apps.entries()) fig[k].slow4g.push((await coldLoad(browser, app, SLOW_4G)).usable);
      }
      const out = [];
      for (const [k, app] of apps.entries()) {
        out.push({
          name: app.name,
          repo: app.repo,
          kind: app.kind,
          floor: !!app.floor,
          usable: app.what,
          selector: app.usable,
          cold_ms: stat(fig[k].cold),
          warm_ms: { ...stat(fig[k].warm), service_worker: controlled[k] },
          slow_4g_cold_ms: stat(fig[k].slow4g),
          first_visit_gzip: await firstVisitGzip(browser, app),
          heap_after_load: { js_bytes: Math.round(median(fig[k].js)), wasm_bytes: Math.round(median(fig[k].wasm)) },
        });
      }
      // ours (or the floor) / the best (lowest) peer figure, for each figure.
      const peers = out.slice(1).filter((a) => !a.floor);
      const floor = out.find((a) => a.floor);
      const ratio = (get, app = out[0]) => {
        if (!peers.length || !app) return null;
        const best = peers.reduce((a, b) => (get(b) < get(a) ? b : a));
        return { best: best.name, ratio: Math.round((get(app) / get(best)) * 100) / 100 };
      };
      return {
        cpu_throttling: THROTTLE,
        viewport: VIEWPORT,
        runs: RUNS,
        slow_4g: { ...SLOW_4G, preset: 'Chrome DevTools "Slow 4G"', runs: slowRuns },
        apps: out,
        missing: missing.map((m) => ({ name: m.name, repo: m.repo, reason: m.reason })),
        ratios: {
          cold: ratio((a) => a.cold_ms.median),
          warm: ratio((a) => a.warm_ms.median),
          slow_4g_cold: ratio((a) => a.slow_4g_cold_ms.median),
          first_visit_gzip: ratio((a) => a.first_visit_gzip.bytes),
          heap: ratio((a) => a.heap_after_load.js_bytes + a.heap_after_load.wasm_bytes),
        },
        floor_ratios: floor
          ? {
              cold: ratio((a) => a.cold_ms.median, floor),
              warm: ratio((a) => a.warm_ms.median, floor),
              slow_4g_cold: ratio((a) => a.slow_4g_cold_ms.median, floor),
              first_visit_gzip: ratio((a) => a.first_visit_gzip.bytes, floor),
              heap: ratio((a) => a.heap_after_load.js_bytes + a.heap_after_load.wasm_bytes, floor),
            }
          : null,
      };
    } finally {
      await browser.close();
    }
  } finally {
    for (const s of servers) s.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

// The comparison as a table (printed; bench-report.mjs writes the same into bench/).
function startupTable(st) {
  const kb = (n) => (n / 1024).toFixed(1);
  const rows = [['app (usable = …)', 'cold ms', 'warm ms', 'Slow 4G cold ms', 'first visit KB gzip', 'heap MB (JS + wasm)']];
  for (const a of st.apps) {
    const h = a.heap_after_load;
    rows.push([
      `${a.name} (${a.kind}; ${a.usable})`,
      String(a.cold_ms.median),
      `${a.warm_ms.median}${a.warm_ms.service_worker ? ' (SW)' : ' (HTTP cache)'}`,
      String(a.slow_4g_cold_ms.median),
      kb(a.first_visit_gzip.bytes),
      `${((h.js_bytes + h.wasm_bytes) / 2 ** 20).toFixed(1)} (${(h.js_bytes / 2 ** 20).toFixed(1)} + ${(h.wasm_bytes / 2 ** 20).toFixed(1)})`,
    ]);
  }
  const r = st.ratios;
  if (r.cold) {
    const kind = (name) => st.apps.find((a) => a.name === name).kind;
    const x = (v) => `${v.ratio.toFixed(2)}× (${kind(v.best)})`;
    rows.push(['ours / best peer (which)', x(r.cold), x(r.warm), x(r.slow_4g_cold), x(r.first_visit_gzip), x(r.heap)]);
  }
  const f = st.floor_ratios;
  if (f && f.cold) {
    const kind = (name) => st.apps.find((a) => a.name === name).kind;
    const x = (v) => `${v.ratio.toFixed(2)}× (${kind(v.best)})`;
    rows.push(['floor / best peer (which)', x(f.cold), x(f.warm), x(f.slow_4g_cold), x(f.first_visit_gzip), x(f.heap)]);
  }
  const w = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  return rows.map((row) => '  ' + row.map((v, c) => (c ? v.padStart(w[c]) : v.padEnd(w[c]))).join('  ')).join('\n');
}

// ---- main --------------------------------------------------------------------------------

const result = { dist: DIST, cpu_throttling: THROTTLE, size: sizes() };
const kb = (n) => (n / 1024).toFixed(1);
console.log(`size (raw / gzip / brotli bytes), ${DIST}:`);
for (const r of result.size.files) {
  console.log(`  ${r.file.padEnd(44)} ${String(r.raw).padStart(9)} ${String(r.gzip).padStart(8)} ${String(r.br).padStart(8)}  ${r.by}`);
}
const { page: pg, total } = result.size;
console.log(`  page load, each file once: ${kb(pg.raw)} KB raw, ${kb(pg.gzip)} KB gzip, ${kb(pg.br)} KB brotli; target ≤ 400 KB gzip`);
console.log(`  every file once (with the precache): ${kb(total.raw)} KB raw, ${kb(total.gzip)} KB gzip, ${kb(total.br)} KB brotli; target ≤ 700 KB gzip`);

const startupOnly = args.only === 'startup';
if (!startupOnly) {
  result.transfer = await transfer();
  console.log('first visit as transferred (counted at the server, service worker included):');
  for (const t of result.transfer) {
    console.log(
      `  ${t.encodings.padEnd(8)} ${kb(t.bytes).padStart(8)} KB in ${t.bodies} bodies (${t.requests} requests, ${t.not_modified} × 304); ` +
        `wasm sent ${t.wasm_downloads}× (${kb(t.wasm_bytes)} KB) — target once: ${t.wasm_downloads === 1 ? 'met' : 'NOT MET'}`
    );
  }
}

if (args['size-only'] !== 'true') {
  const srv = await server();
  try {
    if (!startupOnly) {
      result.speed = await speed(srv.url);
      console.log(`speed (${THROTTLE}× CPU throttling):`);
      for (const [k, v] of Object.entries(result.speed)) console.log(`  ${k}: ${JSON.stringify(v)}`);
    }
    if (args.only === undefined || startupOnly) {
      result.startup = await startup(srv.url, PEERS_DIR);
      const st = result.startup;
      console.log(
        `start-up beside the peers (${THROTTLE}× CPU, ${VIEWPORT.width}×${VIEWPORT.height}, median of ${RUNS} runs, ` +
          `Slow 4G of ${st.slow_4g.runs}; peers from ${PEERS_DIR || '(none given)'}):`
      );
      console.log(startupTable(st));
      for (const m of st.missing) console.log(`  not measured: ${m.name} (${m.repo}): ${m.reason}`);
    }
  } finally {
    srv.stop();
  }
}
if (args.out) writeFileSync(args.out, JSON.stringify(result, null, 2) + '\n');
