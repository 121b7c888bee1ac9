// 掼蛋 wording on the match page (RULES.md §2): a single tribute 头游's own partner pays
// after 一四游 carries the preset's reading (004 「如果是單下，末游向頭游進貢」); in
// 淘汰赛（60分钟） the banner says the winners reached A first, not that they passed A.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

async function newMatch(page, preset) {
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="guandan"]');
  await page.selectOption('#gd-preset', preset);
  await page.fill('#gd-team-A', '甲');
  await page.fill('#gd-team-B', '乙');
  await page.click('#gd-create');
  await expect(page.locator('#gd-scoreboard')).toBeVisible();
}

async function commitHand(page, seats) {
  for (const s of seats.slice(0, 3)) await page.click(`#gd-seat-${s}`);
  const before = await page.locator('#gd-history li.hand-row').count();
  await page.click('#gd-commit');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(before + 1);
  await page.waitForTimeout(700);
}

test('一四游: the partner of 头游 pays, and the tribute line says it is the reading', async ({ page }) => {
  await newMatch(page, 'guandan-3-2-1');
  await commitHand(page, ['N', 'E', 'W', 'S']);
  await expect(page.locator('#gd-due')).toContainText('(解读: 末游进贡, 即使是头游的对家)');
});

test('淘汰赛（60分钟）: reaching A first is announced as such', async ({ page }) => {
  await newMatch(page, 'guandan-knockout-60');
  for (let i = 0; i < 4; i++) await commitHand(page, ['N', 'S', 'E', 'W']);
  await expect(page.locator('#gd-winner')).toContainText('最先打到A获胜');
  await expect(page.locator('#gd-winner')).not.toContainText('过A');
});
