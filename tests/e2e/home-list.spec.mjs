// The home list is drawn from the index rows (`referee.index.<id>`, one per match, written
// with the match) before the matches are read; every match is then read and validated,
// and the list shows what is stored whatever the rows say: a row that lies, a value
// changed behind the app's back (of another length, or of the same length), a row with
// no match, a match that no longer reads. A second tab's writes reach the list.
// On the built-in 升级 sample (home → #open-sample).
import { test, expect } from '@playwright/test';

const SAMPLE_ID = 'sample-chaodipi';
const KEY = `referee.match.${SAMPLE_ID}`;
const ROW = `referee.index.${SAMPLE_ID}`;
const TITLE = '示例: 健康杯 炒地皮 红队 vs 蓝队';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.__appStarted = false;
    window.addEventListener('TrunkApplicationStarted', () => (window.__appStarted = true));
  });
});

async function started(page) {
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
}

/** Every match read and validated (the app's User Timing mark). */
async function allRead(page) {
  await page.waitForFunction(() => performance.getEntriesByName('referee:matches-read').length > 0, null, { timeout: 30_000 });
}

const item = (page) => page.locator(`.match-list a[href="/match/${SAMPLE_ID}"]`);
const row = (page) => page.evaluate((k) => JSON.parse(localStorage.getItem(k)), ROW);

/** The sample stored, the page back on home; returns the sample's summary line. */
async function sampleAtHome(page) {
  await page.goto('/');
  await started(page);
  await page.click('#open-sample');
  await expect(page).toHaveURL(new RegExp(`/match/${SAMPLE_ID}$`));
  await page.click('a.brand');
  await expect(item(page).locator('.title')).toHaveText(TITLE);
  return item(page).locator('.sub').textContent();
}

/** Renames the stored sample (its value, with its tail folded in), as another writer would. */
const retitle = (page, title) =>
  page.evaluate(
    ([k, title]) => {
      const tk = k.replace('referee.match.', 'referee.tail.');
      const doc = JSON.parse(localStorage.getItem(k));
      const t = localStorage.getItem(tk);
      if (t) {
        const tail = JSON.parse(t);
        tail.entries.forEach((e, i) => tail.from + i >= doc.match.entries.length && doc.match.entries.push(e));
        localStorage.removeItem(tk);
      }
      doc.match.title = title;
      localStorage.setItem(k, JSON.stringify(doc));
    },
    [KEY, title]
  );

test('the list shows what is stored, whatever the index rows say', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const sub = await sampleAtHome(page);
  expect(sub).toMatch(/· \d+ 副$/);
  // Storing the sample wrote its row.
  const stored = await row(page);
  expect(stored.id).toBe(SAMPLE_ID);
  expect(stored.title).toBe(TITLE);
  expect(stored.summary).toBe(sub);

  // A row that lies, with the lengths of the stored value (it looks fresh): the truth
  // replaces it once the matches are read, and the row is written again.
  await page.evaluate(([k, r]) => localStorage.setItem(k, JSON.stringify({ ...r, title: '假标题', summary: '假的摘要' })), [ROW, stored]);
  await page.reload();
  await started(page);
  await allRead(page);
  await expect(item(page).locator('.title')).toHaveText(TITLE);
  await expect(item(page).locator('.sub')).toHaveText(sub);
  await expect(page.locator('.match-list')).not.toContainText('假');
  expect(await row(page)).toEqual(stored);

  // Another writer renamed the match (the value's length changed): the row is stale, and
  // the first list already shows the new title.
  await retitle(page, '别处改过的标题, 长度也不同');
  await page.reload();
  await started(page);
  await expect(item(page).locator('.title')).toHaveText('别处改过的标题, 长度也不同');
  expect((await row(page)).title).toBe('别处改过的标题, 长度也不同');

  // A change that keeps the length (one character for another): shown once the matches
  // are read.
  await retitle(page, '别处改过的标题, 长度也相同');
  await page.reload();
  await started(page);
  await allRead(page);
  await expect(item(page).locator('.title')).toHaveText('别处改过的标题, 长度也相同');
  expect((await row(page)).title).toBe('别处改过的标题, 长度也相同');

  // A row whose match is not stored is not listed, and goes.
  await page.evaluate(([r]) => localStorage.setItem('referee.index.ghost', JSON.stringify({ ...r, id: 'ghost', title: '幽灵' })), [stored]);
  await page.reload();
  await started(page);
  await allRead(page);
  await expect(page.locator('.match-list li')).toHaveCount(1);
  await expect(page.locator('.match-list')).not.toContainText('幽灵');
  expect(await page.evaluate(() => localStorage.getItem('referee.index.ghost'))).toBeNull();
  expect(errors).toEqual([]);
});

test('a match that no longer reads is reported on home, even when its row looks fresh', async ({ page }) => {
  await sampleAtHome(page);
  // Text of the very same length that is not a match: the row still matches its length.
  await page.evaluate((k) => localStorage.setItem(k, 'x'.repeat(localStorage.getItem(k).length)), KEY);
  await page.reload();
  await started(page);
  const banner = page.locator('.banner[role="alert"]');
  await expect(banner).toContainText(KEY);
  await expect(page.locator('.home p.empty')).toBeVisible();
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys).not.toContain(KEY);
  expect(keys).not.toContain(ROW);
  const aside = keys.find((k) => k.startsWith('referee.quarantine.') && k.endsWith(KEY));
  expect(await page.evaluate((k) => localStorage.getItem(k), aside)).toMatch(/^x+$/);
});

test("another tab's new match and new hand reach this tab's home list", async ({ context }) => {
  const home = await context.newPage();
  await home.goto('/');
  await started(home);
  await expect(home.locator('.home p.empty')).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');
  await started(other);
  await other.click('#open-sample');
  await expect(item(home).locator('.title')).toHaveText(TITLE);
  const before = await item(home).locator('.sub').textContent();
  const hands = Number(before.match(/(\d+) 副$/)[1]);
  // A hand committed in the other tab (on the sample's page).
  await other.fill('#points', '85');
  await other.locator('#points').dispatchEvent('change');
  await other.click('#commit');
  await expect(item(home).locator('.sub')).toContainText(`${hands + 1} 副`);
  // A commit leaves its row out of date; the other tab writes it when it goes away.
  expect((await row(home)).summary).toBe(before);
  await other.goto('about:blank');
  expect((await row(home)).summary).toContain(`${hands + 1} 副`);
  await home.reload();
  await started(home);
  await expect(item(home).locator('.sub')).toContainText(`${hands + 1} 副`);
});

test('a value moved aside on an earlier start is still said on home until it is restored', async ({ page }) => {
  await sampleAtHome(page);
  await page.evaluate((k) => localStorage.setItem(k, '{"garbage":'), KEY);
  await page.reload();
  await started(page);
  await expect(page.locator('.banner[role="alert"]')).toContainText(KEY);
  await expect(page.locator('#quarantine-kept')).toHaveCount(0); // this start's own report says it
  // The next start moves nothing: home still says what is kept aside, and where.
  await page.reload();
  await started(page);
  await allRead(page);
  await expect(page.locator('.banner[role="alert"]')).toHaveCount(0);
  const kept = page.locator('#quarantine-kept');
  await expect(kept).toContainText('1');
  await kept.locator('a[href="/about"]').click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('#quarantine-list li')).toHaveCount(1);
});

test('settings that do not read are moved aside and said, not written over', async ({ page }) => {
  await sampleAtHome(page);
  const bad = '{"lang":7,"archived":["x"]';
  await page.evaluate((v) => localStorage.setItem('referee.settings', v), bad);
  await page.reload();
  await started(page);
  await expect(page.locator('.banner[role="alert"]')).toContainText('referee.settings');
  const aside = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('referee.quarantine.') && k.endsWith('.referee.settings'))
  );
  expect(aside).toHaveLength(1);
  expect(await page.evaluate((k) => localStorage.getItem(k), aside[0])).toBe(bad);
  // The app goes on with the defaults (简体中文), and a setting saved now leaves the copy.
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.goto('/about');
  await expect(page.locator('#quarantine-list li')).toHaveCount(1);
  expect(await page.evaluate((k) => localStorage.getItem(k), aside[0])).toBe(bad);
});

test('a kept copy of a deleted match that does not read is moved aside and said, not offered for restore', async ({ page }) => {
  await sampleAtHome(page);
  const garbage = '{"match":';
  const hollow = JSON.stringify({ schema_version: 1, match: { id: 'hollow', title: '空壳副本' } });
  await page.evaluate(
    ([g, h]) => {
      localStorage.setItem('referee.deleted.garbage', g);
      localStorage.setItem('referee.deleted.hollow', h);
    },
    [garbage, hollow]
  );
  await page.reload();
  await started(page);
  // Not JSON: moved aside at once and reported; not in the deleted list.
  await expect(page.locator('.banner[role="alert"]')).toContainText('referee.deleted.garbage');
  const rows = page.locator('#deleted li.deleted-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.locator('.title')).toHaveText('空壳副本');
  // Names a match but does not read: the restore says why, and the copy is moved aside.
  const said = [];
  page.on('dialog', (d) => {
    said.push(d.message());
    d.accept();
  });
  await rows.locator('button.restore').click();
  await expect.poll(() => said.length).toBe(1);
  await expect(page.locator('#deleted')).toHaveCount(0);
  await expect(page.locator('.banner[role="alert"]')).toContainText('referee.deleted.hollow');
  const aside = await page.evaluate(() =>
    Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('referee.quarantine.')))
  );
  const values = Object.values(aside).sort();
  expect(values).toEqual([garbage, hollow].sort());
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('referee.deleted.')))).toEqual([]);
  // Nothing of the sample changed.
  await expect(item(page).locator('.title')).toHaveText(TITLE);
});
