// 五子棋 referee board on the release build: a match created through the UI
// (/new → chip data-game="renju" → the renju form), stones placed by tapping a point twice
// (a single tap is only a ghost), a forbidden double-three (三三) claimed by white, one not
// claimed (white played on), undo, next game with swapped colours, the text record, the
// JSON export and its import into a fresh browser restoring the board.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.__appStarted = false;
    window.addEventListener('TrunkApplicationStarted', () => {
      window.__appStarted = true;
    });
  });
});

async function appReady(page) {
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
}

/** Creates a renju match through the set-up form; returns its URL path. */
async function newMatch(page, { p1, p2, firstBlack = 'p1', clock = 0 }) {
  await page.goto('/new');
  await appReady(page);
  await page.click('[data-game="renju"]');
  await page.fill('#rj-p1', p1);
  await page.fill('#rj-p2', p2);
  await page.click(`#rj-first-black-${firstBlack}`);
  await expect(page.locator('#rj-best-of-3')).toHaveClass(/selected/);
  await page.click(`#rj-clock-${clock}`);
  await page.click('#rj-create');
  await expect(page.locator('#rj-board')).toBeVisible();
  return new URL(page.url()).pathname;
}

const stones = (page) => page.locator('#rj-board [data-stone]');

/** Taps a point twice: the first tap shows a ghost only, the second logs the stone. */
async function place(page, point) {
  const before = await stones(page).count();
  await page.click(`[data-point="${point}"]`);
  await expect(page.locator(`[data-ghost="${point}"]`)).toHaveCount(1);
  await expect(stones(page)).toHaveCount(before);
  await page.click(`[data-point="${point}"]`);
  await expect(page.locator(`[data-stone="${point}"]`)).toHaveCount(1);
  await expect(page.locator('[data-ghost]')).toHaveCount(0);
}

async function play(page, points) {
  for (const p of points.split(/\s+/).filter(Boolean)) await place(page, p);
}

// Black g8 i8 h7 h9 (white far away), then black h8 makes two open threes: 三三.
const SETUP_DOUBLE_THREE = 'g8 a1 i8 a3 h7 a5 h9 a7';

test('a forbidden double-three is marked, named, highlighted and claimed; undo reopens it', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await newMatch(page, { p1: '张三', p2: '李四', firstBlack: 'p1' });
  await expect(page.locator('#rj-player-p1')).toHaveAttribute('data-colour', 'black');
  await expect(page.locator('#rj-player-p1')).toHaveClass(/to-move/);

  await play(page, SETUP_DOUBLE_THREE);
  await expect(stones(page)).toHaveCount(8);
  await expect(page.locator('[data-stone="g8"]')).toHaveAttribute('data-color', 'black');
  await expect(page.locator('[data-stone="a1"]')).toHaveAttribute('data-color', 'white');

  // A slip is not a move: one tap previews the verdict, a tap elsewhere moves the ghost,
  // cancel removes it — no stone is logged.
  await page.click('[data-point="h8"]');
  await expect(page.locator('#rj-pending-verdict')).toHaveAttribute('data-verdict', 'double_three');
  await expect(page.locator('#rj-preview')).toContainText('三三');
  await expect(page.locator('#rj-board .rj-shape')).toHaveCount(2);
  await page.click('[data-point="m3"]');
  await expect(page.locator('[data-ghost="m3"]')).toHaveCount(1);
  await expect(page.locator('#rj-pending-verdict')).toHaveCount(0);
  await page.click('#rj-cancel');
  await expect(page.locator('[data-ghost]')).toHaveCount(0);
  await expect(stones(page)).toHaveCount(8);

  // A tap on an occupied point is refused.
  await page.click('[data-point="g8"]');
  await expect(page.locator('#rj-error')).toBeVisible();
  await expect(stones(page)).toHaveCount(8);

  // Move numbers on; the toggle survives the next logged move.
  await page.click('#rj-numbers');
  await expect(page.locator('#rj-board .rj-num')).toHaveCount(8);

  // Black plays the double three (confirmed with the button this time).
  await page.click('[data-point="h8"]');
  await page.click('#rj-confirm');
  const h8 = page.locator('[data-stone="h8"]');
  await expect(h8.locator('.rj-num')).toHaveText('9');
  await expect(page.locator('#rj-numbers')).toHaveClass(/selected/);
  await expect(h8).toHaveAttribute('data-color', 'black');
  await expect(h8).toHaveClass(/forbidden/);
  const banner = page.locator('#rj-claim-banner');
  await expect(banner).toHaveAttribute('data-verdict', 'double_three');
  await expect(banner).toContainText('三三');
  await expect(banner).toContainText('h8');
  await expect(page.locator('#rj-board .rj-shape[data-kind="Three"]')).toHaveCount(2);
  // The undo names the stone it would take back as a move, not as a hand.
  await expect(page.locator('#rj-undo .undo-target')).toHaveText(' · 第 9 手 h8');

  // White claims: black loses game 1.
  await page.click('#rj-claim');
  await expect(page.locator('#rj-game-end')).toHaveAttribute('data-reason', 'forbidden_claimed');
  await expect(page.locator('#rj-wins-p2')).toHaveText('1');
  await expect(page.locator('#rj-wins-p1')).toHaveText('0');
  await expect(h8).toHaveClass(/claimed/);
  await expect(page.locator('#rj-claim-banner')).toHaveCount(0);
  await expect(page.locator('#rj-undo .undo-target')).toHaveText(' · 白方指出禁手 (判黑负)');

  // Undo (a void of the claim): the claim is offered again; claim once more.
  await page.click('#rj-undo');
  await expect(page.locator('#rj-claim-banner')).toBeVisible();
  await expect(page.locator('#rj-wins-p2')).toHaveText('0');
  await page.click('#rj-claim');
  await expect(page.locator('#rj-wins-p2')).toHaveText('1');

  // The record names the forbidden move and its claim.
  await page.click('#rj-record-box > summary');
  const record = page.locator('#rj-record');
  await expect(record).toContainText('9. ● h8');
  await expect(record).toContainText('三三 — 已指出');

  // Next game: colours swap by default (the referee's entry); 李四 has black.
  await expect(page.locator('#rj-next-black-p2')).toHaveClass(/selected/);
  await page.click('#rj-next-game');
  await expect(page.locator('#rj-player-p2')).toHaveAttribute('data-colour', 'black');
  await expect(stones(page)).toHaveCount(0);
  await expect(page.locator('#rj-meta')).toContainText('第 2 局');
  // Game 1's board is still one tap away.
  await page.click('#rj-game-1');
  await expect(stones(page)).toHaveCount(9);
  await page.click('#rj-game-2');
  await expect(stones(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a forbidden double-three not claimed: white plays on, the record says so, export/import restores the board', async ({ page, browser, baseURL }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const path = await newMatch(page, { p1: 'Alice', p2: 'Bob', firstBlack: 'p2', clock: 10 });
  await expect(page.locator('#rj-player-p2')).toHaveAttribute('data-colour', 'black');
  await expect(page.locator('#rj-clock-p1')).toHaveText('10:00');
  await page.click('#rj-clock-start');
  await expect(page.locator('#rj-clock-pause')).toBeVisible();

  await play(page, SETUP_DOUBLE_THREE + ' h8');
  await expect(page.locator('#rj-claim-banner')).toHaveAttribute('data-verdict', 'double_three');

  // White plays on instead of claiming: "not claimed" is recorded, the game continues.
  await page.click('[data-point="o15"]');
  await expect(page.locator('#rj-preview')).toContainText('未指出');
  await page.click('[data-point="o15"]');
  await expect(page.locator('#rj-claim-banner')).toHaveCount(0);
  await expect(page.locator('[data-stone="h8"]')).toHaveClass(/not-claimed/);
  await expect(page.locator('#rj-game-end')).toHaveCount(0);
  const row = page.locator('#rj-forbidden-list .rj-forbidden-row');
  await expect(row).toHaveAttribute('data-claim', 'NotClaimed');
  await expect(row).toContainText('未指出');
  // Tapping the row highlights its lines again.
  await row.click();
  await expect(page.locator('#rj-board .rj-shape[data-kind="Three"]')).toHaveCount(2);

  // Black goes on to make five on row 8: e8 f8 g8 h8 i8 (exactly five).
  await play(page, 'f8 n1 e8');
  await expect(page.locator('#rj-game-end')).toHaveAttribute('data-reason', 'five');
  await expect(page.locator('#rj-wins-p2')).toHaveText('1');

  // The text record: numbered moves, the forbidden move and its status.
  await page.click('#rj-record-box > summary');
  const text = await page.locator('#rj-record').innerText();
  expect(text).toContain('  1. ● g8');
  expect(text).toContain('  9. ● h8  禁手 三三 — 未指出');
  expect(text).toContain(' 10. ○ o15');
  expect(text).toContain(' 13. ● e8  五连');
  const dl = page.waitForEvent('download');
  await page.click('#rj-download');
  const txt = await dl;
  expect(txt.suggestedFilename()).toMatch(/^renju-.*\.txt$/);
  expect(readFileSync(await txt.path(), 'utf8')).toContain('  9. ● h8  禁手 三三 — 未指出');

  // JSON export, then import into a fresh browser (empty storage): the board is restored.
  const jd = page.waitForEvent('download');
  await page.click('#rj-export');
  const json = await jd;
  const file = await json.path();
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  expect(doc.matches[0].setup.game).toBe('renju');
  expect(doc.matches[0].entries.filter((e) => e.op.type === 'hand').length).toBe(13);

  const fresh = await browser.newContext({ baseURL });
  await fresh.addInitScript(() => {
    window.__appStarted = false;
    window.addEventListener('TrunkApplicationStarted', () => {
      window.__appStarted = true;
    });
  });
  const p2 = await fresh.newPage();
  await p2.goto('/');
  await appReady(p2);
  await p2.setInputFiles('#import-file', file);
  await p2.click('#import-confirm');
  await expect(p2.locator('#import-done')).toBeVisible();
  await p2.goto(path);
  await appReady(p2);
  await expect(p2.locator('#rj-board [data-stone]')).toHaveCount(13);
  await expect(p2.locator('[data-stone="h8"]')).toHaveClass(/not-claimed/);
  await expect(p2.locator('[data-stone="o15"]')).toHaveAttribute('data-color', 'white');
  await expect(p2.locator('#rj-game-end')).toHaveAttribute('data-reason', 'five');

  // English: the shape and the claim status come from the string table.
  await p2.click('a[href="/settings"]');
  await p2.click('[data-lang="en"]');
  await p2.goto(path);
  await appReady(p2);
  await expect(p2.locator('#rj-forbidden-list')).toContainText('double-three');
  await expect(p2.locator('#rj-forbidden-list')).toContainText('not claimed');
  await expect(p2.locator('#rj-game-result')).toContainText('five in a row');
  await fresh.close();
  expect(errors).toEqual([]);
});
