#!/usr/bin/env node
// Size and speed figures of a release build (issue 9 items 4 and 5), printed and written as
// JSON.  Run by scripts/bench.sh; by hand:
//
//   node scripts/bench-web.mjs --dist /tmp/dist-bench --match /tmp/match-1000.json \
//        [--list-match /tmp/match-24.json --list 300 [--only home-list]] \
//        [--out figures.json] [--runs 7] [--commits 20] [--throttle 4]
//
// Size: gzip -9 bytes of every file the first visit downloads — the page's own requests
// (index.html, boot script, JS, wasm, CSS, manifest, icon, sw-register.js) and what the
// service worker then precaches (every file of the build, sw.js included).
//
// Speed, in headless Chromium (/usr/bin/chromium) with the CPU slowed down N× through the
// DevTools protocol (Emulation.setCPUThrottlingRate):
// * navigation → first usable screen (home list shown, then the next animation frame),
//   cold (new profile: no HTTP cache, no service worker) and from the service-worker cache;
// * navigation → a stored match of 1,000 hands shown (every history row rendered), from the
//   service-worker cache;
// * navigation → the home list of --list stored matches (copies of --list-match under
//   their own ids) shown, from the service-worker cache (a profile of its own); the
//   first start after the copies are written (no index rows yet) is reported apart, and
//   so is the time at which every match has been read and validated (the app's User
//   Timing mark `referee:matches-read`; the list is shown before, from the index rows);
// * commit on that match: click on #commit → the next animation frame after #scoreboard's
//   text changed (MutationObserver, then requestAnimationFrame), median of N commits; and
//   click → the animation frame after the new row is in #history (the history and the
//   level chart are drawn one frame after the scoreboard).
// Times are the page's own performance.now() (ms since navigation start / since the click).

import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

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
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function sizes() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  // What the page itself asks for: every src/href of index.html.
  const pageUrls = new Set(['/index.html']);
  for (const m of html.matchAll(/\b(?:src|href)\s*=\s*"([^"]+)"/g)) {
    if (m[1].startsWith('/')) pageUrls.add(m[1].split('?')[0]);
  }
  // The JS glue loads the wasm (same stem).
  const files = walk(DIST).map((p) => '/' + relative(DIST, p).split('\\').join('/'));
  for (const f of files) if (f.endsWith('.wasm')) pageUrls.add(f);
  const rows = files
    .map((f) => {
      const buf = readFileSync(join(DIST, f));
      return {
        file: f,
        raw: buf.length,
        gzip: gzipSync(buf, { level: 9 }).length,
        by: pageUrls.has(f) ? 'page' : 'service worker',
      };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const sum = (rs, k) => rs.reduce((s, r) => s + r[k], 0);
  const page = rows.filter((r) => r.by === 'page');
  return {
    files: rows,
    page: { raw: sum(page, 'raw'), gzip: sum(page, 'gzip') },
    total: { raw: sum(rows, 'raw'), gzip: sum(rows, 'gzip') },
    target_gzip: 250 * 1024,
  };
}

// ---- server ------------------------------------------------------------------------------

async function server() {
  const child = spawn(process.execPath, ['scripts/server.mjs', '--dir', DIST, '--host', '127.0.0.1', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
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
  return { url, stop: () => child.kill('SIGKILL') };
}

// ---- speed -------------------------------------------------------------------------------

// In every page before its scripts: note when the home list (or a match's history) is in
// the DOM, then the next frame.
function probe() {
  window.__marks = {};
  const mark = (name) => {
    if (window.__marks[name] !== undefined) return;
    window.__marks[name] = -1;
    requestAnimationFrame(() => (window.__marks[name] = performance.now()));
  };
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

async function waitMark(page, name) {
  await page.waitForFunction((n) => window.__marks && window.__marks[n] > 0, name, { timeout: 300_000 });
  return page.evaluate((n) => window.__marks[n], name);
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
      await page.goto(base + '/');
      cold.push(await waitMark(page, 'home'));
      await context.close();
    }
    out.first_screen_cold_ms = { median: round1(median(cold)), runs: cold.map(round1) };

    // From the service-worker cache: one profile, the worker installed and in control.
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    await context.addInitScript(probe);
    const page = await context.newPage();
    page.setDefaultTimeout(300_000);
    page.setDefaultNavigationTimeout(300_000);
    await page.goto(base + '/');
    await waitMark(page, 'home');
    await swReady(page);
    await throttled(context, page);
    const warm = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(base + '/');
      if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) throw new Error('no service worker in control');
      warm.push(await waitMark(page, 'home'));
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
        await page.goto(base + '/');
        home.push(await waitMark(page, 'home'));
      }
      out.first_screen_sw_cache_with_1000_hands_ms = { median: round1(median(home)), runs: home.map(round1) };
      // Open the stored match directly.
      const load = [];
      await page.addInitScript((n) => (window.__wantRows = n), hands);
      for (let i = 0; i < BIG_RUNS; i++) {
        await page.goto(base + '/about');
        await page.goto(`${base}/match/${match.id}`);
        load.push(await waitMark(page, 'match'));
      }
      out.load_match_1000_hands_ms = { hands, median: round1(median(load)), runs: load.map(round1) };

      // Commit → paint, COMMITS times on the open match (fewer, at least 3, when they are
      // so slow that COMMITS would take more than ~3 minutes).
      const commits = [];
      const reacts = [];
      const settled = [];
      const budget = Date.now() + 180_000;
      for (let i = 0; i < COMMITS && (i < 3 || Date.now() < budget); i++) {
        await page.fill('#points', '85');
        await page.locator('#points').dispatchEvent('change');
        await page.waitForFunction(() => document.querySelector('#points').value === '85');
        await page.evaluate(() => {
          const sb = document.querySelector('#scoreboard');
          const before = sb.textContent;
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
      }
      out.commit_to_paint_ms = {
        hands_before: hands,
        hands_after: hands + commits.length,
        median: round1(median(commits)),
        max: round1(Math.max(...commits)),
        dom_updated_median: round1(median(reacts)),
        runs: commits.map(round1),
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
  await page.goto(base + '/');
  await waitMark(page, 'home');
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
  // When every match has been read and validated (the app marks it; the list is shown
  // before, from the index rows). Builds without the mark read them before the list: null.
  const matchesRead = () =>
    page
      .waitForFunction(() => performance.getEntriesByName('referee:matches-read')[0]?.startTime, null, { timeout: 30_000 })
      .then((h) => h.jsonValue(), () => null);
  const load = async () => {
    await page.goto(base + '/');
    const home = await waitMark(page, 'home');
    const read = await matchesRead();
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

// ---- main --------------------------------------------------------------------------------

const result = { dist: DIST, cpu_throttling: THROTTLE, size: sizes() };
const kb = (n) => (n / 1024).toFixed(1);
console.log(`size (gzip -9 / raw bytes), ${DIST}:`);
for (const r of result.size.files) {
  console.log(`  ${r.file.padEnd(44)} ${String(r.gzip).padStart(8)} ${String(r.raw).padStart(9)}  ${r.by}`);
}
console.log(`  page load total: ${kb(result.size.page.gzip)} KB gzip (${kb(result.size.page.raw)} KB raw)`);
console.log(`  first visit total (with precache): ${kb(result.size.total.gzip)} KB gzip (${kb(result.size.total.raw)} KB raw); target < 250 KB`);

if (args['size-only'] !== 'true') {
  const srv = await server();
  try {
    result.speed = await speed(srv.url);
  } finally {
    srv.stop();
  }
  console.log(`speed (${THROTTLE}× CPU throttling):`);
  for (const [k, v] of Object.entries(result.speed)) console.log(`  ${k}: ${JSON.stringify(v)}`);
}
if (args.out) writeFileSync(args.out, JSON.stringify(result, null, 2) + '\n');
