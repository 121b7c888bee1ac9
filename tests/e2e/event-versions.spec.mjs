// An event file imported over a stored event of the same id never replaces it silently:
// the referee is asked, with what differs; a no changes nothing; a yes keeps the stored
// version aside in the quarantine, which the About page lists and restores (asking again,
// keeping the replaced one aside in its turn). A deleted event is kept aside as well.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

const eventEntries = (page) =>
  page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('referee.event.')));
const aside = (page) =>
  page.evaluate(() =>
    Object.entries(localStorage).filter(([k]) => k.startsWith('referee.quarantine.') && k.includes('.referee.event.'))
  );

test('an older event file over a newer stored event: asked, a no changes nothing, a yes keeps the stored one aside', async ({ page }) => {
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', '版本');
  await page.click('#ev-create');
  await expect(page.locator('#en-bulk')).toBeVisible();
  // The event as first saved (no entrants): the older file.
  const [[key, older]] = await eventEntries(page);
  await page.fill('#en-bulk', '红队: 甲, 乙\n蓝队: 丙, 丁');
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(2);
  const [[, newer]] = await eventEntries(page);
  expect(newer).not.toEqual(older);

  await page.goto('/events');
  await ready(page);
  const questions = [];
  let answer = 'dismiss';
  page.on('dialog', (d) => {
    questions.push(d.message());
    d[answer]();
  });
  const file = { name: 'old-event.json', mimeType: 'application/json', buffer: Buffer.from(older) };
  // No: nothing changes.
  await page.setInputFiles('#ev-import', file);
  await expect.poll(() => questions.length).toBe(1);
  expect(questions[0]).toContain('本机已存有这个赛事的另一个版本');
  expect(questions[0]).toContain('本机版本: 2 名参赛者');
  expect(questions[0]).toContain('文件: 0 名参赛者');
  await expect(page.locator('.new-form .banner.ok')).toContainText('没有导入');
  expect(await eventEntries(page)).toEqual([[key, newer]]);
  expect(await aside(page)).toEqual([]);
  // Yes: the stored version is kept aside, then the file's is saved.
  answer = 'accept';
  await page.setInputFiles('#ev-import', file);
  await expect.poll(() => questions.length).toBe(2);
  await expect(page.locator('.new-form .banner.ok')).toContainText('本机原来的版本已移入隔离区');
  expect(await eventEntries(page)).toEqual([[key, older]]);
  const kept = await aside(page);
  expect(kept.length).toBe(1);
  expect(kept[0][0].endsWith(key)).toBe(true);
  expect(kept[0][1]).toEqual(newer);
  // The same file again: already the same, nothing asked.
  await page.setInputFiles('#ev-import', file);
  await expect(page.locator('.new-form .banner.ok')).toContainText('完全相同');
  expect(questions.length).toBe(2);

  // The About page lists the kept version, with why, and restores it (asked again).
  await page.locator('header.topbar a[href="/about"]').click();
  const row = page.locator('#quarantine-list li', { hasText: kept[0][0] });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('old-event.json');
  await row.locator('button.restore').click();
  await expect.poll(() => questions.length).toBe(3);
  await expect(page.locator('#restore-done')).toContainText('已恢复赛事');
  expect(await eventEntries(page)).toEqual([[key, newer]]);
  // The version it replaced is kept aside in its turn.
  const after = await aside(page);
  expect(after.map(([, v]) => v)).toEqual([older]);
});

test('a deleted event is kept aside and restored from the About page', async ({ page }) => {
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', '删除');
  await page.click('#ev-create');
  await expect(page.locator('#en-bulk')).toBeVisible();
  const [[key, value]] = await eventEntries(page);
  const questions = [];
  page.on('dialog', (d) => {
    questions.push(d.message());
    d.accept();
  });
  await page.locator('details.ev-edit summary').click();
  await page.click('#ev-delete');
  await expect(page).toHaveURL(/\/events$/);
  expect(questions[0]).toContain('隔离区');
  expect(await eventEntries(page)).toEqual([]);
  const kept = await aside(page);
  expect(kept.map(([, v]) => v)).toEqual([value]);
  await page.locator('header.topbar a[href="/about"]').click();
  const row = page.locator('#quarantine-list li', { hasText: kept[0][0] });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.locator('button.restore').click();
  await expect(page.locator('#restore-done')).toContainText('已恢复赛事');
  expect(await eventEntries(page)).toEqual([[key, value]]);
  expect(await aside(page)).toEqual([]);
  expect(questions.length).toBe(1); // nothing stored to replace: not asked
});
