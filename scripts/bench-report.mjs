#!/usr/bin/env node
// Turns the figures of scripts/bench.sh into bench/latest.md and README.md's
// "## Benchmarks" section (only that section is rewritten).
//
//   node scripts/bench-report.mjs --web web.json --criterion criterion.log --renju renju.log \
//        [--wasm-top wasm-top.json] --date 2025-01-01 --commit abc1234 --out bench/latest.md \
//        [--readme README.md]
//
// --wasm-top: scripts/wasm-top.mjs --json of the release wasm with its names kept (what is
// large in it, by section, crate and function).  The web figures' `startup` (ours beside the
// peers, bench-web.mjs) becomes a section of its own and, with --readme, rows of the README
// table (the ratios ours / best peer against the start-up targets).  Every part is optional:
// a run of the start-up comparison alone (BENCH_ONLY=startup) gives the sizes and that.

import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => {
    if (a.startsWith('--')) acc.push([a.slice(2), all[i + 1]]);
    return acc;
  }, [])
);
const web = JSON.parse(readFileSync(args.web, 'utf8'));
const crit = existsSync(args.criterion || '') ? readFileSync(args.criterion, 'utf8') : '';
const renju = existsSync(args.renju || '') ? readFileSync(args.renju, 'utf8') : '';
const top = existsSync(args['wasm-top'] || '') ? JSON.parse(readFileSync(args['wasm-top'], 'utf8')) : null;

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ok = (good) => (good ? 'met' : '**not met**');
// A target in whole KB.
const kbT = (n) => `${Math.round(n / 1024)} KB`;

// ---- criterion: "id  time: [lo mid hi]" (the id may be on the line before) -------------
function criterion(text) {
  const out = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].match(/^(\S*)\s*time:\s+\[(\S+) (\S+) (\S+) (\S+) (\S+) (\S+)\]/);
    if (!m) continue;
    const id = m[1] || lines[i - 1].trim();
    out.push({ id, mid: `${m[4]} ${m[5]}`, lo: `${m[2]} ${m[3]}`, hi: `${m[6]} ${m[7]}` });
  }
  return out;
}
const toMs = (s) => {
  const [v, u] = s.split(' ');
  return Number(v) * { ns: 1e-6, 'µs': 1e-3, us: 1e-3, ms: 1, s: 1000 }[u];
};
const benches = criterion(crit);

let chromium = '';
try {
  chromium = execFileSync(process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH || '/usr/bin/chromium', ['--version'])
    .toString()
    .trim();
} catch {
  chromium = 'chromium (version unknown)';
}
const machine = `${cpus()[0]?.model?.trim() || 'unknown CPU'}, ${cpus().length} cores (load average ${loadavg()
  .map((x) => x.toFixed(1))
  .join(' ')} when the report was written); ${chromium}; node ${process.version}`;

const s = web.size;
const sp = web.speed || {};
const speedRows = [
  ['First usable screen, cold (new profile)', sp.first_screen_cold_ms, ''],
  ['First usable screen, from the service-worker cache', sp.first_screen_sw_cache_ms, '< 1000 ms'],
  ['First usable screen, SW cache, a 1,000-hand match stored', sp.first_screen_sw_cache_with_1000_hands_ms, ''],
  ['Open a stored match of 1,000 hands (newest 50 rows shown), SW cache', sp.load_match_1000_hands_ms, '< 300 ms'],
  ['… opened from home: a tap on its line → shown (home shown and every match read first)', sp.open_from_home_1000_hands_ms, ''],
  ['Commit a hand → next paint, 1,000 hands in the match (median)', sp.commit_to_paint_ms, '< 16 ms'],
  ['… the click → the next frame presented (its Event Timing duration, what INP measures; 8 ms steps)', sp.commit_to_paint_ms && sp.commit_to_paint_ms.presented_median !== undefined ? { median: sp.commit_to_paint_ms.presented_median, runs: sp.commit_to_paint_ms.presented_runs.map((x) => x ?? '< 16') } : null, ''],
  ['Commit a hand → the new history row and the chart painted (one frame after the scoreboard)', sp.commit_to_paint_ms && sp.commit_to_paint_ms.history_row_median !== undefined ? { median: sp.commit_to_paint_ms.history_row_median, runs: sp.commit_to_paint_ms.history_row_runs } : null, ''],
  [`Home list of ${sp.home_list_ms ? sp.home_list_ms.matches : 300} stored matches (${sp.home_list_ms ? sp.home_list_ms.hands_each : 24} hands each), SW cache`, sp.home_list_ms, '< 500 ms'],
  ['… then every one of them read and validated (after the list is shown)', sp.home_list_ms && sp.home_list_ms.all_read_median != null ? { median: sp.home_list_ms.all_read_median, runs: sp.home_list_ms.all_read_runs } : null, ''],
];
const target = (label, v) => {
  if (!v) return '';
  if (label.startsWith('< 1000')) return ok(v.median < 1000);
  if (label.startsWith('< 16')) return ok(v.median < 16);
  if (label.startsWith('< 300')) return ok(v.median < 300);
  if (label.startsWith('< 500')) return ok(v.median < 500);
  return '';
};

let md = `# Benchmarks — ${args.date}, commit ${args.commit}\n\n`;
md += `Written by \`scripts/bench.sh\`. Machine: ${machine}.\n\n`;
md += `## Size: the files of the build\n\n`;
md += `Release build (\`opt-level = "z"\`, LTO, one codegen unit, \`panic = "abort"\`, wasm-opt -Oz from npm binaryen). gzip and brotli: the precompressed forms \`scripts/sw-build.mjs\` writes next to each text or wasm file (gzip -9, brotli 11) and \`scripts/server.mjs\` sends; the PNGs are sent as they are. "page" = requested by the page itself before home is usable (the page load); "page, after home is painted" = 简体中文's strings outside the start-up screens (\`src/i18n/start-keys.txt\`), read once home is shown; "service worker" = only by its precache.\n\n`;
md += `| file | raw bytes | gzip bytes | brotli bytes | fetched by |\n|---|---:|---:|---:|---|\n`;
for (const r of s.files) md += `| \`${r.file}\` | ${r.raw} | ${r.gzip} | ${r.br ?? ''} | ${r.by} |\n`;
md += `| **page load** | ${s.page.raw} | **${s.page.gzip}** (${kb(s.page.gzip)}) | ${s.page.br !== undefined ? `${s.page.br} (${kb(s.page.br)})` : ''} | |\n`;
md += `| **every file once** | ${s.total.raw} | **${s.total.gzip}** (${kb(s.total.gzip)}) | ${s.total.br !== undefined ? `**${s.total.br}** (${kb(s.total.br)})` : ''} | |\n\n`;
// Issue 20's size targets (bench-web.mjs \`targets\`); a report of an older run has none.
const tg = s.targets || { first_visit_gzip: 700 * 1024, page_gzip: 400 * 1024 };
const gzipVisit = (web.transfer || []).find((t) => t.encodings === 'gzip');
const visitGzip = gzipVisit ? gzipVisit.bytes : s.total.gzip;
md += `Targets: what the home screen needs before it is usable (the page load) ≤ ${kbT(tg.page_gzip)} gzip — ${kb(s.page.gzip)}: ${ok(s.page.gzip <= tg.page_gzip)}; everything a first visit transfers (the service worker's precache included${gzipVisit ? ', as counted at a gzip-only server below' : ', each file once'}) ≤ ${kbT(tg.first_visit_gzip)} gzip — ${kb(visitGzip)}: ${ok(visitGzip <= tg.first_visit_gzip)}. The floor of the second on this stack is in [bench/size-floor.md](size-floor.md).\n\n`;
const tr = web.transfer || [];
const trLabel = { 'br,gzip': 'brotli or gzip (what Chromium gets here)', gzip: 'gzip only (a host without brotli)', identity: 'uncompressed' };
if (tr.length) {
  md += `## Transfer: a first visit as counted at the server\n\n`;
  md += `New profile (no HTTP cache, no service worker), until the service worker controls the page (its precache complete); every request, the worker's included, counted by \`scripts/server.mjs\` (\`SERVER_LOG\`), body bytes. The server is told which forms to send (\`--encodings\`).\n\n`;
  md += `| server sends | bytes transferred | bodies | requests (304) | wasm sent | target: wasm once |\n|---|---:|---:|---:|---:|---|\n`;
  for (const t of tr) {
    md += `| ${trLabel[t.encodings] || t.encodings} | **${t.bytes}** (${kb(t.bytes)}) | ${t.bodies} | ${t.requests} (${t.not_modified}) | ${t.wasm_downloads}× | ${ok(t.wasm_downloads === 1)} |\n`;
  }
  md += '\n';
}
if (top) {
  const pct = (n) => `${((100 * n) / top.shipped_bytes).toFixed(1)}%`;
  md += `## What is large in the wasm (\`scripts/wasm-top.mjs\`)\n\n`;
  md += `The release wasm built again with its names kept (\`wasm-opt -Oz -g\`, trunk's other options): ${top.shipped_bytes} bytes without the name section`;
  const shippedWasm = s.files.find((f) => f.file.endsWith('_bg.wasm'))?.raw;
  md += top.shipped_bytes === shippedWasm ? `, the same size as the benchmarked build's wasm.\n\n` : ` — **not** the ${shippedWasm} bytes of the benchmarked build: these figures are of another build.\n\n`;
  md += `| section | bytes | share |\n|---|---:|---:|\n`;
  for (const x of top.sections.filter((x) => x.label !== 'custom "name"' && x.size >= 1024)) md += `| ${x.label} | ${x.size} | ${pct(x.size)} |\n`;
  md += `\n| crate (code bytes of its functions) | bytes | share | functions |\n|---|---:|---:|---:|\n`;
  for (const c of top.crates.slice(0, 15)) md += `| \`${c.crate}\` | ${c.size} | ${pct(c.size)} | ${c.functions} |\n`;
  md += `\n| largest functions | bytes | share |\n|---|---:|---:|\n`;
  for (const f of top.functions.slice(0, 15)) md += `| \`${f.name.replace(/\|/g, '\\|')}\` | ${f.size} | ${pct(f.size)} |\n`;
  md += '\n';
}
if (web.speed) {
  md += `## Speed in headless Chromium, ${web.cpu_throttling}× CPU throttling (DevTools protocol)\n\n`;
  md += `Times from the page's \`performance.now()\`: navigation start (or the click on \`#commit\`) → the animation frame after the screen is in the DOM, noted by a script the page runs before its own and said as a console message, so that nothing is evaluated in the page while it loads. Median of the runs.\n\n`;
  md += `| figure | median | runs (ms) | target |\n|---|---:|---|---|\n`;
  for (const [label, v, t] of speedRows) {
    if (!v) continue;
    md += `| ${label} | ${v.median} ms | ${v.runs.join(', ')} | ${t ? `${t}: ${target(t, v)}` : ''} |\n`;
  }
  if (sp.commit_to_paint_ms) {
    const c = sp.commit_to_paint_ms;
    md += `\nCommit: ${c.hands_before} → ${c.hands_after} hands; DOM updated after ${c.dom_updated_median} ms (median), slowest commit → paint ${c.max} ms.\n`;
  }
  if (sp.home_list_ms && sp.home_list_ms.first_start_without_index_ms !== undefined) {
    const h = sp.home_list_ms;
    md += `\nHome list: the matches are written behind the app's back, so the first start has no index rows and reads all ${h.matches} before showing the list (${h.first_start_without_index_ms} ms; not in the median); the app writes each match's row with the match from then on.\n`;
  }
  md += '\n';
}
// ---- start-up beside the peers (bench-web.mjs `startup`) ---------------------------------
const st = web.startup;
const ratioTarget = (r) => (r ? `≤ 1.0×: ${ok(r.ratio <= 1.0)} (stretch ≤ 0.8×: ${ok(r.ratio <= 0.8)})` : '');
const oursSt = st && st.apps[0];
if (st) {
  const mb = (n) => (n / 2 ** 20).toFixed(1);
  const n4g = st.slow_4g;
  md += `## Start-up beside the peers (${st.cpu_throttling}× CPU, ${st.viewport.width}×${st.viewport.height})\n\n`;
  md += `Ours and the two JS score-keepers issue 20 compares with, in the same run and the same way: each build served by \`scripts/server.mjs\` on loopback (brotli/gzip forms made as ours are; vite's hashed \`/assets/\` names immutable as ours), headless Chromium. Time: navigation start → the animation frame after the first usable screen is in the DOM (ours: the home list; the React peer: its level digits; the vanilla one: its ranking slots), median of ${st.runs} runs alternating between the apps. Cold = new profile; warm = later loads in one profile (the service worker's cache where the app has one, else the HTTP cache), each page left to go quiet (no request for 0.5 s, then 1 s) before the next app's load is timed, and throttled only while its own load is timed (an idle page under DevTools CPU throttling keeps a core busy and would take the CPU from the load being timed). Slow 4G = cold on Chrome DevTools' "Slow 4G" preset (\`Network.emulateNetworkConditions\`: ${n4g.downloadThroughput} B/s down, ${n4g.uploadThroughput} B/s up, ${n4g.latency} ms latency) and the same CPU throttling, median of ${n4g.runs}. First visit: every body a gzip-only server sent (service worker included) until the page was quiet. Heap: JS heap used after a GC once the cold load is quiet, plus our wasm's linear memory.\n\n`;
  md += `| app | usable = | cold | warm | Slow 4G cold | first visit gzip | heap (JS + wasm) |\n|---|---|---:|---:|---:|---:|---:|\n`;
  for (const a of st.apps) {
    const h = a.heap_after_load;
    const who = a.name === oursSt.name ? `**ours** (${a.kind})` : a.floor ? `stack floor: \`${a.repo}\` (${a.kind})` : `[${a.repo}](https://github.com/${a.repo}) (${a.kind})`;
    md += `| ${who} | ${a.usable} | ${a.cold_ms.median} ms | ${a.warm_ms.median} ms (${a.warm_ms.service_worker ? 'SW' : 'HTTP cache'}) | ${a.slow_4g_cold_ms.median} ms | ${kb(a.first_visit_gzip.bytes)} | ${mb(h.js_bytes + h.wasm_bytes)} MB (${mb(h.js_bytes)} + ${mb(h.wasm_bytes)}) |\n`;
  }
  const r = st.ratios;
  if (r.cold) {
    const x = (v) => `${v.ratio.toFixed(2)}× (${v.best})`;
    md += `| **ours / best peer** | | **${x(r.cold)}** | **${x(r.warm)}** | ${x(r.slow_4g_cold)} | ${x(r.first_visit_gzip)} | ${x(r.heap)} |\n`;
  }
  const f = st.floor_ratios;
  if (f && f.cold) {
    const x = (v) => `${v.ratio.toFixed(2)}× (${v.best})`;
    md += `| stack floor / best peer | | ${x(f.cold)} | ${x(f.warm)} | ${x(f.slow_4g_cold)} | ${x(f.first_visit_gzip)} | ${x(f.heap)} |\n`;
  }
  md += `\nRuns (ms): ${st.apps.map((a) => `${a.name} cold ${a.cold_ms.runs.join(', ')}; warm ${a.warm_ms.runs.join(', ')}; Slow 4G ${a.slow_4g_cold_ms.runs.join(', ')}`).join('. ')}.\n\n`;
  md += `Targets, ours / best peer: cold ${r.cold ? ratioTarget(r.cold) : '— no peer measured'}; warm ${r.warm ? ratioTarget(r.warm) : '— no peer measured'}. Ours cold on Slow 4G ≤ 3000 ms: ${ok(oursSt.slow_4g_cold_ms.median <= 3000)}.\n`;
  const fl = st.apps.find((a) => a.floor);
  if (fl) {
    md += `\nStack floor: \`${fl.repo}\` (built and written as a page by \`scripts/size-floor.sh\`): a Leptos 0.8 CSR router app with signals, gloo-storage and serde_json and no app code, ${kb(fl.first_visit_gzip.bytes)} gzip, served and timed as ours (usable = ${fl.usable}; no service worker, so warm = HTTP cache; its heap counts no wasm memory). Ours minus the floor is what the app's own code costs on this stack${f && f.cold ? `: cold ${Math.round(oursSt.cold_ms.median - fl.cold_ms.median)} ms, warm ${Math.round(oursSt.warm_ms.median - fl.warm_ms.median)} ms` : ''}.\n`;
  }
  for (const m of st.missing) md += `\nNot measured: ${m.repo} — ${m.reason}.\n`;
  md += '\n';
}
if (benches.length) {
  md += `## Native (criterion, release profile)\n\n`;
  md += `| benchmark | time (estimate) | 95% interval | per hand |\n|---|---:|---|---:|\n`;
  for (const b of benches) {
    const n = b.id.match(/^(?:replay|load_stored)_(\d+)_hands/);
    const per = n ? `${((toMs(b.mid) * 1000) / Number(n[1])).toFixed(2)} µs` : '';
    md += `| \`${b.id}\` | ${b.mid} | ${b.lo} – ${b.hi} | ${per} |\n`;
  }
  md += '\n';
}
const renjuLines = renju.split('\n').filter((l) => /^(\S.*stones|black lattice|  (judge|verdicts))/.test(l));
if (renjuLines.length) md += `### Renju judge (benches/renju.rs)\n\n\`\`\`\n${renjuLines.join('\n')}\n\`\`\`\n`;
writeFileSync(args.out, md);
console.log(md);

// ---- README section ------------------------------------------------------------------
// How to get the peers of the start-up rows (part of the section, which is rewritten whole).
const PEERS_HOWTO =
  'The start-up rows compare ours with two JS score-keepers on GitHub, ' +
  '[CoolVance/guandan-scoreboard](https://github.com/CoolVance/guandan-scoreboard) (React) and ' +
  '[xingfanxia/guandan_calc](https://github.com/xingfanxia/guandan_calc) (vanilla JS). ' +
  'To include them, check each out as `../peers/<name>` next to this repository (or under the directory ' +
  'named by `BENCH_PEERS`) and build it there with `npm ci && npm run build` (each writes its `dist/`); ' +
  'their code and builds are never committed here, and a peer not found is named in `bench/latest.md` and left out. ' +
  '`BENCH_ONLY=startup bash scripts/bench.sh` runs this comparison alone (reusing `$BENCH_DIST`).\n\n';
if (args.readme) {
  const pick = (id) => benches.find((b) => b.id === id)?.mid || '—';
  let sec = `## Benchmarks\n\n`;
  sec += `Latest figures (${args.date}, commit ${args.commit}); details in [bench/latest.md](bench/latest.md), `;
  sec += `produced by \`bash scripts/bench.sh\` (not part of the tests).\n\n`;
  sec += PEERS_HOWTO;
  sec += `| figure | value | target |\n|---|---:|---|\n`;
  const visit = (enc) => tr.find((t) => t.encodings === enc);
  if (visit('br,gzip')) {
    const v = visit('br,gzip');
    sec += `| First visit as transferred, brotli (counted at the server, service worker included) | ${kb(v.bytes)} | |\n`;
  }
  const gz = visit('gzip');
  const gzBytes = gz ? gz.bytes : s.total.gzip;
  sec += `| First visit as transferred, gzip only${gz ? '' : ' (each file once)'} | ${kb(gzBytes)} | ≤ ${kbT(tg.first_visit_gzip)}: ${ok(gzBytes <= tg.first_visit_gzip)} |\n`;
  sec += `| … what the home screen needs before it is usable (the page load, gzip) | ${kb(s.page.gzip)} | ≤ ${kbT(tg.page_gzip)}: ${ok(s.page.gzip <= tg.page_gzip)} |\n`;
  if (visit('br,gzip')) sec += `| … the wasm sent (first visit) | ${visit('br,gzip').wasm_downloads}× | once: ${ok(visit('br,gzip').wasm_downloads === 1)} |\n`;
  const wasm = s.files.find((f) => f.file.endsWith('_bg.wasm'));
  const size = (f) => `${kb(f.br ?? f.gzip)} ${f.br !== undefined ? 'brotli, ' : ''}${kb(f.gzip)} gzip (${kb(f.raw)} raw)`;
  if (wasm) sec += `| … of which the main wasm (all the home screen needs) | ${size(wasm)} | |\n`;
  // The lazy pages' chunks (scripts/split-build.mjs), fetched by the service worker's precache.
  const chunks = s.files.filter((f) => f.file.endsWith('.wasm') && f !== wasm);
  if (chunks.length) {
    const total = ['raw', 'gzip', 'br'].reduce((t, k) => ({ ...t, [k]: chunks.reduce((n, f) => n + (f[k] ?? 0), 0) }), {});
    if (wasm.br === undefined) delete total.br;
    sec += `| … and the ${chunks.length} chunks of the other pages | ${size(total)} | |\n`;
  }
  if (top) {
    const share = (c) => `${c.crate} ${((100 * c.size) / top.shipped_bytes).toFixed(0)}%`;
    sec += `| Largest parts of the wasm (code by crate; data section ${((100 * (top.sections.find((x) => x.label === 'data')?.size || 0)) / top.shipped_bytes).toFixed(0)}%) | ${top.crates.slice(0, 5).map(share).join(', ')} | |\n`;
  }
  if (web.speed) {
    for (const [label, v, t] of speedRows) {
      if (v) sec += `| ${label} (${web.cpu_throttling}× CPU throttling) | ${v.median} ms | ${t ? `${t}: ${target(t, v)}` : ''} |\n`;
    }
  }
  if (st) {
    const r = st.ratios;
    const vs = (a, key) => `${a[key].median} ms`;
    if (r.cold) {
      const best = (v) => st.apps.find((a) => a.name === v.best);
      sec += `| First usable screen, cold, ours / best peer (${vs(oursSt, 'cold_ms')} vs ${best(r.cold).repo} ${vs(best(r.cold), 'cold_ms')}; ${st.cpu_throttling}× CPU, ${st.viewport.width}×${st.viewport.height}) | ${r.cold.ratio.toFixed(2)}× | ${ratioTarget(r.cold)} |\n`;
      sec += `| First usable screen, warm, ours / best peer (${vs(oursSt, 'warm_ms')} vs ${best(r.warm).repo} ${vs(best(r.warm), 'warm_ms')}) | ${r.warm.ratio.toFixed(2)}× | ${ratioTarget(r.warm)} |\n`;
      sec += `| First visit, gzip, ours / best peer (${kb(oursSt.first_visit_gzip.bytes)} vs ${best(r.first_visit_gzip).repo} ${kb(best(r.first_visit_gzip).first_visit_gzip.bytes)}) | ${r.first_visit_gzip.ratio.toFixed(2)}× | |\n`;
      const fl = st.apps.find((a) => a.floor);
      const f = st.floor_ratios;
      if (fl && f && f.cold) {
        sec += `| … the stack floor (a Leptos shell with no app code, \`${fl.repo}\`) / best peer, cold and warm (${vs(fl, 'cold_ms')}, ${vs(fl, 'warm_ms')}) | ${f.cold.ratio.toFixed(2)}×, ${f.warm.ratio.toFixed(2)}× | |\n`;
      }
    }
    sec += `| First usable screen, cold, DevTools "Slow 4G" (${st.cpu_throttling}× CPU) | ${oursSt.slow_4g_cold_ms.median} ms | ≤ 3000 ms: ${ok(oursSt.slow_4g_cold_ms.median <= 3000)} |\n`;
  }
  for (const g of ['shengji', 'guandan', 'doudizhu', 'sandayi']) {
    const id = benches.find((b) => b.id.endsWith(`/${g}`) && b.id.startsWith('replay_'))?.id;
    if (id) sec += `| Replay ${Number(id.match(/_(\d+)_/)[1]).toLocaleString('en')} hands, ${g} (native) | ${pick(id)} | |\n`;
  }
  const load = benches.find((b) => b.id.startsWith('load_stored_'));
  if (load) sec += `| Load + validate a stored 升级 match of ${Number(load.id.match(/_(\d+)_/)[1]).toLocaleString('en')} hands (native) | ${load.mid} | |\n`;
  const commit = benches.find((b) => b.id === 'commit_on_1000_hands/whole_commit_path');
  if (commit) sec += `| Commit path on 1,000 hands: load + append + store + replay (native) | ${commit.mid} | |\n`;
  const fast = benches.find((b) => b.id === 'commit_on_1000_hands/fast_commit_path');
  if (fast) sec += `| Commit on 1,000 hands, usual path: check + append + tail write + view extension (native) | ${fast.mid} | |\n`;
  const rj = benches.find((b) => b.id.startsWith('renju/verdicts_all_points_100'));
  if (rj) sec += `| Renju: verdicts of every empty point, 100 stones (native) | ${rj.mid} | |\n`;
  sec += '\n';
  const readme = readFileSync(args.readme, 'utf8');
  const start = readme.indexOf('## Benchmarks\n');
  if (start < 0) {
    writeFileSync(args.readme, readme.replace(/\n*$/, '\n\n') + sec);
  } else {
    const rest = readme.slice(start + 1);
    const next = rest.search(/\n## /);
    const end = next < 0 ? readme.length : start + 1 + next + 1;
    writeFileSync(args.readme, readme.slice(0, start) + sec + readme.slice(end));
  }
}
