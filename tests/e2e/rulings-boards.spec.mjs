// Rulings on 双升 boards (RULES.md §0 r2, §1.3): a game lost by team A on board 1 at table 1
// makes A's board result −20 (the preset's board-lost result, a reading) whatever the
// tables scored, and the match total follows; an appeal that overturns it brings the board
// and the total back. Each step survives a reload; the ruling is shown on its board and on
// the result sheet with the appeal.
import { test, expect } from '@playwright/test';
import { storedEntries } from './helpers.mjs';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.__appStarted = false;
    window.addEventListener('TrunkApplicationStarted', () => (window.__appStarted = true));
  });
});

async function booted(page) {
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
}

async function setPoints(page, sel, n) {
  await page.fill(sel, String(n));
  await page.locator(sel).dispatchEvent('change');
}

/** One table's result of one board, through the entry form. */
async function enter(page, table, board, attackers, points) {
  await page.click(`#dup-table-${table}`);
  await page.click(`[data-board-pick="${board}"]`);
  await page.click(`[data-attackers="${attackers}"]`);
  await setPoints(page, '#dup-points', points);
  await expect(page.locator('#dup-preview-score')).toContainText(String(points));
  await page.click('#dup-commit');
  await expect(page.locator('#dup-commit-error')).toHaveCount(0);
  await expect(page.locator(`[data-board-pick="${board}"]`)).toHaveClass(/entered/);
}

const board1 = (page) => page.locator('.dup-board[data-board="1"] .dup-result');

async function expectPlayed(page) {
  await expect(board1(page)).toHaveAttribute('data-result', '40');
  await expect(page.locator('#dup-total-A')).toHaveText('0');
  await expect(page.locator('#dup-won-A')).toHaveText('1');
}

async function expectLost(page) {
  await expect(board1(page)).toHaveAttribute('data-result', '-20');
  await expect(board1(page)).toContainText('判负');
  await expect(page.locator('#dup-total-A')).toHaveText('−60');
  await expect(page.locator('#dup-total-B')).toHaveText('+60');
  await expect(page.locator('#dup-won-A')).toHaveText('0');
}

/** A new 4-board match of 红队 and 蓝队; returns its id. */
async function newMatch(page) {
  await page.goto('/new');
  await booted(page);
  await page.click('[data-game="duplicate"]');
  await page.fill('#dup-team-A', '红队');
  await page.fill('#dup-team-B', '蓝队');
  await page.click('[data-count="4"]');
  await page.click('#dup-create');
  await expect(page).toHaveURL(/\/match\//);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
}

/** The ruling form filled: board, table, team, and a game lost. */
async function fillRuling(page, board, table, team) {
  await page.selectOption('#ruling-board', String(board));
  await page.click(`button[data-ruling-table="${table}"]`);
  await page.click(`button[data-ruling-team="${team}"]`);
  await page.click('#ruling-game-lost');
}

test('a game lost on a 双升 board changes the board and the total; an appeal overturns it', async ({ page }) => {
  await page.goto('/new');
  await booted(page);
  await page.click('[data-game="duplicate"]');
  await page.fill('#dup-team-A', '红队');
  await page.fill('#dup-team-B', '蓝队');
  await page.click('[data-count="4"]');
  // The set-up names the result of a board lost by ruling, as a reading.
  await page.locator('.dup-new details.preset > summary').click();
  await expect(page.locator('#dup-board-lost-rule')).toContainText('−20');
  await expect(page.locator('#dup-board-lost-rule')).toContainText('解读');
  await page.click('#dup-create');
  await expect(page).toHaveURL(/\/match\//);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());

  // Board 1 (North deals): 蓝队 attack 60 at table 1, 红队 100 at table 2 → 红队 +40.
  // Board 2 (East deals): 红队 50 at table 1, 蓝队 90 at table 2 → 红队 −40.
  await enter(page, 1, 1, 'B', 60);
  await enter(page, 2, 1, 'A', 100);
  await enter(page, 1, 2, 'A', 50);
  await enter(page, 2, 2, 'B', 90);
  await expectPlayed(page);

  // The ruling: 红队 lose board 1 at table 1 (signalling).
  await page.locator('#ruling-panel > summary').click();
  await expect(page.locator('#ruling-level-penalty')).toHaveCount(0); // boards have no levels
  await page.selectOption('#ruling-board', '1');
  await page.click('button[data-ruling-table="1"]');
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-game-lost');
  await page.fill('#ruling-reason', '暗示');
  await page.fill('#ruling-rule', '003 §二');
  await page.fill('#ruling-referee', '王裁判');
  await expect(page.locator('#ruling-preview')).toContainText('第 1 副 · 第 1 桌');
  await expect(page.locator('#ruling-preview')).toContainText('−20');
  await expect(page.locator('#ruling-preview')).toContainText('解读');
  page.once('dialog', (d) => d.accept());
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);
  await expectLost(page);
  await expect(page.locator('.dup-board[data-board="1"] .dup-board-rulings li')).toContainText('红队');
  // The entry log names the ruling's table and board.
  await page.locator('details.log > summary').click();
  await expect(page.locator('details.log li').last()).toContainText('第 1 桌 · 第 1 副');
  const [r] = (await storedEntries(page, id)).filter((e) => e.op.type === 'ruling');
  expect(r.op).toMatchObject({ ruling: { kind: 'game_lost', team: 'A' }, board: { number: 1, table: 1 }, referee: '王裁判' });

  // Reload-safe.
  await page.reload();
  await booted(page);
  await expectLost(page);
  await page.locator('#dup-sheet > summary').click();
  await expect(page.locator('#sheet-rulings li')).toContainText('第 1 副 · 第 1 桌');

  // Appeal to the chief referee: overturned. The board and the total come back.
  await page.locator('#ruling-panel > summary').click();
  await page.locator('#rulings li.ruling-row button.appeal-open').click();
  await page.fill('.appeal-appellant', '红队');
  await page.click('.appeal-overturned');
  await page.click('.appeal-chief');
  page.once('dialog', (d) => d.accept());
  await page.click('.appeal-commit');
  await expectPlayed(page);
  await expect(page.locator('.dup-board[data-board="1"] .dup-board-rulings')).toHaveCount(0);
  await expect(page.locator('#rulings li.ruling-row .appeal')).toContainText('撤销判罚');
  await expect(page.locator('#sheet-rulings li')).toContainText('撤销判罚');

  await page.reload();
  await booted(page);
  await expectPlayed(page);
  await page.locator('#dup-sheet > summary').click();
  await expect(page.locator('#sheet-rulings li .appeal')).toContainText('裁判长');
});

test('a board ruling edited in place (修改) moves to another board; undo and delete bring the boards back', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  const id = await newMatch(page);
  await enter(page, 1, 1, 'B', 60);
  await enter(page, 2, 1, 'A', 100);
  await enter(page, 1, 2, 'A', 50);
  await enter(page, 2, 2, 'B', 90);
  await expectPlayed(page);
  await page.locator('#ruling-panel > summary').click();
  await fillRuling(page, 1, 1, 'A');
  await page.fill('#ruling-referee', '王裁判');
  await page.click('#ruling-commit');
  await expectLost(page);

  // 修改: it was 蓝队, on board 2 at table 2. Board 1 as played; 蓝队's board 2 is −20.
  const row = page.locator('#rulings li.ruling-row');
  await row.locator('button.ruling-edit').click();
  await expect(page.locator('#ruling-editing')).toBeVisible();
  await expect(page.locator('#ruling-board')).toHaveValue('1');
  await expect(page.locator('button[data-ruling-table="1"]')).toHaveAttribute('aria-pressed', 'true');
  await fillRuling(page, 2, 2, 'B');
  await expect(page.locator('#ruling-preview')).toContainText('第 2 副 · 第 2 桌 · 蓝队 判负');
  await page.click('#ruling-commit');
  await expect(page.locator('#ruling-editing')).toHaveCount(0);
  await expect(row).toContainText('已修改');
  await expect(board1(page)).toHaveAttribute('data-result', '40');
  await expect(page.locator('.dup-board[data-board="2"] .dup-result')).toHaveAttribute('data-result', '20');
  await expect(page.locator('#dup-total-A')).toHaveText('+60');
  const edit = (await storedEntries(page, id)).find((e) => e.op.type === 'correct_ruling');
  expect(edit.op).toMatchObject({ ruling: { kind: 'game_lost', team: 'B' }, board: { number: 2, table: 2 } });

  // After a reload the edit is in force; undo voids it: board 1 is lost again.
  await page.reload();
  await booted(page);
  await expect(page.locator('#dup-total-A')).toHaveText('+60');
  await page.waitForTimeout(700);
  await page.click('#undo');
  await expectLost(page);

  // Delete the ruling: both boards as played.
  await page.locator('#ruling-panel > summary').click();
  await page.locator('#rulings li.ruling-row button.delete').click();
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(0);
  await expectPlayed(page);
});
