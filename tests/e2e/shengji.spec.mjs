// The referee's main job, driven as a referee would in the release build:
// set up a 升级 match, enter hands with 抠底 and penalties, see the live preview, edit an
// earlier hand, undo, reload mid-match, play to A, export, clear storage, import, and see
// the same result.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ready } from './helpers.mjs';

async function setPoints(page, sel, n) {
  await page.fill(sel, String(n));
  await page.press(sel, 'Tab');
}

async function commitHand(page, expectInPreview) {
  if (expectInPreview) await expect(page.locator('#preview-verdict')).toContainText(expectInPreview);
  const before = await page.locator('#history li.hand-row').count();
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(before + 1);
}

test('a whole 升级 match: entry, preview, edit, undo, reload, pass A, export and import', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);

  // 1. Set-up.
  await page.click('a[href="/new"]');
  await expect(page.locator('#create')).toBeVisible();
  await page.fill('#title', '决赛 第1桌');
  await page.fill('#team-a', '红队');
  await page.fill('#team-b', '蓝队');
  for (const [seat, name] of [['N', '张伟'], ['S', '李娜'], ['E', '王强'], ['W', '刘洋']]) {
    await page.fill(`#player-${seat}`, name);
  }
  await page.selectOption('#preset', 'jiankang-chaodipi');
  await page.selectOption('#level-A-start', 'Q');
  await page.click('button[data-seat="N"]');
  await page.click('#create');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#level-A')).toHaveText('Q');
  await expect(page.locator('#level-B')).toHaveText('2');

  // 2. Hand 1: 40 + 抠底 pair of 20 (×4) = 120 → 蓝队 takes over, +2.
  await setPoints(page, '#points', 40);
  await page.check('#kitty-on');
  await setPoints(page, '#kitty-points', 20);
  await page.click('button[data-unit="pair"]');
  await commitHand(page, '120');
  await expect(page.locator('#level-B')).toHaveText('4');

  // 3. Hand 2 (蓝队 declares): 70 + failed throw of 2 cards by the declarer (+20) = 90.
  await setPoints(page, '#points', 70);
  await page.click('button[data-kind="failed_throw"]');
  const pen = page.locator('li.penalty').first();
  await pen.locator('.count button', { hasText: '+' }).click();
  await expect(pen.locator('.pen-cards')).toContainText('2');
  await expect(page.locator('#preview')).toContainText('+20');
  await commitHand(page, '90');
  await expect(page.locator('#level-B')).toHaveText('4');

  // 4. Hand 3 (红队 declares at Q): 30 → +3, stops at A.
  await setPoints(page, '#points', 30);
  await commitHand(page, '30');
  await expect(page.locator('#level-A')).toHaveText('A');

  // 5. A points value off the 5-step is refused with a message, nothing changes.
  await setPoints(page, '#points', 83);
  await expect(page.locator('.field-error').first()).toContainText('83');

  // 6. Edit hand 1: it was 60 (+ the same 抠底) = 140 → 蓝队 +3; later hands replay.
  const row1 = page.locator('#history li.hand-row').last();
  await row1.locator('summary').click();
  await row1.locator('button.edit').click();
  await setPoints(page, '#points', 60);
  await expect(page.locator('#preview-verdict')).toContainText('140');
  await page.click('#commit');
  await expect(page.locator('#level-B')).toHaveText('5');
  await expect(page.locator('#history li.hand-row')).toHaveCount(3);
  await expect(page.locator('#history .badge').first()).toBeVisible();

  // 7. Undo: a hand committed by mistake is voided, the count goes back.
  await setPoints(page, '#points', 100);
  await commitHand(page);
  await page.click('#undo');
  await expect(page.locator('#history li.hand-row')).toHaveCount(3);
  await expect(page.locator('#level-A')).toHaveText('A');

  // 8. Reload mid-entry: the uncommitted form may go, nothing committed does.
  await setPoints(page, '#points', 55);
  await page.reload();
  await ready(page);
  await expect(page.locator('#level-A')).toHaveText('A');
  await expect(page.locator('#level-B')).toHaveText('5');
  await expect(page.locator('#history li.hand-row')).toHaveCount(3);

  // 9. 红队 declares at A and holds: passes A and wins.
  await setPoints(page, '#points', 40);
  await expect(page.locator('#preview-verdict')).toContainText('40');
  await page.click('#commit');
  await expect(page.locator('#game-winner')).toContainText('红队');
  const url = page.url();

  // 10. Export this match.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-match')]);
  const path = await download.path();
  const exported = JSON.parse(readFileSync(path, 'utf8'));
  expect(exported.schema_version).toBe(3);
  expect(exported.matches).toHaveLength(1);

  // 11. Clear storage: the match is gone.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);
  await expect(page.locator('#match-missing')).toBeVisible();

  // 12. Import and see the same result.
  await page.goto('/');
  await ready(page);
  await page.setInputFiles('#import-file', path);
  await expect(page.locator('#import-preview')).toContainText('决赛 第1桌');
  await page.click('#import-confirm');
  await expect(page.locator('#import-done')).toBeVisible();
  await page.goto(url);
  await ready(page);
  await expect(page.locator('#level-A')).toHaveText('A');
  await expect(page.locator('#level-B')).toHaveText('5');
  await expect(page.locator('#game-winner')).toContainText('红队');
  await expect(page.locator('#history li.hand-row')).toHaveCount(4);

  // Importing the same file again changes nothing.
  await page.goto('/');
  await ready(page);
  await page.setInputFiles('#import-file', path);
  await page.click('#import-confirm');
  await expect(page.locator('#import-done')).toContainText('1');
});

test('an invalid import names the field and changes nothing', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.click('#open-sample');
  await expect(page.locator('#scoreboard')).toBeVisible();
  const levelA = await page.locator('#level-A').textContent();
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-match')]);
  const doc = JSON.parse(readFileSync(await download.path(), 'utf8'));
  const hand = doc.matches[0].entries.find((e) => e.op.type === 'hand');
  hand.op.hand.shengji.points = 83;
  doc.matches[0].title = 'changed';
  await page.goto('/');
  await ready(page);
  await page.setInputFiles('#import-file', {
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(doc)),
  });
  await expect(page.locator('#import-error')).toContainText('points');
  await expect(page.locator('#import-error')).toContainText('matches[0].entries[');
  await expect(page.locator('#import-preview')).toHaveCount(0);
  await page.click('#open-sample');
  await expect(page.locator('#level-A')).toHaveText(levelA);
  await expect(page.locator('h1.match-title')).not.toContainText('changed');
});

test('time limit, overrun logging, sign-off locks and reopening is logged', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.click('#open-sample');
  await expect(page.locator('#scoreboard')).toBeVisible();
  // The sample's clock started 58 minutes ago; the limit is 120 minutes: no verdict yet.
  await expect(page.locator('#time-up')).toHaveCount(0);
  await page.click('#clock-pause');
  await expect(page.locator('#clock-resume')).toBeVisible();
  await page.click('#clock-resume');
  // Sign off: the entry form disappears; reopening needs a reason and is logged.
  await page.locator('#result-sheet summary').click();
  await page.fill('#referee-name', '裁判甲');
  await page.click('#sign-off');
  await expect(page.locator('#hand-entry')).toHaveCount(0);
  await expect(page.locator('#locked')).toBeVisible();
  await page.locator('#result-sheet input').fill('记分错误');
  await page.click('#reopen');
  await expect(page.locator('#hand-entry')).toBeVisible();
  await page.locator('details.log summary').click();
  await expect(page.locator('details.log')).toContainText('重新打开');
});
