// History rows say what was entered (trick points, 抠底 with its multiplier, each penalty
// with its team by name and its effect, 掼蛋 order and tribute), levels beside the team
// names; undo names what it undoes; the log numbers the hands.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

const row = (page, n) => page.locator('#history li.hand-row', { has: page.locator('.num', { hasText: new RegExp(`^#${n}$`) }) });

test('升级 sample: rows show the inputs with team names; undo and the log name the hand', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);
  await page.click('#open-sample');
  await expect(page.locator('#scoreboard')).toBeVisible();

  // Hand 3: 40 points and 抠底 20 with a pair. Hand 4: 55 points and a penalty on 红队.
  await expect(row(page, 3).locator('.entered')).toContainText('抓分 40');
  await expect(row(page, 3).locator('.entered')).toContainText(/抠底 20 ×\d+/);
  await expect(row(page, 4).locator('.entered')).toContainText('抓分 55');
  await expect(row(page, 4).locator('.entered')).toContainText(/罚 红队\/\S+ \S+ [+−-]?\d+/);
  await expect(row(page, 4).locator('.levels')).toContainText('红队');
  await expect(row(page, 4).locator('.levels')).toContainText('蓝队');
  // The opened row's steps name the team, not "A"/"B".
  await row(page, 4).locator('summary').click();
  await expect(row(page, 4).locator('ul.explain')).toContainText('罚 红队');

  // Undo names its target; after a new hand it names that hand.
  await expect(page.locator('#undo')).toContainText(/撤销上一步 · \S/);
  const hands = await page.locator('#history li.hand-row').count();
  await page.fill('#points', '40');
  await page.press('#points', 'Tab');
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(hands + 1);
  await expect(page.locator('#undo')).toContainText(`第 ${hands + 1} 副`);

  // The log: hands carry their number.
  await page.locator('details.log summary').click();
  await expect(page.locator('details.log')).toContainText('录入一副 · 第 1 副');
  await expect(page.locator('details.log')).toContainText(`录入一副 · 第 ${hands + 1} 副`);

  // In English the row speaks English around the names.
  await page.goto('/settings');
  await page.click('button[data-lang="en"]');
  await page.goto('/match/sample-chaodipi');
  await ready(page);
  await expect(row(page, 4).locator('.entered')).toContainText('Trick points 55');
  await expect(row(page, 4).locator('.entered')).toContainText('against 红队');
  await expect(page.locator('#undo')).toContainText(`Undo last action · Hand ${hands + 1}`);
});

test('掼蛋: rows show the finishing order, the tribute paid before the hand and the levels by team', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="guandan"]');
  await page.selectOption('#gd-preset', 'guandan-3-2-1');
  await page.fill('#gd-team-A', '红队');
  await page.fill('#gd-team-B', '蓝队');
  await page.click('#gd-create');
  await expect(page).toHaveURL(/\/match\//);
  const rows = page.locator('#gd-history li.hand-row');

  // Hand 1: 北 东 南 (西 last) → 西 pays 北 before hand 2.
  for (const s of ['N', 'E', 'S']) await page.click(`#gd-seat-${s}`);
  await page.click('#gd-commit');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('.entered')).toContainText('北、东、南、西');
  await expect(rows.first().locator('.levels')).toHaveText('红队 4 : 2 蓝队');

  // Hand 2 with its tribute: 西 → 北 ♥A, 北 returns ♣4.
  await page.click('button[data-tribute="paid"]');
  const west = page.locator('.gd-pay[data-payer="W"]');
  await west.locator('button[data-card-rank="A"]').click();
  await west.locator('button[data-card-suit="H"]').click();
  await west.locator('input.gd-confirm').check();
  await west.locator('button[data-return-rank="4"]').click();
  await west.locator('button[data-return-suit="C"]').click();
  for (const s of ['E', 'N', 'W']) await page.click(`#gd-seat-${s}`);
  await page.click('#gd-commit');
  await expect(rows).toHaveCount(2);
  const newest = rows.first().locator('.entered');
  await expect(newest).toContainText('西 → 北 ♥A');
  await expect(newest).toContainText('♣4');
  await expect(newest).toContainText('东、北、西、南');
});

test('斗地主 rows show the multiplier with its factors and every player\'s points', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="doudizhu"]');
  for (const [i, n] of ['Zhang', 'Li', 'Wang'].entries()) await page.fill(`#ddz-player-${i}`, n);
  await page.click('#ddz-create');
  await expect(page).toHaveURL(/\/match\//);
  const call = (v) => page.click(`#ddz-bidding button[data-call="${v}"]`);
  await call(1);
  await call(2);
  await call('pass');
  await page.click('#ddz-bombs-plus');
  await page.click('#ddz-out button[data-player="1"]');
  await page.click('#commit');
  const rows = page.locator('#history li.hand-row');
  await expect(rows).toHaveCount(1);
  // Visible on the row itself, without opening it.
  await expect(rows.first().locator('summary .entered')).toHaveText('倍数 2 (炸弹 ×2)');
  await expect(rows.first().locator('summary .deltas')).toHaveText('Zhang −4 · Li +8 · Wang −4');
});
