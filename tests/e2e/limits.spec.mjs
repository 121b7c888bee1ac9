// Every free text has a limit, and any accepted text fits the screen: a match whose names
// are 60 characters without a space and whose preset texts are 500 characters is imported
// and shown at 360 px with no horizontal scroll; one character more is refused at import,
// naming the field, and nothing changes.
import { test, expect } from '@playwright/test';

const SAMPLE_KEY = 'referee.match.sample-chaodipi';

test.use({ viewport: { width: 360, height: 640 } });

async function started(page) {
  await page.waitForFunction(() => document.querySelector('header.topbar') !== null, null, { timeout: 30_000 });
}

/** The sample match as an export file, renamed to `id` and changed by `edit`. */
async function sampleFile(page, id, edit) {
  await page.goto('/');
  await started(page);
  await page.click('#open-sample');
  await expect(page.locator('#history li.hand-row').first()).toBeVisible();
  const stored = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SAMPLE_KEY));
  const m = stored.match;
  m.id = id;
  edit(m);
  return JSON.stringify({ schema_version: stored.schema_version, app: 'referee', kind: 'export', exported_ms: Date.now(), matches: [m] });
}

async function importText(page, text) {
  await page.goto('/');
  await started(page);
  await page.setInputFiles('#import-file', { name: 'long.json', mimeType: 'application/json', buffer: Buffer.from(text) });
}

const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('60-character names and 500-character preset texts fit a 360 px screen', async ({ page }) => {
  const long = (c, n) => c.repeat(n);
  const text = await sampleFile(page, 'long-names', (m) => {
    m.title = long('题', 200);
    m.setup.teams = { A: long('W', 60), B: long('长', 60) };
    m.setup.players = { N: long('N', 60), E: long('E', 60), S: long('S', 60), W: long('M', 60) };
    m.setup.preset.name = long('名', 500);
    m.setup.preset.source = long('x', 500);
    m.setup.preset.notes = [long('注', 500)];
  });
  await importText(page, text);
  await expect(page.locator('#import-preview')).toBeVisible();
  await page.click('#import-confirm');
  await expect(page.locator('#import-done')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.goto('/match/long-names');
  await started(page);
  await expect(page.locator('#level-A')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  // Team B's level is on the screen, not pushed off it.
  const box = await page.locator('#level-B').boundingBox();
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await page.locator('#ruling-panel > summary').click();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});

test('a text one character over its limit is refused at import, naming the field', async ({ page }) => {
  const text = await sampleFile(page, 'too-long', (m) => {
    m.setup.preset.source = 'x'.repeat(501);
  });
  const before = await page.evaluate(() => Object.keys(localStorage).sort());
  await importText(page, text);
  await expect(page.locator('#import-error')).toContainText('setup.preset.source');
  await expect(page.locator('#import-preview')).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(before);
});
