// Around the home list: archive a match (listed apart, and back), delete one (asked first;
// a copy stays until the next export, restorable and downloadable meanwhile).
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ready } from './helpers.mjs';

async function sample(page) {
  await page.goto('/');
  await ready(page);
  await page.click('#open-sample');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#archive-match')).toBeVisible({ timeout: 30_000 });
  return page.url().split('/').pop();
}

test('archive: the match leaves the list for the archive, after a reload too, and comes back', async ({ page }) => {
  const id = await sample(page);
  await page.click('#archive-match');
  await expect(page.locator('#archive-match')).toHaveText('取消归档');
  await page.goto('/');
  await ready(page);
  await expect(page.locator('section.home > ul.match-list a.match-link')).toHaveCount(0);
  await expect(page.locator('#archived summary')).toContainText('已归档 (1)');
  await page.reload();
  await ready(page);
  await expect(page.locator('#archived summary')).toContainText('(1)');
  await page.click('#archived summary');
  await page.locator(`#archived a[href="/match/${id}"]`).click();
  await page.click('#archive-match');
  await expect(page.locator('#archive-match')).toHaveText('归档');
  await page.goto('/');
  await ready(page);
  await expect(page.locator(`section.home > ul.match-list a[href="/match/${id}"]`)).toHaveCount(1);
  await expect(page.locator('#archived')).toHaveCount(0);
});

test('delete: asked first; declined keeps it; accepted keeps a copy until the next export', async ({ page }) => {
  const id = await sample(page);
  const stored = () => page.evaluate((id) => localStorage.getItem(`referee.match.${id}`), id);
  const before = await stored();
  // Declined: nothing changes.
  page.once('dialog', (d) => d.dismiss());
  await page.click('#delete-match');
  await expect(page).toHaveURL(new RegExp(`/match/${id}$`));
  expect(await stored()).toBe(before);
  // Accepted: gone from the list, a copy kept and shown.
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    d.accept();
  });
  await page.click('#delete-match');
  await expect(page.locator('#open-sample')).toBeVisible();
  expect(asked).toContain('下次导出');
  expect(await stored()).toBeNull();
  await expect(page.locator(`ul.match-list a[href="/match/${id}"]`)).toHaveCount(0);
  await expect(page.locator('#deleted .deleted-row')).toHaveCount(1);
  // The copy downloads as a file the import takes.
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator('#deleted .deleted-row button').nth(1).click()]);
  const doc = JSON.parse(readFileSync(await file.path(), 'utf8'));
  expect(doc.match.id).toBe(id);
  // Restore: the match is back as it was.
  await page.locator('#deleted button.restore').click();
  await expect(page.locator('#deleted')).toHaveCount(0);
  await expect(page.locator(`ul.match-list a[href="/match/${id}"]`)).toHaveCount(1);
  expect(await stored()).toBe(before);
  // Deleted again, then an export: the copy is dropped.
  await page.goto(`/match/${id}`);
  await expect(page.locator('#delete-match')).toBeVisible({ timeout: 30_000 });
  page.once('dialog', (d) => d.accept());
  await page.click('#delete-match');
  await expect(page.locator('#deleted .deleted-row')).toHaveCount(1);
  await Promise.all([page.waitForEvent('download'), page.click('#export-all')]);
  await expect(page.locator('#deleted')).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('referee.deleted.')))).toEqual([]);
});

test('a link to a deleted match says where its copy is, and leads home to restore it', async ({ page }) => {
  const id = await sample(page);
  page.once('dialog', (d) => d.accept());
  await page.click('#delete-match');
  await expect(page.locator('#deleted .deleted-row')).toHaveCount(1);
  await page.goto(`/match/${id}`);
  await ready(page);
  await expect(page.locator('#match-missing')).toBeVisible();
  await expect(page.locator('#match-deleted')).toContainText('首页可以恢复');
  await page.click('#match-missing-home');
  await page.locator('#deleted button.restore').click();
  await expect(page.locator(`ul.match-list a[href="/match/${id}"]`)).toHaveCount(1);
  // A match never stored here: no such note, the way home all the same.
  await page.goto('/match/never-here');
  await ready(page);
  await expect(page.locator('#match-missing')).toBeVisible();
  await expect(page.locator('#match-deleted')).toHaveCount(0);
  await expect(page.locator('#match-missing-home')).toBeVisible();
});

test('time-limit alarms: sound and vibration settable, kept after a reload, and obeyed', async ({ page }) => {
  await page.addInitScript(() => {
    window.__buzz = [];
    Object.defineProperty(navigator, 'vibrate', { value: (ms) => { window.__buzz.push(ms); return true; }, configurable: true });
  });
  await page.goto('/settings');
  await ready(page);
  await expect(page.locator('#alarm-sound')).toBeChecked();
  await expect(page.locator('#alarm-vibrate')).toBeChecked();
  await page.click('#alarm-test');
  expect(await page.evaluate(() => window.__buzz)).toEqual([400]);
  await page.locator('#alarm-vibrate').uncheck();
  await page.locator('#alarm-sound').uncheck();
  await page.reload();
  await ready(page);
  await expect(page.locator('#alarm-vibrate')).not.toBeChecked();
  await expect(page.locator('#alarm-sound')).not.toBeChecked();
  await page.click('#alarm-test');
  expect(await page.evaluate(() => window.__buzz)).toEqual([]);
  await page.locator('#alarm-vibrate').check();
  await page.click('#alarm-test');
  expect(await page.evaluate(() => window.__buzz)).toEqual([400]);
});

/** Commits one 升级 hand of 40 points on the sample's page (the stepper's +20 twice). */
async function commitHand(page) {
  const rows = page.locator('#history li.hand-row');
  const n = await rows.count();
  await page.locator('#hand-entry .stepper button:has-text("+20")').click();
  await page.locator('#hand-entry .stepper button:has-text("+20")').click();
  await expect(page.locator('#points')).toHaveValue('40');
  await page.click('#commit');
  await expect(rows).toHaveCount(n + 1);
  await page.waitForTimeout(700);
}

test('delete right after a commit on the page: no page error, the home page, the copy has the hand', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  const id = await sample(page);
  await commitHand(page);
  const entries = await page.evaluate((id) => JSON.parse(localStorage.getItem(`referee.match.${id}`)).match.entries.length
    + (JSON.parse(localStorage.getItem(`referee.tail.${id}`) || '{"entries":[]}').entries.length), id);
  await page.click('#delete-match');
  await expect(page.locator('#open-sample')).toBeVisible();
  await expect(page.locator('#deleted .deleted-row')).toHaveCount(1);
  // The navigation works afterwards.
  await page.click('header.topbar a[href="/events"]');
  await expect(page).toHaveURL(/\/events$/);
  expect(errors).toEqual([]);
  const kept = await page.evaluate((id) => JSON.parse(localStorage.getItem(`referee.deleted.${id}`)).match.entries.length, id);
  expect(kept).toBeGreaterThanOrEqual(1);
  expect(entries).toBeGreaterThan(0);
});

test('restore beside a match of the same id stored since: merged, no hand lost', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  const id = await sample(page);
  const hands = () => page.locator('#history li.hand-row').count();
  const before = await hands();
  await page.click('#delete-match');
  await expect(page.locator('#deleted .deleted-row')).toHaveCount(1);
  // The sample opened again (the same id) and a hand added to it.
  await page.click('#open-sample');
  await expect(page.locator('#archive-match')).toBeVisible({ timeout: 30_000 });
  await commitHand(page);
  const after = await hands();
  expect(after).toBe(before + 1);
  await page.goto('/');
  await page.locator('#deleted button.restore').click();
  await expect(page.locator('#deleted')).toHaveCount(0);
  await page.goto(`/match/${id}`);
  await expect(page.locator('#history li.hand-row')).toHaveCount(after);
});

test('another tab deletes the match this tab has open: said, no page error', async ({ context }) => {
  const a = await context.newPage();
  const errors = [];
  a.on('pageerror', (e) => errors.push(e.message));
  const id = await sample(a);
  await commitHand(a);
  const b = await context.newPage();
  b.on('dialog', (d) => d.accept());
  await b.goto(`/match/${id}`);
  await expect(b.locator('#delete-match')).toBeVisible({ timeout: 30_000 });
  await b.click('#delete-match');
  await expect(b.locator('#open-sample')).toBeVisible();
  await expect(a.locator('#match-missing')).toBeVisible();
  expect(errors).toEqual([]);
});
