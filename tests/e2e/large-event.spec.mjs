// A 64-team 掼蛋 round robin (健康杯 format): 63 rounds of 32 fixtures. The schedule shows
// one round's fixtures at a time (the current round, or the one opened), every round keeps
// its button to create its matches; a round's 32 matches are made in one go; a forfeit in
// another round shows at once; the results table still lists every fixture.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

test('a 64-team round robin shows one round at a time and makes a round in one go', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('dialog', (d) => d.accept());
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', '六十四队');
  await page.click('#ev-create');
  await expect(page).toHaveURL(/\/event\//);
  await page.click('button[data-kind="team"]');
  const teams = Array.from({ length: 64 }, (_, i) => `队${i + 1}: 甲${i + 1}, 乙${i + 1}`);
  await page.fill('#en-bulk', teams.join('\n'));
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(64, { timeout: 30_000 });

  await page.click('button[data-tab="add"]');
  await page.selectOption('#comp-format', 'jiankang-guandan-team');
  await page.click('#comp-add');
  await expect(page.locator('#comp-title')).toBeVisible();
  await page.fill('#draw-seed', '64');
  await page.click('#draw-go');
  await expect(page.locator('#draw-seed-used')).toContainText('64');

  let t0 = Date.now();
  await page.click('#gen-schedule');
  await expect(page.locator('.round')).toHaveCount(63, { timeout: 60_000 });
  console.log(`generate + show: ${Date.now() - t0} ms`);
  await expect(page.locator('#rounds-collapsed')).toBeVisible();
  await expect(page.locator('.round[data-round="1"] div.fixture')).toHaveCount(32);
  await expect(page.locator('div.fixture')).toHaveCount(32);
  await expect(page.locator('button.mk-round')).toHaveCount(63);
  await expect(page.locator('#results tr.res-row')).toHaveCount(2016);

  t0 = Date.now();
  await page.click('button.mk-round[data-round="1"]');
  await expect(page.locator('.round[data-round="1"] a.open-match')).toHaveCount(32, { timeout: 60_000 });
  console.log(`round 1's 32 matches: ${Date.now() - t0} ms`);
  await expect(page.locator('#ev-msg')).toContainText('32');

  // Another round opened: its fixtures replace round 1's.
  await page.click('button.show-round[data-round="5"]');
  const r5 = page.locator('.round[data-round="5"] div.fixture');
  await expect(r5).toHaveCount(32);
  await expect(page.locator('.round[data-round="1"] div.fixture')).toHaveCount(0);
  t0 = Date.now();
  await r5.first().locator('details.fx-more summary').click();
  await r5.first().locator('button.forfeit[data-side="1"]').click();
  await expect(r5.first().locator('.side-name.forfeited')).toHaveCount(1, { timeout: 30_000 });
  console.log(`forfeit shown: ${Date.now() - t0} ms`);

  // Back on the event page after a reload: the tab opens on the competition.
  t0 = Date.now();
  await page.reload();
  await expect(page.locator('.round')).toHaveCount(63, { timeout: 60_000 });
  await expect(page.locator('div.fixture')).toHaveCount(32);
  console.log(`reload: ${Date.now() - t0} ms`);
  expect(errors).toEqual([]);
});
