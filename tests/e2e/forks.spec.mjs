// Two devices that each enter the next hand of one match (the table and the desk): the
// import shows a fork side by side instead of merging two successive hands, and the same
// hand entered on both is kept once. Each device is its own browser context (its own
// localStorage), on the built-in 升级 sample.
import { test, expect } from '@playwright/test';
import { storedEntries } from './helpers.mjs';

const SAMPLE_ID = 'sample-chaodipi';

async function started(page) {
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
}

/** A new device (its own browser context and storage). */
async function newDevice(browser) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.__appStarted = false;
    window.addEventListener('TrunkApplicationStarted', () => (window.__appStarted = true));
  });
  return { context, page: await context.newPage() };
}

async function openMatch(page) {
  await page.goto(`/match/${SAMPLE_ID}`);
  await started(page);
  await expect(page.locator('#history li.hand-row').first()).toBeVisible();
  return page.locator('#history li.hand-row').count();
}

/** The desk opens the sample and the table takes its copy from the desk's export: one
 *  match on two devices, as at a tournament. */
async function twoDevices(browser) {
  const desk = await newDevice(browser);
  await desk.page.goto('/');
  await started(desk.page);
  await desk.page.click('#open-sample');
  await expect(desk.page).toHaveURL(new RegExp(`/match/${SAMPLE_ID}$`));
  desk.rows = await openMatch(desk.page);
  const copy = await exported(desk.page);
  const table = await newDevice(browser);
  await importOnHome(table.page, copy);
  table.rows = await openMatch(table.page);
  expect(table.rows).toBe(desk.rows);
  return { desk, table };
}

/** Enters one hand of `points` and commits it. */
async function enter(page, points) {
  const before = await page.locator('#history li.hand-row').count();
  await page.fill('#points', String(points));
  await page.locator('#points').dispatchEvent('change');
  await expect(page.locator('#preview-verdict')).toContainText(String(points));
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(before + 1);
}

/** The match's export file from `page`, as text. */
async function exported(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-match')]);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  return readFileSync(path, 'utf8');
}

async function importOnHome(page, text) {
  await page.goto('/');
  await started(page);
  await page.setInputFiles('#import-file', { name: 'table.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.locator('#import-preview')).toBeVisible();
  await page.click('#import-confirm');
  await expect(page.locator('#import-done')).toBeVisible();
}

const hands = async (page) => (await storedEntries(page, SAMPLE_ID)).filter((e) => e.op.type === 'hand');

test('two devices enter hand 12 differently: a fork to choose, not two hands', async ({ browser }) => {
  const { desk, table } = await twoDevices(browser);
  await enter(desk.page, 40);
  await enter(table.page, 60);
  const file = await exported(table.page);
  const before = await hands(desk.page);

  await importOnHome(desk.page, file);
  const choice = desk.page.locator('#import-choices li.conflict');
  await expect(choice).toHaveCount(1);
  await expect(choice).toContainText('#12');
  await expect(choice.locator('.version.local .desc')).toContainText('40');
  await expect(choice.locator('.version.incoming .desc')).toContainText('60');
  // Nothing merged yet: the desk's log is as it was (not a 13th hand).
  expect((await hands(desk.page)).length).toBe(before.length);

  // The desk takes the table's hand: hand 12 is now 60, still 12 hands.
  await choice.locator('button.take-file').click();
  await expect(desk.page.locator('#import-choices')).toHaveCount(0);
  await desk.page.goto(`/match/${SAMPLE_ID}`);
  await started(desk.page);
  await expect(desk.page.locator('#history li.hand-row')).toHaveCount(desk.rows + 1);
  await expect(desk.page.locator('#history li.hand-row').first()).toContainText('60');
  const log = await storedEntries(desk.page, SAMPLE_ID);
  expect(log.some((e) => e.op.type === 'correct' && e.op.target === before[before.length - 1].id)).toBe(true);
  await desk.context.close();
  await table.context.close();
});

test('two devices enter hand 12 identically: kept once', async ({ browser }) => {
  const { desk, table } = await twoDevices(browser);
  await enter(desk.page, 40);
  await enter(table.page, 40);
  const file = await exported(table.page);
  const before = await hands(desk.page);

  await importOnHome(desk.page, file);
  await expect(desk.page.locator('#import-choices')).toHaveCount(0);
  await expect(desk.page.locator('#import-done')).toContainText(/1 (副在两台设备上录入相同|副在兩台裝置上錄入相同|hands entered identically)/);
  expect((await hands(desk.page)).length).toBe(before.length);
  await desk.page.goto(`/match/${SAMPLE_ID}`);
  await started(desk.page);
  await expect(desk.page.locator('#history li.hand-row')).toHaveCount(desk.rows + 1);
  await desk.context.close();
  await table.context.close();
});
