// 掼蛋 3-2-1 (004 第一篇 §六2 「一付牌中一方…受到2次警告，判罰1次犯規」): two warnings given
// on the ruling panel during a hand are one foul of that hand, scored when it is entered —
// the hand form says they are pending, the preview and the result sheet count them.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

// Taps right after a commit are ignored (a double tap stores one entry): wait that out.
const settle = (page) => page.waitForTimeout(700);

test('two ruling-panel warnings are one foul of the next hand entered', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="guandan"]');
  await page.selectOption('#gd-preset', 'guandan-3-2-1');
  await page.fill('#gd-team-A', '甲');
  await page.fill('#gd-team-B', '乙');
  await page.click('#gd-create');
  await expect(page.locator('#gd-scoreboard')).toBeVisible();
  for (let i = 1; i <= 2; i++) {
    const panel = page.locator('#ruling-panel');
    if (!(await panel.evaluate((d) => d.open))) await page.locator('#ruling-panel > summary').click();
    await page.click('button[data-ruling-team="A"]');
    await page.click('#ruling-warning');
    await page.fill('#ruling-rule', '004 第一篇 §六2');
    await page.fill('#ruling-referee', '王裁判');
    await page.click('#ruling-commit');
    await expect(page.locator('#rulings li.ruling-row')).toHaveCount(i);
    await settle(page);
  }
  await expect(page.locator('.gd-ruled-warnings[data-team="A"]')).toContainText('警告 2 次');
  for (const s of ['E', 'W', 'N']) await page.click(`#gd-seat-${s}`);
  await expect(page.locator('#gd-preview')).toContainText('犯规 1 次 (越序 0, 警告 2)');
  await page.click('#gd-commit');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(1);
  await expect(page.locator('.gd-ruled-warnings')).toHaveCount(0);
  await page.locator('#gd-sheet > summary').click();
  await expect(page.locator('#gd-sheet tr', { hasText: '犯规' })).toContainText('2');
});
