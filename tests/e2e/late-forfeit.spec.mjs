// RULES.md §0 [r2] `late`, 004 第三篇 §六4 「每轮比赛迟到10分钟，作本轮弃权论处」: on the
// ruling panel a lateness at the preset's limit (掼蛋 3-2-1: 10 minutes) says, in its
// preview and its confirmation, that it forfeits the round; one minute less does not.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

test('a lateness at the limit says it is the forfeit', async ({ page }) => {
  const asked = [];
  page.on('dialog', (d) => {
    asked.push(d.message());
    d.accept();
  });
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="guandan"]');
  await page.selectOption('#gd-preset', 'guandan-3-2-1');
  await page.fill('#gd-team-A', '甲');
  await page.fill('#gd-team-B', '乙');
  await page.click('#gd-create');
  await expect(page.locator('#gd-scoreboard')).toBeVisible();
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-late');
  await expect(page.locator('#ruling-minutes')).toContainText('10');
  const preview = page.locator('#ruling-preview');
  await expect(preview).toContainText('迟到 10 分钟 → 弃权');
  await expect(preview).toContainText('获胜');
  await page.click('#ruling-panel .count.late button[aria-label="−"]');
  await expect(preview).toContainText('迟到 9 分钟');
  await expect(preview).not.toContainText('弃权');
  await page.click('#ruling-panel .count.late button[aria-label="+"]');
  await page.fill('#ruling-referee', '王裁判');
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);
  expect(asked.some((m) => m.includes('迟到 10 分钟 → 弃权'))).toBeTruthy();
  await expect(page.locator('#rulings li.ruling-row')).toContainText('弃权');
});
