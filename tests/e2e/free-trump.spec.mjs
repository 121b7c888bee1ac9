// RULES.md §1.2 [r2], 南通 (002 南通纺院 「反主可任选定主」): after a 大王小王连对 or a 红五星
// its player names the trump — any suit, or no-trump — instead of being held to no-trump.
// The hand stores the suit named; any other show still gives its own suit.
import { test, expect } from '@playwright/test';
import { newNantongMatch, storedEntries } from './helpers.mjs';

test('南通: after a 红五星 the referee names the trump its player chose; the hand stores it and a level-card show gives its own', async ({ page }) => {
  await newNantongMatch(page, '红队', '蓝队');
  const id = decodeURIComponent(page.url().split('/match/')[1]);

  await page.click('details.declaring > summary');
  // A level-card show: its own suit, nothing to choose.
  await page.click('[data-show-seat="E"]');
  await page.click('[data-show="pair:H"]');
  await expect(page.locator('#free-trump')).toHaveCount(0);
  await expect(page.locator('details.declaring p.muted').last()).toContainText('♥');
  // 红五星 by North: no-trump unless named; the player names ♠.
  await page.click('[data-show-seat="N"]');
  await page.click('[data-show="STAR"]');
  await expect(page.locator('#free-trump button.selected')).toHaveAttribute('data-trump', 'NT');
  await page.click('#free-trump [data-trump="S"]');
  await expect(page.locator('#free-trump button.selected')).toHaveAttribute('data-trump', 'S');
  await expect(page.locator('details.declaring p.muted').last()).toContainText('♠');

  await page.fill('#points', '60');
  await page.press('#points', 'Tab');
  await expect(page.locator('#preview-verdict')).toContainText('60');
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(1);
  await expect(page.locator('#history li.hand-row').first()).toContainText('主 ♠');
  const hand = (await storedEntries(page, id)).find((e) => e.op.type === 'hand').op.hand.shengji;
  expect(hand.trump).toBe('S');
  expect(hand.declaring.map((s) => s.what)).toEqual(['pair:H', 'STAR']);
});
