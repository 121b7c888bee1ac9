// 炒地皮 (002 §一5 「如違例…第一次警告，第二次判罰80分」, RULES.md §0 [r2]): the second
// warning for burying not at once, given on the ruling panel, is 80 points scored with the
// hand in progress — the hand form says they are pending, the preview and the history row
// show them as a penalty of the warned team, and nothing is pending after the hand.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

// Taps right after a commit are ignored (a double tap stores one entry): wait that out.
const settle = (page) => page.waitForTimeout(700);

test('the 2nd bury warning is 80 points of the next hand entered', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/new');
  await ready(page);
  await page.fill('#team-a', '红队');
  await page.fill('#team-b', '蓝队');
  await page.selectOption('#preset', 'chaodipi-10');
  await page.click('button[data-seat="N"]');
  await page.click('#create');
  await expect(page).toHaveURL(/\/match\//);
  for (let i = 1; i <= 2; i++) {
    const panel = page.locator('#ruling-panel');
    if (!(await panel.evaluate((d) => d.open))) await page.locator('#ruling-panel > summary').click();
    await page.click('button[data-ruling-team="A"]');
    await page.click('#ruling-warning');
    await page.fill('#ruling-rule', '002 §一5');
    await page.fill('#ruling-referee', '王裁判');
    await page.click('#ruling-commit');
    await expect(page.locator('#rulings li.ruling-row')).toHaveCount(i);
    await settle(page);
  }
  await expect(page.locator('.sj-ruled-points[data-team="A"]')).toContainText('80 分');
  await expect(page.locator('.sj-ruled-points[data-team="A"]')).toContainText('红队');
  await page.fill('#points', '60');
  await page.press('#points', 'Tab');
  await expect(page.locator('#preview')).toContainText('(判罚)');
  await expect(page.locator('#preview-verdict')).toContainText('140');
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(1);
  await expect(page.locator('#history li.hand-row').first()).toContainText('(判罚) +80');
  await expect(page.locator('.sj-ruled-points')).toHaveCount(0);
});
