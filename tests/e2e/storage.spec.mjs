// Storage and import edges of the release build:
//   storage full names the action that was not saved (undo, clock, event, settings, new
//   match, sample, import, the export mark), in the UI language; settings that could not
//   be saved say so; About shows localStorage against its quota; persist() is asked when
//   the first match is stored (or from About), never on start, its answer shown and a
//   rejection handled; the last export is recorded; imports refuse invalid UTF-8 naming
//   the byte offset; deep links with a dot in the last segment work online and offline.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';

const SAMPLE_ID = 'sample-chaodipi';

function instrument() {
  window.__appStarted = false;
  window.addEventListener('TrunkApplicationStarted', () => {
    window.__appStarted = true;
  });
  // Count the requests for persistent storage (the real call still goes through, unless
  // a test asks for a rejection with localStorage['__test.persist'] = 'reject').
  window.__persistCalls = 0;
  const sm = navigator.storage && Object.getPrototypeOf(navigator.storage);
  if (sm && sm.persist) {
    const real = sm.persist;
    sm.persist = function () {
      window.__persistCalls += 1;
      if (sessionStorage.getItem('__test.persist') === 'reject') {
        return Promise.reject(new DOMException('refused by the test', 'NotAllowedError'));
      }
      return real.call(this);
    };
  }
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(instrument);
});

async function started(page) {
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
}

/** Uncaught page errors (an unhandled rejection is one). */
function pageErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Every alert the page shows, accepted. */
function alerts(page) {
  const seen = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    d.accept();
  });
  return seen;
}

/** Fills localStorage to the last character with keys that are not the app's. */
async function fill(page) {
  const total = await page.evaluate(() => {
    let chunk = 'x'.repeat(1 << 20);
    let i = 0;
    let total = 0;
    while (chunk.length >= 1) {
      try {
        localStorage.setItem(`filler.${i}`, chunk);
        total += chunk.length;
        i += 1;
      } catch (e) {
        if (e.name !== 'QuotaExceededError') throw e;
        chunk = chunk.slice(0, Math.floor(chunk.length / 2));
      }
    }
    return total;
  });
  expect(total).toBeGreaterThan(100_000);
}

const unfill = (page) =>
  page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('filler.')) localStorage.removeItem(k);
  });

const appKeys = (page) =>
  page.evaluate(() => {
    const o = {};
    for (const k of Object.keys(localStorage)) if (k.startsWith('referee.')) o[k] = localStorage.getItem(k);
    return o;
  });

async function openSample(page) {
  await page.goto('/');
  await started(page);
  await page.click('#open-sample');
  await expect(page).toHaveURL(new RegExp(`/match/${SAMPLE_ID}$`));
  await expect(page.locator('#history li.hand-row').first()).toBeVisible();
}

/** Waits for the next alert after `action` and returns its text. */
async function nextAlert(page, seen, action) {
  const n = seen.length;
  await action();
  await expect.poll(() => seen.length).toBeGreaterThan(n);
  return seen[n];
}

/** An export file of one new 升级 match (taken from the sample, under another id). */
async function exportFileOfANewMatch(page) {
  return page.evaluate((id) => {
    const doc = JSON.parse(localStorage.getItem(`referee.match.${id}`));
    doc.match.id = 'imported-one';
    doc.match.title = '导入的比赛';
    return JSON.stringify({ schema_version: doc.schema_version, app: 'referee', kind: 'export', exported_ms: 1.8e12, matches: [doc.match] });
  }, SAMPLE_ID);
}

test('storage full: every message names what was not saved (undo, clock, event, new match, import), in the UI language', async ({ page }) => {
  const errors = pageErrors(page);
  const seen = alerts(page);
  await openSample(page);
  const file = await exportFileOfANewMatch(page);
  // The sample's tail is folded into its value, so that undo needs a write of its own.
  await fill(page);
  const before = await appKeys(page);

  // Undo on the match page.
  const undo = await nextAlert(page, seen, () => page.click('#undo'));
  expect(undo).toContain('存储已满');
  expect(undo).toContain('撤销未保存');
  expect(undo).not.toContain('本副');

  // The clock (the sample's is running: pause it).
  const clockButton = page.locator('#clock-start, #clock-pause, #clock-resume');
  await expect(clockButton).toHaveCount(1);
  const clock = await nextAlert(page, seen, () => clockButton.click());
  expect(clock).toContain('存储已满: 计时操作未保存');
  expect(clock).not.toContain('本副');

  // A new event.
  await page.goto('/events');
  await started(page);
  await page.fill('#ev-name', '健康杯');
  await page.click('#ev-create');
  await expect(page.locator('#ev-error')).toContainText('存储已满: 赛事的修改未保存');
  await expect(page.locator('#ev-error')).not.toContainText('本副');

  // A new match.
  await page.goto('/new');
  await started(page);
  const created = await nextAlert(page, seen, () => page.click('#create'));
  expect(created).toContain('存储已满: 新比赛未创建');
  expect(created).not.toContain('QuotaExceededError');

  // An import.
  await page.goto('/');
  await started(page);
  await page.setInputFiles('#import-file', { name: 'one.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await page.click('#import-confirm');
  await expect(page.locator('#import-error')).toContainText('存储已满: 导入未保存');
  await expect(page.locator('#import-error')).not.toContainText('QuotaExceededError');

  // In English too (the language chosen for this session): undo on the match page.
  await page.goto('/settings');
  await started(page);
  await page.click('button[data-lang="en"]');
  await page.click(`a[href="/"]`);
  await page.click(`a[href="/match/${SAMPLE_ID}"]`);
  const undoEn = await nextAlert(page, seen, () => page.click('#undo'));
  expect(undoEn).toContain('Storage is full: the undo was NOT saved');

  // Nothing of the app's changed; a reload is back in the saved language.
  expect(await appKeys(page)).toEqual(before);
  await page.reload();
  await started(page);
  expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
  expect(errors).toEqual([]);
});

test('storage full on export: the file is out, and the page says its time was not recorded', async ({ page }) => {
  const seen = alerts(page);
  await openSample(page);
  await page.goto('/');
  await started(page);
  await fill(page);
  const [download, exported] = await Promise.all([
    page.waitForEvent('download'),
    nextAlert(page, seen, () => page.click('#export-all')),
  ]);
  expect(download.suggestedFilename()).toMatch(/^referee-all-.*\.json$/);
  expect(exported).toContain('存储已满: 文件已导出, 但导出时间未能记下');
  // The page shows what is stored: "never", now and after a reload.
  await expect(page.locator('.io p.muted')).toContainText('从未');
  await unfill(page);
  await page.reload();
  await started(page);
  await expect(page.locator('.io p.muted')).toContainText('从未');
});

test('storage full on a language change: the page says the setting was not saved', async ({ page }) => {
  await page.goto('/settings');
  await started(page);
  await fill(page);
  await page.click('button[data-lang="en"]');
  // Said in the language just chosen, which holds for this session only.
  await expect(page.locator('#settings-error')).toContainText('Storage is full: the settings were NOT saved');
  expect(await page.getAttribute('html', 'lang')).toBe('en');
  await unfill(page);
  await page.reload();
  await started(page);
  expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
  // Once it can be saved, it is, and the message goes.
  await page.click('button[data-lang="en"]');
  await expect(page.locator('#settings-error')).toHaveCount(0);
  await page.reload();
  await started(page);
  expect(await page.getAttribute('html', 'lang')).toBe('en');
});

test('storage full before the sample is stored: the sample says it was not opened', async ({ page }) => {
  const seen = alerts(page);
  await page.goto('/');
  await started(page);
  await fill(page);
  const msg = await nextAlert(page, seen, () => page.click('#open-sample'));
  expect(msg).toContain('存储已满: 示例比赛未打开');
  expect(msg).not.toContain('QuotaExceededError');
  await expect(page).toHaveURL(/\/$/);
});

test('an export records its time, and a reload still shows it (regression check: the old build did this too when storage had room)', async ({ page }) => {
  const errors = pageErrors(page);
  await openSample(page);
  await page.goto('/');
  await started(page);
  const last = page.locator('.io p.muted');
  await expect(last).toContainText('从未');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-all')]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  await expect(last).not.toContainText('从未');
  await expect(last).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('referee.settings')).last_export_ms);
  expect(typeof stored).toBe('number');
  await page.reload();
  await started(page);
  await expect(last).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d/);
  // From a match page too.
  await page.goto(`/match/${SAMPLE_ID}`);
  await started(page);
  await Promise.all([page.waitForEvent('download'), page.click('#export-match')]);
  await page.goto('/about');
  await started(page);
  await expect(page.locator('dt:has-text("上次导出") + dd')).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d/);
  expect(errors).toEqual([]);
});

test('About: localStorage in use against its quota, and nearly full when it is', async ({ page }) => {
  await openSample(page);
  await page.goto('/about');
  await started(page);
  const used = page.locator('#storage-used');
  await expect(used).toContainText('本应用');
  await expect(used).toContainText('剩余');
  await expect(used).not.toContainText('MB');
  // The app's figure is the sum of its keys' and values' lengths.
  const chars = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('referee.'))
      .reduce((n, k) => n + k.length + localStorage.getItem(k).length, 0)
  );
  await expect(used).toContainText(`本应用 ${(chars / 1024).toFixed(1)} KB`);
  const quota = async () => Number((await used.textContent()).match(/\/ ([\d.]+) KB/)[1]);
  const q = await quota();
  expect(q).toBeGreaterThan(1000);
  expect(q).toBeLessThan(20 * 1024);
  await expect(page.locator('#storage-full')).toHaveCount(0);
  // The probe left nothing behind.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => !k.startsWith('referee.')))).toEqual([]);

  await fill(page);
  await page.goto('/about');
  await started(page);
  await expect(used).toContainText('剩余 0.0 KB');
  await expect(page.locator('#storage-full')).toBeVisible();
  expect(Math.abs((await quota()) - q)).toBeLessThan(4);
  await unfill(page);

  await page.goto('/settings');
  await page.click('button[data-lang="en"]');
  await page.goto('/about');
  await started(page);
  await expect(used).toContainText('This app');
  await expect(used).toContainText('free');
});

test('persist() is asked when the first match is stored, not on start; its answer is shown', async ({ page }) => {
  const errors = pageErrors(page);
  await page.goto('/');
  await started(page);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.__persistCalls)).toBe(0);
  await page.click('#open-sample');
  await expect(page).toHaveURL(new RegExp(`/match/${SAMPLE_ID}$`));
  await expect.poll(() => page.evaluate(() => window.__persistCalls)).toBe(1);
  // A second start with matches stored: not asked again.
  await page.goto('/');
  await started(page);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.__persistCalls)).toBe(0);
  await page.goto('/about');
  await started(page);
  await expect(page.locator('#persist-state')).toHaveText(/已授予|未授予/);
  expect(errors).toEqual([]);
});

test('a rejected persist() is handled: no page error, About says the request failed', async ({ page }) => {
  const errors = pageErrors(page);
  await page.goto('/about');
  await started(page);
  await page.evaluate(() => sessionStorage.setItem('__test.persist', 'reject'));
  await expect(page.locator('#persist-state')).toHaveText(/已授予|未授予/);
  if (await page.locator('#persist-ask').count()) {
    await page.click('#persist-ask');
    await expect(page.locator('#persist-error')).toContainText('请求失败');
    await expect(page.locator('#persist-error')).toContainText('NotAllowedError');
  }
  // The first match of the device asks too, and its rejection is no page error either.
  await page.goto('/');
  await started(page);
  await page.click('#open-sample');
  await expect(page).toHaveURL(new RegExp(`/match/${SAMPLE_ID}$`));
  await expect.poll(() => page.evaluate(() => window.__persistCalls)).toBe(1);
  await page.waitForTimeout(300);
  expect(errors).toEqual([]);
});

test('an import that is not valid UTF-8 is refused, naming the byte offset, and changes nothing', async ({ page }) => {
  await openSample(page);
  const file = await exportFileOfANewMatch(page);
  // "导入的比赛" with the second byte of 入 replaced by 0xFF.
  const good = Buffer.from(file);
  const at = good.indexOf(Buffer.from('入'));
  expect(at).toBeGreaterThan(0);
  const bad = Buffer.from(good);
  bad[at + 1] = 0xff;
  await page.goto('/');
  await started(page);
  const before = await appKeys(page);
  await page.setInputFiles('#import-file', { name: 'bad.json', mimeType: 'application/json', buffer: bad });
  const err = page.locator('#import-error');
  await expect(err).toContainText('bad.json');
  await expect(err).toContainText('UTF-8');
  await expect(err).toContainText(`${at}`);
  await expect(page.locator('#import-preview')).toHaveCount(0);
  expect(await appKeys(page)).toEqual(before);
  // The same file, valid: previewed (a byte-order mark is fine).
  await page.setInputFiles('#import-file', { name: 'good.json', mimeType: 'application/json', buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), good]) });
  await expect(page.locator('#import-preview')).toContainText('导入的比赛');
  // An event file too.
  await page.goto('/events');
  await started(page);
  await page.setInputFiles('#ev-import', { name: 'bad-event.json', mimeType: 'application/json', buffer: Buffer.from([0x7b, 0x22, 0xc3, 0x28]) });
  await expect(page.locator('#ev-error')).toContainText('UTF-8');
  await expect(page.locator('#ev-error')).toContainText('2');
  expect(await appKeys(page)).toEqual(before);
});

/** A server of its own (a child process) that a test can kill. */
async function ownServer(dir = process.env.E2E_DIST || 'dist') {
  const child = spawn(process.execPath, ['scripts/server.mjs', '--dir', dir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
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
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGKILL');
      await gone;
    },
  };
}

const DOTTED = ['event/2024.05.01', 'match/a.b', 'match/sample.v2'];

test('deep links with a dot in the last segment work online (a first visit) and offline', async ({ page, request }) => {
  const server = await ownServer();
  try {
    for (const path of DOTTED) {
      await page.goto(server.url + path);
      await started(page);
      await expect(page.locator('header.topbar')).toBeVisible();
    }
    // A missing file asked for by a script is still a 404.
    const r = await request.get(server.url + 'missing.js');
    expect(r.status()).toBe(404);

    await page.goto(server.url);
    await started(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
      }
    });
    await server.stop();
    for (const path of DOTTED) {
      await page.goto(server.url + path);
      await started(page);
      await expect(page.locator('header.topbar')).toBeVisible();
    }
    // A file of the build opened directly is that file, not the app.
    await page.goto(server.url + 'manifest.webmanifest');
    expect(await page.evaluate(() => document.body.textContent)).toContain('"name"');
  } finally {
    await server.stop();
  }
});
