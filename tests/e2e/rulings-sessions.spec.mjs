// Rulings in a 斗地主 session (RULES.md §0 r2) in the release build: a game lost (判负) ends
// the table's session — the others' totals stand and the offender ranks last, shown as a
// reading —, no later hand can be entered; the ruling is then edited in place (the wrong
// player was named) and the edit undone. And the same edit in a game of teams: a 升级 level
// penalty of 1 edited to 2 takes 2 levels; undo brings the 1 back.
import { test, expect } from '@playwright/test';
import { storedEntries, ready } from './helpers.mjs';

// Taps right after a commit are ignored (a double tap stores one entry): wait that out.
const settle = (page) => page.waitForTimeout(700);

const call = (page, v) => page.click(`#ddz-bidding button[data-call="${v}"]`);

const ranking = (page) => page.locator('#ranking li');

test('a 斗地主 game lost ranks the offender last; the ruling is edited in place and the edit undone', async ({
  page,
}) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);
  await page.click('a[href="/new"]');
  await page.click('button[data-game="doudizhu"]');
  for (const [i, n] of ['张三', '李四', '王五'].entries()) await page.fill(`#ddz-player-${i}`, n);
  await page.click('#ddz-create');
  await expect(page).toHaveURL(/\/match\//);
  const matchId = decodeURIComponent(page.url().split('/match/')[1]);

  // Two hands: 张三 bids 3 and wins (+6 −3 −3), then 李四 bids 1 and wins (−1 +2 −1):
  // 张三 +5, 李四 −1, 王五 −4 — 张三 leads.
  await call(page, 3);
  await page.click('#ddz-out button[data-player="0"]');
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(1);
  await settle(page);
  await expect(page.locator('#ddz-turn')).toContainText('李四');
  await call(page, 1);
  await call(page, 'pass');
  await call(page, 'pass');
  await page.click('#ddz-out button[data-player="1"]');
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(2);
  await expect(page.locator('#total-0')).toHaveText('+5');
  await expect(ranking(page).first()).toHaveAttribute('data-player', '0');
  await settle(page);

  // The ruling panel names players, offers no level penalty, and says what a game lost does.
  await page.locator('#ruling-panel > summary').click();
  await expect(page.locator('button[data-ruling-player]')).toHaveCount(3);
  await expect(page.locator('#ruling-level-penalty')).toHaveCount(0);
  await page.click('button[data-ruling-player="0"]');
  await page.click('#ruling-game-lost');
  await expect(page.locator('#ruling-preview')).toContainText('张三 判负');
  await expect(page.locator('#ruling-preview')).toContainText('末位 (解读)');
  await page.fill('#ruling-reason', '暗示');
  await page.fill('#ruling-rule', '000 §一(五)4');
  await page.fill('#ruling-referee', '王裁判');
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);

  // The others' totals stand; 张三 ranks last, marked as a reading; the session is over.
  await expect(page.locator('#total-0')).toHaveText('+5');
  await expect(page.locator('#total-1')).toHaveText('−1');
  await expect(ranking(page)).toHaveCount(3);
  await expect(ranking(page).first()).toHaveAttribute('data-player', '1');
  await expect(ranking(page).last()).toHaveAttribute('data-player', '0');
  await expect(ranking(page).last()).toHaveAttribute('data-place', '3');
  await expect(ranking(page).last()).toContainText('判负 · 末位 (解读)');
  await expect(page.locator('#session-over')).toContainText('张三');
  // No later hand: the preview refuses it and the commit is disabled.
  await settle(page);
  await call(page, 3);
  await page.click('#ddz-out button[data-player="2"]');
  await expect(page.locator('#preview-error')).toContainText('本桌比赛已结束');
  await expect(page.locator('#commit')).toBeDisabled();

  // Edit in place: it was 王五, not 张三.
  const row = page.locator('#rulings li.ruling-row');
  await row.locator('button.ruling-edit').click();
  await expect(page.locator('#ruling-editing')).toBeVisible();
  await expect(page.locator('#ruling-referee')).toHaveValue('王裁判');
  await expect(page.locator('button[data-ruling-player="0"]')).toHaveAttribute('aria-pressed', 'true');
  await page.click('button[data-ruling-player="2"]');
  await expect(page.locator('#ruling-commit')).toHaveText('保存修改');
  await page.click('#ruling-commit');
  await expect(page.locator('#ruling-editing')).toHaveCount(0);
  await expect(row).toHaveCount(1);
  await expect(row.locator('strong')).toContainText('王五 判负');
  await expect(row).toContainText('已修改');
  await expect(ranking(page).first()).toHaveAttribute('data-player', '0');
  await expect(ranking(page).last()).toHaveAttribute('data-player', '2');
  await expect(page.locator('#session-over')).toContainText('王五');
  await expect(page.locator('#total-0')).toHaveText('+5');

  const entries = await storedEntries(page, matchId);
  const ruling = entries.find((e) => e.op.type === 'ruling');
  const edit = entries.find((e) => e.op.type === 'correct_ruling');
  expect(ruling.op).toMatchObject({ ruling: { kind: 'game_lost' }, player: 0, referee: '王裁判' });
  expect(edit.op).toMatchObject({ target: ruling.id, ruling: { kind: 'game_lost' }, player: 2, rule: '000 §一(五)4' });

  // After a reload the edit is in force; undo voids the edit and 张三 is last again.
  await page.reload();
  await ready(page);
  await expect(ranking(page).last()).toHaveAttribute('data-player', '2');
  await settle(page);
  await page.click('#undo');
  await expect(ranking(page).last()).toHaveAttribute('data-player', '0');
  await expect(page.locator('#session-over')).toContainText('张三');
});

test('a 升级 level penalty edited in place takes the new levels; undo brings the first version back', async ({
  page,
}) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/');
  await ready(page);
  await page.click('#open-sample');
  await expect(page).toHaveURL(/\/match\/sample-chaodipi$/);
  await expect(page.locator('#history li.hand-row').first()).toBeVisible();
  await expect(page.locator('#level-A')).toHaveText('A');
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-level-penalty');
  await page.fill('#ruling-rule', '002 §三2');
  await page.fill('#ruling-referee', '王裁判');
  await page.click('#ruling-commit');
  await expect(page.locator('#level-A')).toHaveText('K');
  await settle(page);

  // 修改: 2 levels, not 1.
  const row = page.locator('#rulings li.ruling-row');
  await row.locator('button.ruling-edit').click();
  await expect(page.locator('#ruling-levels')).toContainText('1');
  await page.locator('#ruling-panel .count button', { hasText: '+' }).click();
  await expect(page.locator('#ruling-levels')).toContainText('2');
  await page.click('#ruling-commit');
  await expect(page.locator('#level-A')).toHaveText('Q');
  await expect(row).toHaveCount(1);
  await expect(row.locator('strong')).toContainText('罚 2 级');
  await expect(row).toContainText('已修改');
  const entries = await storedEntries(page, 'sample-chaodipi');
  const edit = entries.find((e) => e.op.type === 'correct_ruling');
  expect(edit.op).toMatchObject({ ruling: { kind: 'level_penalty', team: 'A', levels: 2 }, rule: '002 §三2' });
  expect(edit.op.player).toBeUndefined();

  await settle(page);
  await page.click('#undo');
  await expect(page.locator('#level-A')).toHaveText('K');
  await expect(row.locator('strong')).toContainText('罚 1 级');
});

test('a ruling edited in two tabs: the second save is asked about, declined it keeps the first', async ({ context }) => {
  const a = await context.newPage();
  a.on('dialog', (d) => d.accept());
  await a.goto('/');
  await ready(a);
  await a.click('#open-sample');
  await expect(a).toHaveURL(/\/match\/sample-chaodipi$/);
  await a.locator('#ruling-panel > summary').click();
  await a.click('button[data-ruling-team="A"]');
  await a.click('#ruling-level-penalty');
  await a.fill('#ruling-rule', '002 §三2');
  await a.fill('#ruling-referee', '王裁判');
  await a.click('#ruling-commit');
  await expect(a.locator('#level-A')).toHaveText('K');
  await settle(a);

  const b = await context.newPage();
  const asked = [];
  b.on('dialog', (d) => {
    asked.push(d.message());
    d.message().includes('另一处修改') ? d.dismiss() : d.accept();
  });
  await b.goto('/match/sample-chaodipi');
  await expect(b.locator('#level-A')).toHaveText('K', { timeout: 30_000 });
  await b.locator('#ruling-panel > summary').click();
  // Both tabs open the same ruling for editing.
  await a.locator('#rulings li.ruling-row button.ruling-edit').click();
  await b.locator('#rulings li.ruling-row button.ruling-edit').click();
  await expect(b.locator('#ruling-editing')).toBeVisible();
  // A saves 2 levels.
  await a.locator('#ruling-panel .count button', { hasText: '+' }).click();
  await a.click('#ruling-commit');
  await expect(a.locator('#level-A')).toHaveText('Q');
  await expect(b.locator('#level-A')).toHaveText('Q');
  // B, still showing its form of 1 level, saves 3: asked first; declined, A's edit stands.
  await b.locator('#ruling-panel .count button', { hasText: '+' }).click();
  await b.locator('#ruling-panel .count button', { hasText: '+' }).click();
  await b.click('#ruling-commit');
  await expect.poll(() => asked.some((m) => m.includes('另一处修改'))).toBe(true);
  await b.waitForTimeout(500);
  await expect(b.locator('#level-A')).toHaveText('Q');
  const edits = (await storedEntries(b, 'sample-chaodipi')).filter((e) => e.op.type === 'correct_ruling');
  expect(edits).toHaveLength(1);
});
