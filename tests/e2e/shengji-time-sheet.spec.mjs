// 升级 and 掼蛋 match pages as a tester saw them at 360×640: the time banner once the hand in
// progress after time is recorded, the countdown buttons only for the preset's own limits,
// the cards counter only for penalties counted per card, and editing a 掼蛋 hand naming
// that hand in the form's header.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

async function newShengji(page, preset) {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('/new');
  await ready(page);
  await expect(page.locator('#create')).toBeVisible();
  await page.fill('#team-a', '红队');
  await page.fill('#team-b', '蓝队');
  await page.selectOption('#preset', preset);
  await page.click('button[data-seat="N"]');
  await page.click('#create');
  await expect(page).toHaveURL(/\/match\//);
}

async function hand(page, points) {
  await page.fill('#points', String(points));
  await page.press('#points', 'Tab');
  const before = await page.locator('#history li.hand-row').count();
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(before + 1);
}

test('jiankang: no countdown buttons; after time the hand in progress, then the verdict is due', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-01T09:00:00') });
  await newShengji(page, 'jiankang-chaodipi');
  // 000 has no bury or play limit: no '扣底 —s' / '出牌 —s' chips.
  await expect(page.locator('.timers button')).toHaveCount(0);
  await page.click('#clock-start');
  await hand(page, 40); // 红队 庄 40 → +2
  await page.clock.fastForward('02:00:05');
  await expect(page.locator('#time-up')).toContainText('打完本副后领先方胜');
  await expect(page.locator('#verdict-due')).toHaveCount(0);
  // The hand in progress when time ran out, recorded: the verdict is due now.
  await hand(page, 90);
  await expect(page.locator('#verdict-due')).toContainText('记录裁决: 红队 胜');
  await expect(page.locator('#time-up')).not.toContainText('打完本副后');
  await page.click('#time-verdict');
  await expect(page.locator('#time-up')).toHaveCount(0);
});

test('chaodipi-10: check_cards has no cards counter, a failed throw has one', async ({ page }) => {
  await newShengji(page, 'chaodipi-10');
  await expect(page.locator('.timers button')).toHaveCount(2);
  await page.click('button[data-kind="check_cards"]');
  await page.click('button[data-kind="failed_throw"]');
  const rows = page.locator('li.penalty');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('.count')).toHaveCount(0);
  await expect(rows.nth(1).locator('.pen-cards')).toContainText('1');
});

test('掼蛋: editing hand 1 names hand 1 in the form, not the next hand', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="guandan"]');
  await page.selectOption('#gd-preset', 'jiankang-guandan');
  await page.fill('#gd-team-A', '甲队');
  await page.fill('#gd-team-B', '乙队');
  await page.click('#gd-create');
  await expect(page.locator('#gd-scoreboard')).toBeVisible();
  for (const order of [['N', 'S', 'E'], ['E', 'N', 'W']]) {
    for (const s of order) await page.click(`#gd-seat-${s}`);
    const before = await page.locator('#gd-history li.hand-row').count();
    await page.click('#gd-commit');
    await expect(page.locator('#gd-history li.hand-row')).toHaveCount(before + 1);
  }
  await expect(page.locator('#gd-next')).toContainText('第几副 3');
  const row1 = page.locator('#gd-history li.hand-row').last();
  await row1.locator('summary').click();
  await row1.locator('button.edit').click();
  await expect(page.locator('#gd-next')).toContainText('第几副 1');
  await expect(page.locator('#gd-due')).toContainText('本副无需进贡 (本轮第一副)');
});
