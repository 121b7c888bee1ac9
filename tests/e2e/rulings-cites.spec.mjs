// A ruling's rule (RULES.md §0 r2): a preset citation reads in the UI language but is stored
// as the preset writes it (南通 §四), the text warnings are counted under; 健康杯 (000) offers
// its game-lost rules (000 §一(四)2, §一(五)4) as chips for a game lost.
import { test, expect } from '@playwright/test';
import { newNantongMatch, ready, storedEntries } from './helpers.mjs';

test('in English the 南通 chip fills "Nantong §4", the record keeps 南通 §四, the row reads Nantong §4', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await newNantongMatch(page, '红队', '蓝队');
  const id = decodeURIComponent(page.url().split('/match/')[1]);
  await page.evaluate(() => localStorage.setItem('referee.settings', JSON.stringify({ lang: 'en' })));
  await page.reload();
  await ready(page);
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-warning');
  const chip = page.locator('#ruling-rule-choices button[data-rule-cite="南通 §四"]');
  await expect(chip).toContainText('Nantong §4');
  await chip.click();
  await expect(page.locator('#ruling-rule')).toHaveValue('Nantong §4');
  await page.fill('#ruling-referee', 'Wang');
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);
  await expect(page.locator('#rulings li.ruling-row')).toContainText('Nantong §4');
  await expect(page.locator('#rulings li.ruling-row')).not.toContainText('南通');
  const ruling = (await storedEntries(page, id)).find((e) => e.op.type === 'ruling');
  expect(ruling.op.rule).toBe('南通 §四');
});

test('健康杯: the game-lost rules are chips for a game lost, not for a warning', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.click('#open-sample');
  await expect(page).toHaveURL(/\/match\/sample-chaodipi$/);
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-warning');
  await expect(page.locator('#ruling-lost-choices')).toHaveCount(0);
  await page.click('#ruling-game-lost');
  const chip = page.locator('#ruling-lost-choices button[data-rule-cite="000 §一(五)4"]');
  await expect(chip).toContainText('暗示/作弊');
  await expect(page.locator('#ruling-lost-choices button[data-rule-cite="000 §一(四)2"]')).toHaveCount(1);
  await chip.click();
  await expect(page.locator('#ruling-rule')).toHaveValue('000 §一(五)4');
});
