// PWA shell tests on the release build (dist/): app start, service worker,
// manifest and icons, true offline (server stopped), no other origin, CSP, update.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, appendFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';

const APP_NAME = '裁判助手';

// Recorded in every page before any of its scripts run.
function instrument() {
  window.__cspViolations = [];
  document.addEventListener(
    'securitypolicyviolation',
    (e) => window.__cspViolations.push({ directive: e.effectiveDirective, blocked: e.blockedURI }),
    true
  );
  window.__appStarted = false;
  window.addEventListener('TrunkApplicationStarted', () => {
    window.__appStarted = true;
  });
  window.__swUpdateEvents = 0;
  window.addEventListener('sw-update-ready', () => {
    window.__swUpdateEvents += 1;
  });
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(instrument);
});

/** Waits until the wasm app has booted and shows its name. */
async function expectApp(page) {
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
  await expect(page.getByText(APP_NAME).first()).toBeVisible();
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
}

/** Waits until a service worker controls the page; returns its script URL. */
async function swControl(page) {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) =>
        navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true })
      );
    }
    return navigator.serviceWorker.controller.scriptURL;
  });
}

// The build under test (E2E_DIST serves another one, as playwright.config.mjs does).
const DIST = process.env.E2E_DIST || 'dist';

/**
 * A server of its own (a child process) that a test can kill.  `log`: every response
 * as {method, path, status, bytes, encoding} (scripts/server.mjs's SERVER_LOG lines).
 * `extra`: more of the server's arguments (`--spa-all`).
 */
async function ownServer(dir = DIST, extra = []) {
  const child = spawn(process.execPath, ['scripts/server.mjs', '--dir', dir, '--port', '0', ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, SERVER_LOG: '1' },
  });
  const log = [];
  let rest = '';
  child.stdout.on('data', (d) => {
    const lines = (rest + d).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      const m = line.match(/^(GET|HEAD) (\S+) (\d+) (\d+) (\S+) \d+ms$/);
      if (m) log.push({ method: m[1], path: m[2], status: Number(m[3]), bytes: Number(m[4]), encoding: m[5] });
    }
  });
  const url = await new Promise((ok, ko) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/at (http:\/\/\S+)/);
      if (m) ok(m[1]);
    });
    child.once('exit', (code) => ko(new Error(`server exited (${code}) before listening`)));
  });
  return {
    url,
    child,
    log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGKILL');
      await gone;
    },
  };
}

/** A plain HTTP GET: {status, headers, body (as sent, not decoded)}. */
function get(url, headers = {}) {
  return new Promise((ok, ko) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', ko);
    req.end();
  });
}

/** The precache list of the build's sw.js. */
function precacheList(sw) {
  return JSON.parse(sw.match(/const PRECACHE = (\[[\s\S]*?\]);/)[1]);
}

/** Resolves to the error code of a plain HTTP GET to url ('ECONNREFUSED' when down). */
function probe(url) {
  return new Promise((ok) => {
    const req = httpRequest(url, (res) => {
      res.resume();
      ok(`HTTP ${res.statusCode}`);
    });
    req.on('error', (e) => ok(e.code));
    req.setTimeout(3000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.end();
  });
}

function pngSize(buf) {
  expect(buf.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  return `${buf.readUInt32BE(16)}x${buf.readUInt32BE(20)}`;
}

test('the release build loads and shows the app, also on a deep link', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/');
  await expect(page).toHaveTitle(APP_NAME);
  expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
  await expectApp(page);
  // The server's SPA fallback: a first visit straight to an app path works too.
  await page.goto('/match/first-visit');
  await expectApp(page);
  expect(errors).toEqual([]);
});

test("once home has read the matches, the code of the match and new-match pages is fetched ahead of a tap, and only once", async ({ page }) => {
  await page.goto('/');
  await expectApp(page);
  await swControl(page);
  await page.click('#open-sample');
  await expect(page.locator('#commit')).toBeVisible();
  const href = new URL(page.url()).pathname;
  // Home again, served by the service worker from the start: no tap yet, the code comes.
  await page.goto('/');
  await expectApp(page);
  const routeFiles = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => /^\/split___(new_)?match_route_view_\d+-[0-9a-f]{16}\.wasm$/.test(p))
        .map((p) => p.replace(/_\d+-[0-9a-f]{16}\.wasm$/, ''))
        .sort()
    );
  const both = ['/split___match_route_view', '/split___new_match_route_view'];
  await expect.poll(routeFiles, { timeout: 15_000 }).toEqual(both);
  await page.click(`a.match-link[href="${href}"]`);
  await expect(page.locator('#commit')).toBeVisible();
  await page.goBack();
  await page.click('main a[href="/new"]');
  await expect(page).toHaveURL(/\/new$/);
  await expect(page.locator('button[data-game="guandan"]')).toBeVisible();
  expect(await routeFiles()).toEqual(both);
});

test('a service worker controls the page after one visit and precaches the build', async ({ page }) => {
  await page.goto('/');
  await expectApp(page);
  expect(await swControl(page)).toMatch(/\/sw\.js$/);

  const precache = precacheList(await (await page.request.get('/sw.js')).text());
  expect(precache).toContain('/index.html');
  expect(precache).toContain('/manifest.webmanifest');
  expect(precache.some((u) => /\.wasm$/.test(u))).toBe(true);
  expect(precache.some((u) => /^\/boot-[0-9a-f]{16}\.js$/.test(u))).toBe(true);

  const cached = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('referee-'));
    const cache = await caches.open(names[0]);
    return { names, urls: (await cache.keys()).map((r) => new URL(r.url).pathname) };
  });
  expect(cached.names).toHaveLength(1);
  expect(cached.urls.sort()).toEqual([...precache].sort());

  await page.reload();
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expectApp(page);
  expect(await page.evaluate(() => typeof window.__swApplyUpdate)).toBe('function');
  expect(await page.evaluate(() => window.__swUpdateReady)).toBe(false);
});

test('a first visit downloads each file once, the wasm and the text compressed', async ({ page }) => {
  const server = await ownServer();
  try {
    await page.goto(server.url);
    await expectApp(page);
    await swControl(page); // in control = installed: the precache is complete
    await page.waitForTimeout(1000); // time for a late duplicate to show up in the log
    const precache = precacheList(readFileSync(join(DIST, 'sw.js'), 'utf8'));
    const wasm = precache.find((u) => /\/referee-[0-9a-f]+_bg\.wasm$/.test(u));
    expect(wasm).toBeTruthy();
    const asked = server.log.filter((r) => r.path === wasm);
    expect(asked, `requests for ${wasm}`).toHaveLength(1);
    expect(asked[0].status).toBe(200);
    expect(['br', 'gzip']).toContain(asked[0].encoding);

    // No file's bytes are sent twice ('/' is index.html); the text forms are compressed.
    const file = (path) => (path === '/' ? '/index.html' : path.split('?')[0]);
    const sent = {};
    for (const r of server.log.filter((r) => r.status === 200)) {
      sent[file(r.path)] = (sent[file(r.path)] || 0) + 1;
      if (/\.(html|js|wasm|css|webmanifest)$/.test(file(r.path))) {
        expect(r.encoding, `encoding of ${r.path}`).not.toBe('identity');
      }
    }
    expect(Object.entries(sent).filter(([, n]) => n > 1)).toEqual([]);
  } finally {
    await server.stop();
  }
});

test('the server sends the precompressed forms and the caching a static host needs', async ({ baseURL }) => {
  const precache = precacheList(readFileSync(join(DIST, 'sw.js'), 'utf8'));
  // The app's main module (the first .wasm of the list can be a chunk of a few dozen bytes,
  // whose forms are kept though not smaller).
  const wasm = precache.find((u) => /\/referee-[0-9a-f]+_bg\.wasm$/.test(u));
  expect(wasm).toBeTruthy();
  const css = precache.find((u) => u.endsWith('.css'));
  const cases = [
    [wasm, 'public, max-age=31536000, immutable'],
    [css, 'public, max-age=31536000, immutable'],
    ['/index.html', 'no-cache'],
    ['/sw.js', 'no-cache'],
    ['/sw-register.js', 'no-cache'],
  ];
  for (const [path, cacheControl] of cases) {
    const raw = readFileSync(join(DIST, path));
    const etags = {};
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['identity', undefined, (b) => b],
      ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
    ]) {
      const r = await get(new URL(path, baseURL).href, { 'Accept-Encoding': accept });
      expect(r.status, `${path} (${accept})`).toBe(200);
      expect(r.headers['content-encoding'], `${path} (${accept})`).toBe(encoding);
      expect(r.headers.vary, path).toBe('Accept-Encoding');
      expect(r.headers['cache-control'], path).toBe(cacheControl);
      expect(decode(r.body).equals(raw), `${path} (${accept}) decodes to the file`).toBe(true);
      if (encoding) expect(r.body.length).toBeLessThan(raw.length);
      // Each form revalidates with its own ETag.
      etags[encoding || 'identity'] = r.headers.etag;
      const again = await get(new URL(path, baseURL).href, { 'Accept-Encoding': accept, 'If-None-Match': r.headers.etag });
      expect(again.status, `${path} (${accept}) revalidated`).toBe(304);
    }
    expect(new Set(Object.values(etags)).size, `${path}: one ETag per form`).toBe(3);
  }
  // An app path falls back to index.html, compressed and never cached for good.
  const deep = await get(new URL('/match/xyz', baseURL).href, { 'Accept-Encoding': 'br', Accept: 'text/html' });
  expect(deep.status).toBe(200);
  expect(deep.headers['content-encoding']).toBe('br');
  expect(deep.headers['cache-control']).toBe('no-cache');
});

test('the web manifest parses and its icons load', async ({ page }) => {
  await page.goto('/');
  const href = await page.getAttribute('link[rel="manifest"]', 'href');
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const m = JSON.parse(await res.text());
  expect(m.name).toBe(APP_NAME);
  expect(m.short_name).toMatch(/^裁判/);
  expect(m.lang).toBe('zh-CN');
  expect(m.display).toBe('standalone');
  expect(m.start_url).toBe('/');
  expect(m.scope).toBe('/');
  expect(m.theme_color).toMatch(/^#[0-9a-fA-F]{6}$/);
  expect(m.background_color).toMatch(/^#[0-9a-fA-F]{6}$/);
  expect(await page.getAttribute('meta[name="theme-color"]', 'content')).toBe(m.theme_color);

  const want = [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ];
  for (const [sizes, purpose] of want) {
    const icon = m.icons.find(
      (i) => i.sizes === sizes && (i.purpose || 'any').split(/\s+/).includes(purpose)
    );
    expect(icon, `icon ${sizes} ${purpose}`).toBeTruthy();
    const r = await page.request.get(new URL(icon.src, page.url()).href);
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toBe('image/png');
    expect(pngSize(await r.body())).toBe(sizes);
  }
});

test('offline: with the server stopped, reload and deep links still show the app', async ({ page }) => {
  const server = await ownServer();
  try {
    await page.goto(server.url);
    await expectApp(page);
    await swControl(page);

    await server.stop();
    expect(await probe(server.url)).toBe('ECONNREFUSED');

    await page.reload();
    await expectApp(page);
    for (const path of ['match/xyz', 'settings', 'match/xyz/round/3']) {
      await page.goto(server.url + path);
      await expectApp(page);
    }
  } finally {
    await server.stop();
  }
});

test('简体中文: the strings outside the start-up screens are read once home is painted; pages wait for them, offline too', async ({ page }) => {
  const server = await ownServer();
  const late = [];
  page.on('console', (m) => {
    if (m.text().includes('strings read late')) late.push(m.text());
  });
  try {
    await page.goto(server.url);
    await expectApp(page);
    await expect(page.locator('.match-list li, .home p.empty').first()).toBeVisible();
    const meta = await page.getAttribute('meta[name=referee-i18n]', 'content');
    const file = meta
      .split(';')
      .find((p) => p.startsWith('zh-CN='))
      .slice('zh-CN='.length);
    // Asked for by the page, once, after its first paint (not part of what home needs).
    await expect
      .poll(() => page.evaluate((f) => performance.getEntriesByName(new URL(f, location.href).href).length, file))
      .toBe(1);
    const [asked, painted] = await page.evaluate((f) => {
      const r = performance.getEntriesByName(new URL(f, location.href).href)[0];
      const p = performance.getEntriesByName('first-paint')[0];
      return [r.startTime, p ? p.startTime : 0];
    }, file);
    expect(painted).toBeGreaterThan(0);
    expect(asked).toBeGreaterThanOrEqual(painted);
    expect(server.log.filter((r) => r.path === file && r.status === 200).length).toBeGreaterThanOrEqual(1);

    // A page's own strings, in 简体中文.
    await page.locator('header.topbar a[href="/about"]').click();
    await expect(page.getByText('本机比赛数')).toBeVisible();

    // Offline, a deep link to a page draws its strings from the precache.
    await swControl(page);
    await server.stop();
    expect(await probe(server.url)).toBe('ECONNREFUSED');
    for (const [path, text] of [
      ['about', '本机比赛数'],
      ['new', '创建比赛'],
    ]) {
      await page.goto(server.url + path);
      await expectApp(page);
      await expect(page.getByText(text).first()).toBeVisible();
    }
    expect(late).toEqual([]);
  } finally {
    await server.stop();
  }
});

test('简体中文: a strings file that is cut short or cannot be read leaves pages unshown with a message, never keys', async ({ browser, baseURL }) => {
  // No service worker: the page's own requests meet the routes below.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const base = baseURL.replace(/\/$/, '') + '/';
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    d.accept();
  });
  const keyLike = /\b(new|about|rt|sb|pf|gd|settings)\.[a-z_]+/;
  for (const fail of ['cut', 'missing']) {
    await page.route('**/i18n/zh-CN-*.tsv', (r) =>
      fail === 'cut'
        ? r.fulfill({ status: 200, contentType: 'text/plain', body: 'new.create\t创建比赛\n' })
        : r.fulfill({ status: 404, body: 'not found' })
    );
    await page.goto(base);
    await ready(page);
    await expect(page.locator('.match-list li, .home p.empty').first()).toBeVisible();
    await page.click('#open-sample');
    await expect.poll(() => dialogs.length).toBeGreaterThan(0);
    expect(dialogs.pop()).toContain('未能读取');
    expect(page.url()).toBe(base);
    for (const path of ['about', 'new']) {
      await page.goto(base + path);
      await expect(page.locator('#strings-failed')).toBeVisible();
      expect(await page.locator('main').innerText()).not.toMatch(keyLike);
    }
    await page.unroute('**/i18n/zh-CN-*.tsv');
  }
  // Once the file is whole, the pages draw.
  await page.goto(base + 'about');
  await expect(page.getByText('本机比赛数')).toBeVisible();
  await context.close();
});

test("a page whose code cannot be fetched: tried again, then the page reloaded once; failing again, a message and the app goes on; for a page left meanwhile, nothing", async ({ browser, baseURL }) => {
  // No service worker: the page's own requests meet the route below.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const base = baseURL.replace(/\/$/, '') + '/';
  const aboutCode = /\/split___about_route_view_\d+-[0-9a-f]{16}\.wasm$/;
  await page.goto(base);
  await ready(page);
  await expect(page.locator('.match-list li, .home p.empty').first()).toBeVisible();

  // The About page's code is missing for a while (a build deployed meanwhile, a dropped
  // connection): asked for three times, then the page reloads at /about and shows it.
  let asked = 0;
  await page.route(aboutCode, (r) => (++asked <= 3 ? r.fulfill({ status: 404, body: 'gone' }) : r.continue()));
  await page.evaluate(() => (window.__beforeReload = true));
  const reloaded = page.waitForEvent('load');
  await page.click('header a[href="/about"]');
  await reloaded;
  await expect(page.getByText('本机比赛数')).toBeVisible();
  expect(asked).toBe(4);
  expect(page.url()).toBe(base + 'about');
  expect(await page.evaluate(() => window.__beforeReload)).toBeUndefined();
  await page.unroute(aboutCode);

  // Missing again within the minute: no second reload; the app says so and goes on.
  await page.goto(base);
  await ready(page);
  await page.route(aboutCode, (r) => r.fulfill({ status: 404, body: 'gone' }));
  await page.evaluate(() => (window.__beforeReload = true));
  await page.click('header a[href="/about"]');
  await expect(page.locator('#notice')).toContainText('这一页的程序未能读取');
  expect(await page.evaluate(() => window.__beforeReload)).toBe(true);
  await page.click('#notice-close');
  await page.click('header a.brand');
  await expect(page.locator('.match-list li, .home p.empty').first()).toBeVisible();

  // Gone on to another page before the tries are over: no reload, no message, for a page left.
  await page.evaluate(() => sessionStorage.clear());
  await page.click('header a[href="/about"]');
  await page.waitForTimeout(300);
  await page.click('header a.brand');
  await page.waitForTimeout(4000);
  expect(await page.evaluate(() => window.__beforeReload)).toBe(true);
  await expect(page.locator('#notice')).toHaveCount(0);
  expect(page.url()).toBe(base);
  expect(errors).toEqual([]);
  await context.close();
});

test('no request ever goes to another origin', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL).origin;
  const foreign = [];
  context.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) foreign.push(url);
  });
  await page.goto('/');
  await expectApp(page);
  await swControl(page);
  await page.reload();
  await expectApp(page);
  await page.goto('/settings');
  await expectApp(page);
  // Follow every in-app link once.
  const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href')));
  for (const href of hrefs.filter((h) => h.startsWith('/')).slice(0, 20)) {
    await page.goto(href);
    await expectApp(page);
  }
  await page.waitForTimeout(500);
  expect(foreign).toEqual([]);
});

test('the CSP forbids remote and inline scripts', async ({ page }) => {
  // The policy is an HTTP header (public/_headers, not a <meta>): the server's on the first
  // visit, the service worker's on the pages it serves from then on.
  for (const load of ['network', 'service worker']) {
    const res = load === 'network' ? await page.goto('/') : await page.reload();
    await expectApp(page);
    if (load === 'service worker') expect(res.fromServiceWorker()).toBe(true);
    expect(await page.$('meta[http-equiv="Content-Security-Policy"]')).toBeNull();
    const csp = res.headers()['content-security-policy'];
    expect(csp).toBeTruthy();
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBeTruthy();
    expect(scriptSrc).not.toMatch(/https?:|\*|'unsafe-inline'|'unsafe-eval'|data:/);
    // Only external scripts of this origin in the page (trunk's inline boot script was moved out).
    const inline = await page.$$eval('script:not([src])', (s) => s.filter((x) => x.textContent.trim()).length);
    expect(inline).toBe(0);

    const outcome = await page.evaluate(
      () =>
        new Promise((ok) => {
          const s = document.createElement('script');
          s.src = 'http://example.invalid/x.js';
          const done = (how) => ok({ how, violations: window.__cspViolations });
          document.addEventListener('securitypolicyviolation', () => setTimeout(() => done('violation'), 50), {
            once: true,
          });
          s.onload = () => done('loaded');
          setTimeout(() => done('timeout'), 5000);
          document.head.appendChild(s);
        })
    );
    expect(outcome.how).toBe('violation');
    expect(outcome.violations).toContainEqual({
      directive: 'script-src-elem',
      blocked: expect.stringContaining('example.invalid'),
    });

    const inlineRan = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true;';
      document.head.appendChild(s);
      await new Promise((r) => setTimeout(r, 100));
      return window.__inlineRan === true;
    });
    expect(inlineRan).toBe(false);
    if (load === 'network') await swControl(page);
  }
});

test('on a host that sends no CSP header the service worker adds it to the pages it serves', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'referee-dist-'));
  cpSync(DIST, dir, { recursive: true });
  rmSync(join(dir, '_headers'));
  const server = await ownServer(dir);
  try {
    const first = await page.goto(server.url);
    await expectApp(page);
    expect(first.headers()['content-security-policy']).toBeUndefined();
    await swControl(page);
    const csp = readFileSync(join(DIST, '_headers'), 'utf8').match(/^\s+Content-Security-Policy:\s*(.+)$/m)[1].trim();
    for (const path of ['', 'settings']) {
      const res = await page.goto(server.url + path);
      await expectApp(page);
      expect(res.fromServiceWorker()).toBe(true);
      expect(res.headers()['content-security-policy']).toBe(csp);
    }
    const blocked = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true;';
      document.head.appendChild(s);
      await new Promise((r) => setTimeout(r, 100));
      return window.__inlineRan !== true;
    });
    expect(blocked).toBe(true);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a new build is announced (sw-update-ready) and applied by __swApplyUpdate()', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'referee-dist-'));
  cpSync(DIST, dir, { recursive: true });
  const server = await ownServer(dir);
  try {
    await page.goto(server.url);
    await expectApp(page);
    await swControl(page);
    const before = await page.evaluate(() => caches.keys());
    expect(await page.evaluate(() => window.__swApplyUpdate())).toBe(false); // nothing waits yet

    // "Deploy" a new build: one file changes, sw-build.mjs writes a new sw.js.
    appendFileSync(join(dir, 'manifest.webmanifest'), '\n');
    execFileSync(process.execPath, ['scripts/sw-build.mjs', dir], { stdio: 'pipe' });

    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.waitForFunction(() => window.__swUpdateReady === true, null, { timeout: 30_000 });
    expect(await page.evaluate(() => window.__swUpdateEvents)).toBe(1);
    // The old version still serves the page until the user applies the update.
    expect(await page.evaluate(() => caches.keys())).toEqual(expect.arrayContaining(before));

    const reloaded = page.waitForEvent('load');
    expect(await page.evaluate(() => window.__swApplyUpdate())).toBe(true);
    await reloaded;
    await expectApp(page);
    const after = await page.evaluate(() => caches.keys());
    expect(after.filter((k) => k.startsWith('referee-'))).toHaveLength(1);
    expect(after).not.toEqual(before);
    expect(await page.evaluate(() => window.__swUpdateReady)).toBe(false);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a new build whose file the host answers with its page (a catch-all rewrite) is not installed: the version in force stays", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'referee-dist-'));
  cpSync(DIST, dir, { recursive: true });
  const server = await ownServer(dir, ['--spa-all']);
  try {
    await page.goto(server.url);
    await expectApp(page);
    await swControl(page);
    const before = await page.evaluate(() => caches.keys());

    // "Deploy" a new build, one of whose files did not reach the host: asked for, the
    // host's catch-all rewrite answers with index.html (200, text/html). An unhashed file:
    // the worker revalidates those (a hashed one may come from the HTTP cache, rightly).
    appendFileSync(join(dir, 'manifest.webmanifest'), '\n');
    execFileSync(process.execPath, ['scripts/sw-build.mjs', dir], { stdio: 'pipe' });
    const lost = '/icons/icon-512.png';
    expect(precacheList(readFileSync(join(dir, 'sw.js'), 'utf8'))).toContain(lost);
    for (const suffix of ['', '.br', '.gz']) rmSync(join(dir, lost + suffix), { force: true });
    const answer = await get(server.url + lost.slice(1));
    expect([answer.status, answer.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);

    const state = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg.update();
      const w = reg.installing || reg.waiting;
      if (!w) return 'no new worker';
      if (w.state !== 'installing') return w.state;
      return new Promise((ok) => w.addEventListener('statechange', () => w.state !== 'installing' && ok(w.state)));
    });
    expect(state).toBe('redundant');
    expect(await page.evaluate(() => window.__swUpdateReady === true)).toBe(false);
    expect(await page.evaluate(() => caches.keys())).toEqual(before);
    // The version in force still serves the app and the file, offline too.
    await server.stop();
    await page.goto(server.url + 'about');
    await expectApp(page);
    await expect(page.locator('section.page.about')).toBeVisible();
    expect(await page.evaluate(async (u) => (await fetch(u)).headers.get('content-type'), lost)).toBe('image/png');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
