// Reliability and security of the release build:
//   storage full on commit, corrupt / foreign values moved aside (and restored once they
//   read), reload in the middle of hand entry, two tabs on one match, and imported text never interpreted as HTML;
//   two tabs on one event, and a language chosen in one tab taken by the others.
// Mostly on the built-in 升级 sample match (home → #open-sample).
import { test, expect } from '@playwright/test';
import { rowAction, storedEntries as storedOf } from './helpers.mjs';

const SAMPLE_ID = 'sample-chaodipi';
const SAMPLE_KEY = `referee.match.${SAMPLE_ID}`;
const XSS = '<img src=x onerror="window.__pwned=1">';

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
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(instrument);
});

async function started(page) {
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
}

/** Home → the sample match; returns the number of hand rows shown. */
async function openSample(page) {
  await page.goto('/');
  await started(page);
  await page.click('#open-sample');
  await expect(page).toHaveURL(new RegExp(`/match/${SAMPLE_ID}$`));
  await expect(page.locator('#history li.hand-row').first()).toBeVisible();
  return page.locator('#history li.hand-row').count();
}

/** Types trick points into the entry form (the input commits on change). */
async function setPoints(page, n) {
  await page.fill('#points', String(n));
  await page.locator('#points').dispatchEvent('change');
  await expect(page.locator('#points')).toHaveValue(String(n));
}

const rows = (page) => page.locator('#history li.hand-row');

/** Imports `text` as file `name` from the home page and confirms the preview. */
async function importFromHome(page, name, text) {
  await page.goto('/');
  await started(page);
  await page.setInputFiles('#import-file', { name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.locator('#import-preview')).toBeVisible();
  await page.click('#import-confirm');
}

/** Two tabs on the sample match: `a` opened it from home, `b` by its address. */
async function twoTabs(context) {
  const a = await context.newPage();
  const before = await openSample(a);
  const b = await context.newPage();
  await b.goto(`/match/${SAMPLE_ID}`);
  await started(b);
  return { a, b, before };
}
// Schema 2 keeps a match's newest entries under a second key, its tail.
const TAIL_KEY = `referee.tail.${SAMPLE_ID}`;
const head = (page) => page.evaluate((k) => localStorage.getItem(k), SAMPLE_KEY);
/** Everything stored for the sample: its value and its tail. */
const stored = (page) =>
  page.evaluate(([k, t]) => JSON.stringify([localStorage.getItem(k), localStorage.getItem(t)]), [SAMPLE_KEY, TAIL_KEY]);
/** The stored log: the match's entries, then its tail's (where they overlap, once). */
const storedEntries = (page) => storedOf(page, SAMPLE_ID);
const entryCount = (page) => storedEntries(page).then((es) => es.length);

test('storage full on commit: a clear message, the form kept, nothing saved is lost', async ({ page }) => {
  const before = await openSample(page);
  const savedBefore = await stored(page);
  expect(savedBefore).toBeTruthy();

  // Fill localStorage to the last character with keys that are not the app's.
  const filled = await page.evaluate(() => {
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
    return { keys: i, total };
  });
  expect(filled.total).toBeGreaterThan(100_000);

  await setPoints(page, 85);
  await page.click('#kitty-on');
  await page.click('#commit');
  const err = page.locator('#commit-error');
  await expect(err).toBeVisible();
  await expect(err).toHaveAttribute('role', 'alert');
  await expect(err).toContainText('存储已满');
  // The entry is still on screen, the list unchanged, the stored match untouched.
  await expect(page.locator('#points')).toHaveValue('85');
  await expect(page.locator('#kitty-on')).toBeChecked();
  await expect(rows(page)).toHaveCount(before);
  expect(await stored(page)).toBe(savedBefore);

  // Free the space: the same entry commits now, and a reload shows everything.
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('filler.')) localStorage.removeItem(k);
  });
  await page.click('#commit');
  await expect(page.locator('#commit-error')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(before + 1);
  await page.reload();
  await started(page);
  await expect(rows(page)).toHaveCount(before + 1);
  const after = await storedEntries(page);
  const was = JSON.parse(JSON.parse(savedBefore)[0]).match.entries;
  expect(after.slice(0, was.length)).toEqual(was);
});

test('corrupt and foreign values are moved aside and reported; the rest keeps working', async ({ page }) => {
  const before = await openSample(page);
  const good = await head(page);
  await page.evaluate((good) => {
    localStorage.setItem('referee.match.broken', '{"schema_version":1,"app":"referee","kind":"match","match":{"id":');
    localStorage.setItem('referee.match.foreign', JSON.stringify({ app: 'other-app', data: [1, 2, 3] }));
    // A readable match under another match's key.
    localStorage.setItem('referee.match.misfiled', good);
    localStorage.setItem('unrelated.key', 'not ours: left alone');
  }, good);
  await page.goto('/');
  await started(page);

  const banner = page.locator('.banner[role="alert"]');
  await expect(banner).toBeVisible();
  for (const k of ['referee.match.broken', 'referee.match.foreign', 'referee.match.misfiled']) {
    await expect(banner).toContainText(k);
  }
  const keys = await page.evaluate(() => Object.keys(localStorage));
  for (const k of ['broken', 'foreign', 'misfiled']) {
    expect(keys).not.toContain(`referee.match.${k}`);
    expect(keys.some((x) => x.startsWith('referee.quarantine.') && x.endsWith(`referee.match.${k}`))).toBe(true);
  }
  // Moved, not dropped: the raw text is kept under the quarantine key.
  const raw = await page.evaluate(() => {
    const k = Object.keys(localStorage).find((x) => x.endsWith('referee.match.broken'));
    return localStorage.getItem(k);
  });
  expect(raw).toContain('"schema_version":1');
  expect(await page.evaluate(() => localStorage.getItem('unrelated.key'))).toBe('not ours: left alone');

  // The sample still works.
  await page.click('#open-sample');
  await expect(rows(page)).toHaveCount(before);
  await setPoints(page, 90);
  await page.click('#commit');
  await expect(rows(page)).toHaveCount(before + 1);

  // A value that no longer reads under the open match's own key, found by a commit: it is
  // kept aside, the hand is saved from the page's copy, and the referee is told so here.
  const n = await entryCount(page);
  await page.evaluate((k) => localStorage.setItem(k, '{"schema_version":2,"app":"referee","kind":"match","match":{"id":'), SAMPLE_KEY);
  let told = '';
  page.once('dialog', (d) => {
    told = d.message();
    d.dismiss();
  });
  await setPoints(page, 80);
  await page.click('#commit');
  await expect(rows(page)).toHaveCount(before + 2);
  await expect.poll(() => told).toContain('隔离区');
  expect(await entryCount(page)).toBe(n + 1);
  const aside = await page.evaluate(() => Object.keys(localStorage).filter((x) => x.startsWith('referee.quarantine.') && x.endsWith('referee.match.sample-chaodipi')));
  expect(aside.length).toBe(1);

  // A match whose own value no longer reads at start-up: its page says where it went.
  await page.evaluate((k) => {
    localStorage.removeItem(k.replace('referee.match.', 'referee.tail.'));
    localStorage.setItem(k, '{"schema_version":2,"app":"referee","kind":"match","match":{"id":');
  }, SAMPLE_KEY);
  await page.reload();
  await started(page);
  await expect(page.locator('#match-missing')).toBeVisible();
  await expect(page.locator('#match-quarantined')).toContainText('隔离区');
  // Still said after the next start (the value is under its quarantine key by then).
  await page.reload();
  await started(page);
  await expect(page.locator('#match-quarantined')).toContainText('隔离区');
});

test('why a value was moved aside is said in the UI language, its field path kept', async ({ page }) => {
  await openSample(page);
  const good = await head(page);
  await page.evaluate((good) => {
    localStorage.setItem('referee.match.broken', '{"schema_version":1,"app":"referee","kind":"match","match":{"id":');
    localStorage.setItem('referee.match.misfiled', good);
  }, good);
  await page.goto('/');
  await started(page);
  const banner = page.locator('.banner[role="alert"]');
  await expect(banner.locator('li', { hasText: 'referee.match.broken' })).toContainText('不是有效的 JSON');
  await expect(banner.locator('li', { hasText: 'referee.match.misfiled' })).toContainText('里面保存的是另一场比赛');
  await expect(banner).not.toContainText('the match inside');
});

test('a reload at any point of hand entry loses at most the uncommitted form', async ({ page }) => {
  const before = await openSample(page);
  const n0 = await entryCount(page);
  const reload = async () => {
    await page.reload();
    await started(page);
    await expect(rows(page).first()).toBeVisible();
  };

  // 1. Points typed, not committed: nothing stored, and the form comes back as its draft
  // (src/ui/draft.rs; before drafts, the reload lost it and the form showed 0).
  await setPoints(page, 85);
  await reload();
  await expect(rows(page)).toHaveCount(before);
  expect(await entryCount(page)).toBe(n0);
  await expect(page.locator('#points')).toHaveValue('85');

  // 2. Kitty and a penalty added, not committed.
  await setPoints(page, 40);
  await page.click('#kitty-on');
  await page.locator('[data-kind]').first().click();
  await reload();
  await expect(rows(page)).toHaveCount(before);
  expect(await entryCount(page)).toBe(n0);

  // 3. Committed, then reloaded at once: the hand is there.
  await setPoints(page, 85);
  await page.click('#commit');
  await reload();
  await expect(rows(page)).toHaveCount(before + 1);
  expect(await entryCount(page)).toBe(n0 + 1);

  // 4. Editing an old hand, not saved: nothing changes.
  await rows(page).last().locator('summary').click();
  await rows(page).last().locator('button.edit').click();
  await setPoints(page, 110);
  await reload();
  expect(await entryCount(page)).toBe(n0 + 1);
  await expect(rows(page)).toHaveCount(before + 1);

  // 5. Undo, then reload: the undo (a void entry) was saved.
  await page.click('#undo');
  await expect(rows(page)).toHaveCount(before);
  await reload();
  await expect(rows(page)).toHaveCount(before);
  expect(await entryCount(page)).toBe(n0 + 2);
});

test('two tabs on one match: entries from both are kept and both tabs converge', async ({ context }) => {
  const { a, b, before } = await twoTabs(context);
  await expect(rows(b)).toHaveCount(before);

  const levels = async (p) => [await p.locator('#level-A').textContent(), await p.locator('#level-B').textContent()];
  // 80–95: the attackers take over without a rise, so the sample (near A) goes on.
  const points = [85, 90, 80, 95];
  for (let i = 0; i < points.length; i++) {
    const [me, other] = i % 2 === 0 ? [a, b] : [b, a];
    await setPoints(me, points[i]);
    await me.click('#commit');
    await expect(rows(me)).toHaveCount(before + i + 1);
    // The other tab hears the `storage` event and shows the same match.
    await expect(rows(other)).toHaveCount(before + i + 1);
    expect(await levels(other)).toEqual(await levels(me));
    // Same teams, levels, declarer and hand number (the running clock may differ by a second).
    const board = (p) => p.locator('#scoreboard').textContent().then((t) => t.replace(/\d+:\d\d/g, ''));
    await expect.poll(() => board(other)).toBe(await board(me));
  }
  // Every entry of both tabs is stored once, in order.
  const entries = await storedEntries(a);
  const hands = entries.filter((e) => e.op.type === 'hand').slice(-4).map((e) => e.op.hand.shengji.points);
  expect(hands).toEqual(points);
  expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);

  // A write this tab has not heard of (another tab's, its event not yet delivered): a
  // page's own setItem fires no `storage` event in it, so `a` keeps its stale copy. The
  // commit re-reads the stored match before appending, so neither entry is lost.
  // (The other tab writes the whole match, as it does every TAIL_MAX entries.)
  const es = await storedEntries(a);
  await a.evaluate(([k, t, es]) => {
    const doc = JSON.parse(localStorage.getItem(k));
    const hand = es.filter((e) => e.op.type === 'hand').pop();
    es.push({ ...hand, id: 'other-tab-1', at_ms: es[es.length - 1].at_ms + 1 });
    doc.match.entries = es;
    localStorage.setItem(k, JSON.stringify(doc));
    localStorage.removeItem(t);
  }, [SAMPLE_KEY, TAIL_KEY, es]);
  await expect(rows(a)).toHaveCount(before + 4);
  await setPoints(a, 95);
  await a.click('#commit');
  await expect(rows(a)).toHaveCount(before + 6);
  const last = await storedEntries(a);
  const ids = last.map((e) => e.id);
  expect(ids).toContain('other-tab-1');
  expect(last[last.length - 1].op.hand.shengji.points).toBe(95);
  await expect(rows(b)).toHaveCount(before + 6);
});

test('two tabs committing at the same moment: neither hand is lost', async ({ context }) => {
  // localStorage has no transactions: when both tabs write from a copy without the other's
  // hand, the later write wins; the tab whose hand went missing puts it back when it hears
  // the other's write (store::restore_lost).
  const { a, b, before } = await twoTabs(context);
  const n0 = await entryCount(a);
  const ROUNDS = 25;
  for (let i = 0; i < ROUNDS; i++) {
    // 80–95: the attackers take over without a rise, so the game goes on.
    await Promise.all([setPoints(a, 85), setPoints(b, 90)]);
    await Promise.all([a.evaluate(() => document.querySelector('#commit').click()), b.evaluate(() => document.querySelector('#commit').click())]);
  }
  await expect.poll(() => entryCount(a), { timeout: 15_000 }).toBe(n0 + 2 * ROUNDS);
  const ids = (await storedEntries(a)).map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
  const c = await context.newPage();
  await c.goto(`/match/${SAMPLE_ID}`);
  await started(c);
  const board = (p) => p.locator('#scoreboard').textContent().then((t) => t.replace(/\d+:\d\d/g, ''));
  for (const p of [a, b]) await expect.poll(() => board(p)).toBe(await board(c));
  await expect(c.locator('#scoreboard')).toContainText(String(before + 2 * ROUNDS + 1));
});

test('text from an imported file is shown as text, never run as HTML', async ({ page }) => {
  await openSample(page);
  // An export of one match whose title and team names are markup.
  const file = await page.evaluate(
    ({ key, xss }) => {
      const m = JSON.parse(localStorage.getItem(key)).match;
      m.id = 'xss-import';
      m.title = xss;
      m.setup.teams = { A: xss, B: xss };
      m.setup.players = { N: xss, E: xss, S: xss, W: xss };
      return JSON.stringify({ schema_version: 1, app: 'referee', kind: 'export', exported_ms: Date.now(), matches: [m] });
    },
    { key: SAMPLE_KEY, xss: XSS }
  );
  await page.goto('/');
  await started(page);
  await page.setInputFiles('#import-file', {
    name: 'xss.json',
    mimeType: 'application/json',
    buffer: Buffer.from(file),
  });
  const preview = page.locator('#import-preview');
  await expect(preview).toBeVisible();
  await expect(preview).toContainText(XSS);
  await page.click('#import-confirm');
  await expect(page.locator('#import-done')).toBeVisible();
  await expect(page.locator('.match-list')).toContainText(XSS);

  await page.goto('/match/xss-import');
  await started(page);
  await expect(page.locator('.match-title')).toHaveText(XSS);
  await expect(page.locator('#scoreboard')).toContainText(XSS);
  await expect(rows(page).first()).toBeVisible();

  const dom = await page.evaluate(() => ({
    pwned: window.__pwned,
    imgs: document.querySelectorAll('img[src="x"]').length,
    violations: window.__cspViolations,
  }));
  expect(dom.pwned).toBeUndefined();
  expect(dom.imgs).toBe(0);
  expect(dom.violations).toEqual([]);
});

test('a quarantined value is restored from the About page; one that does not read is refused and kept', async ({ page }) => {
  const before = await openSample(page);
  const good = await head(page);
  const { title } = JSON.parse(good).match;
  const handCount = JSON.parse(good).match.entries.filter((e) => e.op.type === 'hand').length;
  // Values this build cannot read, under match keys: set aside and reported at start.
  await page.evaluate((good) => {
    // A version newer than this build's, whatever this build's is.
    localStorage.setItem('referee.match.newer', good.replace(/"schema_version":\d+/, '"schema_version":999'));
    localStorage.setItem('referee.match.broken', '{"schema_version":2,"app":"referee",');
  }, good);
  await page.goto('/');
  await started(page);
  const banner = page.locator('.banner.warn[role="alert"]');
  for (const k of ['referee.match.newer', 'referee.match.broken']) await expect(banner).toContainText(k);
  // Restore from the home banner: a newer version is refused, naming the field; nothing changes.
  const quarantine = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('referee.quarantine.')).sort());
  const aside = await quarantine();
  expect(aside).toHaveLength(2);
  const newerKey = aside.find((k) => k.endsWith('referee.match.newer'));
  await banner.locator(`button.restore[data-key="${newerKey}"]`).click();
  await expect(page.locator('#restore-error')).toContainText('无法恢复');
  await expect(page.locator('#restore-error')).toContainText('schema_version');
  expect(await quarantine()).toEqual(aside);
  await expect(banner).toContainText('referee.match.newer');

  // What a tab of an older build does to this build's value during an update: the sample
  // itself set aside as "newer".
  const sampleAside = `referee.quarantine.1700000000000.${SAMPLE_KEY}`;
  await page.evaluate(([k, t, q, good]) => {
    localStorage.removeItem(k);
    localStorage.removeItem(t);
    localStorage.setItem(q, good);
  }, [SAMPLE_KEY, TAIL_KEY, sampleAside, good]);
  await page.goto('/about');
  await started(page);
  const list = page.locator('#quarantine-list li');
  await expect(list).toHaveCount(3);
  // Download: the raw value as a .json file.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`#quarantine-list button.download[data-key="${sampleAside}"]`),
  ]);
  expect(file.suggestedFilename()).toBe(`${sampleAside}.json`);
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(await file.path(), 'utf8')).toBe(good);

  await page.click(`#quarantine-list button.restore[data-key="${sampleAside}"]`);
  const done = page.locator('#restore-done');
  await expect(done).toContainText(`已恢复：${title}, ${handCount} 副`);
  await expect(list).toHaveCount(2);
  expect(await page.evaluate((q) => localStorage.getItem(q), sampleAside)).toBeNull();
  expect(JSON.parse(await head(page))).toEqual(JSON.parse(good));
  // A copy whose title differs from this device's: that is not applied, so the copy
  // stays quarantined (to be downloaded) and the message says why.
  const copyAside = `referee.quarantine.1700000000001.${SAMPLE_KEY}`;
  const copy = JSON.parse(good);
  copy.match.title = 'another title';
  await page.evaluate(([q, v]) => localStorage.setItem(q, v), [copyAside, JSON.stringify(copy)]);
  await page.goto('/about');
  await started(page);
  await expect(list).toHaveCount(3);
  await page.click(`#quarantine-list button.restore[data-key="${copyAside}"]`);
  await expect(done).toContainText('隔离的值仍保留');
  await expect(done).toContainText('比赛设置或名称');
  await expect(list).toHaveCount(3);
  expect(await page.evaluate((q) => localStorage.getItem(q), copyAside)).toBe(JSON.stringify(copy));
  expect(JSON.parse(await head(page))).toEqual(JSON.parse(good));
  await page.evaluate((q) => localStorage.removeItem(q), copyAside);
  await page.goto('/about');
  await started(page);
  await expect(list).toHaveCount(2);
  // The garbage stays where it is.
  const brokenKey = aside.find((k) => k.endsWith('referee.match.broken'));
  await page.click(`#quarantine-list button.restore[data-key="${brokenKey}"]`);
  await expect(page.locator('#restore-error')).toContainText('不是有效的 JSON');
  await expect(list).toHaveCount(2);
  expect(await quarantine()).toEqual(aside);

  // The match is back in the list, with its hands, and still takes new ones.
  await page.click('a.brand');
  await expect(page.locator('.match-list')).toContainText(title);
  await page.click(`a[href="/match/${SAMPLE_ID}"]`);
  await expect(rows(page)).toHaveCount(before);
  await setPoints(page, 90);
  await page.click('#commit');
  await expect(rows(page)).toHaveCount(before + 1);
});

test('deleting a hand that would make a later hand impossible is refused; nothing is lost on reload', async ({ page }) => {
  // A tester's case: after 85, 85, 40, 85 on the sample, deleting the second of them
  // leaves the last hand after the game was won. It used to be saved, and the match then
  // failed its check on the next start (its newest hands were moved aside).
  await openSample(page);
  const before = await rows(page).count();
  const points = [85, 85, 40, 85];
  for (const [i, p] of points.entries()) {
    await setPoints(page, p);
    await page.click('#commit');
    await expect(rows(page)).toHaveCount(before + i + 1);
  }
  const n = await entryCount(page);
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    d.type() === 'confirm' ? d.accept() : d.dismiss();
  });
  const third = rows(page).nth(2);
  await rowAction(third, 'delete');
  await expect.poll(() => dialogs.length).toBe(2);
  expect(dialogs[1]).toContain('此修改使后面的副无法成立');
  expect(dialogs[1]).toContain('本局已结束');
  await expect(rows(page)).toHaveCount(before + 4);
  expect(await entryCount(page)).toBe(n);
  await page.reload();
  await started(page);
  await expect(rows(page)).toHaveCount(before + 4);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('referee.quarantine.')))).toEqual([]);
});

test('an import whose copy of a known match has another title says so (the local one is kept)', async ({ page }) => {
  await openSample(page);
  const file = await page.evaluate((key) => {
    const m = JSON.parse(localStorage.getItem(key)).match;
    m.title = 'renamed elsewhere';
    return JSON.stringify({ schema_version: 2, app: 'referee', kind: 'export', exported_ms: Date.now(), matches: [m] });
  }, SAMPLE_KEY);
  const before = await head(page);
  await importFromHome(page, 'renamed.json', file);
  await expect(page.locator('#import-done')).toContainText('1 场比赛的设置或名称与本机不同 (保留本机)');
  expect(await head(page)).toBe(before);
});

test('two tabs on one event: an edit from a tab that has not heard of the other keeps its entrants; both follow each other', async ({ context }) => {
  const a = await context.newPage();
  await a.goto('/events');
  await started(a);
  await a.fill('#ev-name', '两窗口赛事');
  await a.click('#ev-create');
  await expect(a).toHaveURL(/\/event\//);
  const b = await context.newPage();
  // Tab b can be made deaf to storage events (set window.__deaf), as a tab is between
  // another tab's write and hearing of it.
  await b.addInitScript(() => {
    const add = window.addEventListener;
    window.addEventListener = function (type, fn, opts) {
      const f = type === 'storage' ? (e) => window.__deaf || fn.call(this, e) : fn;
      return add.call(this, type, f, opts);
    };
  });
  await b.goto(a.url());
  await started(b);
  await expect(b.locator('#ev-title')).toHaveText('两窗口赛事');
  const add = async (name) => {
    await a.fill('#en-bulk', name);
    await a.click('#en-add');
  };
  // Tab b follows tab a through the storage event.
  await add('甲');
  await expect(a.locator('#entrants tbody tr')).toHaveCount(1);
  await expect(b.locator('#entrants tbody tr')).toHaveCount(1);
  // Tab b stops hearing storage events (as if a's write came a moment before b's edit)…
  await b.evaluate(() => (window.__deaf = true));
  await add('乙');
  await expect(a.locator('#entrants tbody tr')).toHaveCount(2);
  await expect(b.locator('#entrants tbody tr')).toHaveCount(1);
  // …and renames the event from its stale copy: the stored event is edited, 乙 is kept.
  await b.click('details.ev-edit summary');
  await b.fill('#ev-edit-name', '改名赛事');
  await b.locator('#ev-edit-name').dispatchEvent('change');
  await expect(b.locator('#ev-title')).toHaveText('改名赛事');
  await expect(b.locator('#entrants tbody tr')).toHaveCount(2);
  await expect(a.locator('#ev-title')).toHaveText('改名赛事');
  for (const p of [a, b]) {
    await p.reload();
    await started(p);
    await expect(p.locator('#ev-title')).toHaveText('改名赛事');
    await expect(p.locator('#entrants tbody tr')).toHaveCount(2);
  }
});

test('a language chosen in one tab is taken by the other open tabs', async ({ context }) => {
  const a = await context.newPage();
  await a.goto('/settings');
  await started(a);
  const b = await context.newPage();
  await b.goto('/');
  await started(b);
  await expect(b.locator('header.topbar')).toContainText('赛事');
  await a.click('button[data-lang="en"]');
  await expect(a.locator('header.topbar')).toContainText('Events');
  await expect(b.locator('header.topbar')).toContainText('Events');
  await expect(b.locator('html')).toHaveAttribute('lang', 'en');
  await a.click('button[data-lang="zh-TW"]');
  await expect(b.locator('header.topbar')).toContainText('賽事');
});

test('undo right after a delete brings the deleted hand back (and no other hand goes)', async ({ page }) => {
  await openSample(page);
  const before = await rows(page).count();
  const texts = await rows(page).allTextContents();
  page.on('dialog', (d) => (d.type() === 'confirm' ? d.accept() : d.dismiss()));
  // Delete the second newest hand by mistake…
  const second = rows(page).nth(1);
  await rowAction(second, 'delete');
  await expect(rows(page)).toHaveCount(before - 1);
  // …and undo: it is back, with every other hand.
  await page.click('#undo');
  await expect(rows(page)).toHaveCount(before);
  expect(await rows(page).allTextContents()).toEqual(texts);
  await page.reload();
  await started(page);
  await expect(rows(page)).toHaveCount(before);
  expect(await rows(page).allTextContents()).toEqual(texts);
});

test('an import with a new hand that does not fit this device (the game was won here) leaves it out, names it, and changes nothing else', async ({ page }) => {
  // Another device's copy of the sample: the same first 85, then its own 85 (entered after
  // the 40 that won the game here) and an overrun after it. The file used to be refused
  // as a whole; now its entries that cannot follow this device's log are named.
  await openSample(page);
  await setPoints(page, 85);
  await page.click('#commit');
  const common = await storedEntries(page);
  await setPoints(page, 40);
  await page.click('#commit');
  await expect.poll(() => entryCount(page)).toBe(common.length + 1);
  const file = await page.evaluate(([key, entries]) => {
    const m = JSON.parse(localStorage.getItem(key)).match;
    const last = entries[entries.length - 1];
    const theirs = JSON.parse(JSON.stringify(last));
    theirs.id = 'elsewhere-hand';
    // A schema-2 file names no predecessor (the copy's would claim the 85's, not the 85).
    delete theirs.after;
    theirs.at_ms = Date.now() + 60_000;
    const overrun = { id: 'elsewhere-overrun', at_ms: Date.now() + 70_000, op: { type: 'overrun', seat: 'N', action: 'play', seconds: 5 } };
    m.entries = [...entries, theirs, overrun];
    return JSON.stringify({ schema_version: 2, app: 'referee', kind: 'export', exported_ms: Date.now(), matches: [m] });
  }, [SAMPLE_KEY, common]);
  const before = await storedEntries(page);
  await importFromHome(page, 'elsewhere.json', file);
  await expect(page.locator('#import-done')).toContainText('1 场无变化');
  await expect(page.locator('#import-done')).toContainText('2 条新记录与本机记录不符, 未导入');
  await expect(page.locator('#import-not-fitting li')).toHaveCount(2);
  await expect(page.locator('#import-not-fitting li').first()).toContainText('elsewhere-hand');
  await expect(page.locator('#import-not-fitting li').first()).toContainText('本局已结束');
  await expect(page.locator('#import-not-fitting li').nth(1)).toContainText('elsewhere-overrun');
  expect(await storedEntries(page)).toEqual(before);
});
