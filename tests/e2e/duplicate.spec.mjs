// 双升 duplicate team match: a 6-board match entered from both tables on two
// devices (two browser contexts, each with its own localStorage), moved between them by the
// match export (download) and the home page import, gives the same totals on both.
import { test, expect } from '@playwright/test';

// The app has booted when Trunk says so.
function instrument() {
  window.__appStarted = false;
  window.addEventListener('TrunkApplicationStarted', () => {
    window.__appStarted = true;
  });
}

async function device(browser, baseURL) {
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

async function open(page, path) {
  await page.goto(path);
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
}

/** Clicks the match's export button and saves the download; returns the file path. */
async function exportMatch(page, path) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-match')]);
  await download.saveAs(path);
  return path;
}

/** Imports a file on the home page and merges it. */
async function importFile(page, file) {
  await open(page, '/');
  await page.setInputFiles('#import-file', file);
  await expect(page.locator('#import-preview')).toBeVisible();
  await page.click('#import-confirm');
  await expect(page.locator('#import-done')).toBeVisible();
}

/** Opens the "level and dealer as played" section (it opens by itself when they differ from the list). */
async function openPlayed(page) {
  if (!(await page.locator('.dup-played').evaluate((e) => e.open))) await page.click('.dup-played > summary');
}

async function setPoints(page, sel, n) {
  await page.fill(sel, String(n));
  await page.locator(sel).dispatchEvent('change');
}

/**
 * Enters one table's result of one board through the form and commits it.
 * r: { board, attackers, points, kitty?: [points, unit], penalty?: { kind, team?, unit? },
 *      shows?: [[seat, code]…], refusal?: { kind, team }, level?, score }
 */
async function enter(page, table, r) {
  await page.click(`#dup-table-${table}`);
  await page.click(`[data-board-pick="${r.board}"]`);
  await page.click(`[data-attackers="${r.attackers}"]`);
  await setPoints(page, '#dup-points', r.points);
  if (r.kitty) {
    await page.check('#dup-kitty-on');
    await setPoints(page, '#dup-kitty-points', r.kitty[0]);
    await page.click(`[data-unit="${r.kitty[1]}"]`);
  }
  if (r.penalty) {
    await page.click(`[data-kind="${r.penalty.kind}"]`);
    if (r.penalty.team) await page.selectOption('li.penalty .pen-team', r.penalty.team);
    if (r.penalty.unit) await page.selectOption('li.penalty .pen-unit', r.penalty.unit);
  }
  if (r.shows) {
    await page.click('#dup-declaring > summary');
    for (const [seat, code] of r.shows) {
      await page.click(`[data-show-seat="${seat}"]`);
      await page.click(`[data-show="${code}"]`);
    }
    await expect(page.locator('#dup-declaring .shows li')).toHaveCount(r.shows.length);
  }
  if (r.refusal) {
    await page.click(`[data-refusal="${r.refusal.kind}"]`);
    await page.click(`[data-offender="${r.refusal.team}"]`);
  }
  if (r.level) {
    await openPlayed(page);
    await page.selectOption('#dup-level', r.level);
    await expect(page.locator('#dup-off-list')).toBeVisible();
  }
  // The live preview shows this table's score before the commit.
  await expect(page.locator('#dup-preview-score')).toContainText(String(r.score));
  await page.click('#dup-commit');
  await expect(page.locator('#dup-commit-error')).toHaveCount(0);
  await expect(page.locator(`[data-board-pick="${r.board}"]`)).toHaveClass(/entered/);
}

async function totals(page) {
  return {
    A: (await page.textContent('#dup-total-A')).trim(),
    B: (await page.textContent('#dup-total-B')).trim(),
    wonA: (await page.textContent('#dup-won-A')).trim(),
    wonB: (await page.textContent('#dup-won-B')).trim(),
    scored: (await page.textContent('#dup-scored')).trim(),
  };
}

// Team A sits N/S at table 1 (E/W at table 2). Dealers by the default list: N E S W N E, so
// team B attacks boards 1, 3, 5 at table 1 and team A attacks them at table 2 (and the
// reverse on 2, 4, 6). Team A's board result = A's attacking score − B's.
const TABLE1 = [
  // North shows a single ♠ level card, East counters with a ♥ pair (003 §二7–9).
  { board: 1, attackers: 'B', points: 60, shows: [['N', 'single:S'], ['E', 'pair:H']], score: 60 },
  { board: 2, attackers: 'A', points: 85, kitty: [10, 'tractor3'], score: 200 }, // 85 + 10×12 → clamp 200
  { board: 3, attackers: 'B', points: 70, kitty: [15, 'pair'], score: 130 },
  { board: 4, attackers: 'A', points: 40, penalty: { kind: 'failed_throw', unit: 'pair' }, score: 60 }, // B's failed pair +20
  { board: 5, attackers: 'B', points: 100, score: 100 },
  { board: 6, attackers: 'A', points: 45, score: 45 },
];
const TABLE2 = [
  { board: 1, attackers: 'A', points: 85, score: 85 },
  { board: 2, attackers: 'B', points: 110, score: 110 },
  { board: 3, attackers: 'A', points: 110, score: 110 },
  // B revokes (−20 on the table) and A does not accept: B's board result is −20.
  { board: 4, attackers: 'B', points: 30, penalty: { kind: 'revoke', team: 'B' }, refusal: { kind: 'revoke', team: 'B' }, score: 10 },
  { board: 5, attackers: 'A', points: 100, score: 100 },
  // Entered with the wrong level (8 instead of 7): flagged until corrected.
  { board: 6, attackers: 'B', points: 60, level: '8', score: 60 },
];
// Boards: +25, +90, −20, +20 (refusal), 0, −15 → A +100, boards won 3 : 2.

test('a 6-board duplicate match entered at two tables on two devices gives the same totals', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const d1 = await device(browser, baseURL);
  const d2 = await device(browser, baseURL);

  // Device 1 sets the match up.
  await open(d1.page, '/new');
  await d1.page.click('[data-game="duplicate"]');
  await d1.page.fill('#dup-team-A', '红队');
  await d1.page.fill('#dup-team-B', '蓝队');
  await d1.page.fill('#dup-player-A-1-0', '张伟');
  await d1.page.click('[data-count="6"]');
  await expect(d1.page.locator('#dup-board-count')).toHaveText('6');
  await expect(d1.page.locator('#dup-board-dealer-2')).toHaveValue('E');
  await d1.page.click('#dup-create');
  await expect(d1.page).toHaveURL(/\/match\//);
  const matchPath = new URL(d1.page.url()).pathname;
  await expect(d1.page.locator('#dup-scored')).toHaveText('0/6');

  // …and hands it to device 2 (the other table).
  const setupFile = await exportMatch(d1.page, testInfo.outputPath('setup.json'));
  await importFile(d2.page, setupFile);
  await open(d2.page, matchPath);
  await expect(d2.page.locator('#dup-scored')).toHaveText('0/6');

  // Each device enters its own table.
  await open(d1.page, matchPath);
  for (const r of TABLE1) await enter(d1.page, 1, r);
  for (const r of TABLE2) await enter(d2.page, 2, r);

  // A board entered twice for one table is refused, naming the board and the table.
  await d1.page.click('[data-board-pick="3"]');
  await expect(d1.page.locator('#dup-already')).toBeVisible();
  await d1.page.click('#dup-commit');
  await expect(d1.page.locator('#dup-commit-error')).toContainText('第 3 副 第 1 桌');
  await expect(d1.page.locator('#dup-scored')).toHaveText('0/6');

  // Device 2 → device 1: board 6 disagrees on the level and is flagged, not scored.
  await importFile(d1.page, await exportMatch(d2.page, testInfo.outputPath('table2.json')));
  await open(d1.page, matchPath);
  await expect(d1.page.locator('#dup-flags [data-flag="6"]')).toBeVisible();
  await expect(d1.page.locator('.dup-board[data-board="6"]')).toHaveAttribute('data-status', 'flagged');
  await expect(d1.page.locator('#dup-scored')).toHaveText('5/6');
  await expect(d1.page.locator('#dup-total-A')).toHaveText('+115');

  // Device 1 → device 2: the same on both.
  await importFile(d2.page, await exportMatch(d1.page, testInfo.outputPath('both.json')));
  await open(d2.page, matchPath);
  expect(await totals(d2.page)).toEqual(await totals(d1.page));

  // Device 2 corrects its board 6 (level 7 as listed): now scored.
  await d2.page.click('.dup-board[data-board="6"] tr[data-table="2"] .dup-why');
  await d2.page.click('.dup-board[data-board="6"] tr.dup-detail[data-table="2"] .edit');
  await expect(d2.page.locator('#dup-entry h2')).toContainText('修改');
  await openPlayed(d2.page);
  await d2.page.selectOption('#dup-level', '7');
  await expect(d2.page.locator('#dup-preview-result')).toContainText('红队 −15');
  await d2.page.click('#dup-commit');
  await expect(d2.page.locator('#dup-flags')).toHaveCount(0);
  await expect(d2.page.locator('#dup-total-A')).toHaveText('+100');

  // Device 2 → device 1 once more: both show the same final totals.
  await importFile(d1.page, await exportMatch(d2.page, testInfo.outputPath('final.json')));
  await open(d1.page, matchPath);
  const want = { A: '+100', B: '−100', wonA: '3', wonB: '2', scored: '6/6' };
  expect(await totals(d1.page)).toEqual(want);
  expect(await totals(d2.page)).toEqual(want);
  await expect(d1.page.locator('#dup-verdict')).toContainText('红队 获胜');
  await expect(d2.page.locator('#dup-verdict')).toContainText('红队 获胜');
  // The traveller: board 4's refusal (B −20) and board 1's result with running totals.
  await expect(d1.page.locator('.dup-board[data-board="4"] .dup-result')).toHaveAttribute('data-result', '20');
  await expect(d1.page.locator('.dup-board[data-board="1"] .dup-result')).toContainText('红队 +25');
  await expect(d1.page.locator('#dup-summary-table tr[data-board="6"]')).toContainText('+100 : −100');
  // One tap away: how a table's score was found (here with the declaring sequence).
  await d1.page.click('.dup-board[data-board="1"] tr[data-table="1"] .dup-why');
  await expect(d1.page.locator('.dup-board[data-board="1"] tr.dup-detail[data-table="1"]')).toContainText('♥');

  expect(d1.errors).toEqual([]);
  expect(d2.errors).toEqual([]);
  await d1.context.close();
  await d2.context.close();
});
