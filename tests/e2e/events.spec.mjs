// Tournaments, driven as a chief referee and two table referees would in the
// release build: three browser contexts (two tables and the desk). The desk sets up a
// 4-team round robin of 掼蛋 (健康杯 format: deal points, then 双上 count, then
// head-to-head), draws with a seed, generates the schedule, creates every table's match and
// hands each table its file. Each table imports its file, enters its matches on the 掼蛋
// page and exports everything; the desk imports both files at once (twice: idempotent),
// then a third file in which one entry differs (the same entry id with another finishing
// order): the two versions are shown side by side, the referee takes the file's, and the
// standings come out right — including a tie on points and 双上 broken head-to-head.
import { test, expect } from '@playwright/test';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ready, nantongEvent } from './helpers.mjs';

// Finishing orders from the point of view of the team named first (its pair sitting N/S).
const AA = ['N', 'S', 'E', 'W']; // 双上: 5 points
const A13 = ['N', 'E', 'S', 'W']; // 一三游: 3
const A14 = ['N', 'E', 'W', 'S']; // 一四游: 1
const BB = ['E', 'W', 'N', 'S']; // the other team 双上: 5
const B13 = ['E', 'N', 'W', 'S']; // the other team 3
const B14 = ['E', 'N', 'S', 'W']; // the other team 1
const FLIP = { N: 'E', S: 'W', E: 'N', W: 'S' };

const TEAMS = ['红队', '蓝队', '绿队', '黄队'];
// Five deals per match (000 §四: a round is 5 deals).
const SCRIPT = {
  '红队|蓝队': [AA, AA, A13, BB, B13], // 红 13 (双上 2) : 蓝 8 (1)
  '红队|绿队': [A14, BB, B13, B13, A13], // 红 4 : 绿 11 (1)
  '红队|黄队': [AA, AA, A13, A13, A14], // 红 17 (2) : 黄 0
  '蓝队|绿队': [BB, BB, A14, A14, A14], // 蓝 3 : 绿 10 (2)
  '蓝队|黄队': [AA, AA, A13, A13, A14], // 蓝 17 (2) : 黄 0
  '绿队|黄队': [AA, A13, A13, A14, BB], // 绿 12 (1) : 黄 5 (1)
};

/** The deals of a match with `a` at N/S and `b` at E/W. */
function deals(a, b) {
  if (SCRIPT[`${a}|${b}`]) return SCRIPT[`${a}|${b}`];
  return SCRIPT[`${b}|${a}`].map((o) => o.map((s) => FLIP[s]));
}

// Downloads are kept outside the browser context (a context deletes its own on close).
const DL = mkdtempSync(join(tmpdir(), 'ev-dl-'));
let dlCount = 0;
async function download(page, click) {
  const [d] = await Promise.all([page.waitForEvent('download'), click()]);
  dlCount += 1;
  const path = join(DL, `${dlCount}-${d.suggestedFilename()}`);
  await d.saveAs(path);
  return path;
}

/** A table referee: imports the desk's file, enters every match, exports everything. */
async function playTable(browser, packPath) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto('/');
  await ready(page);
  await page.setInputFiles('#import-file', packPath);
  await expect(page.locator('#import-preview')).toBeVisible();
  await page.click('#import-confirm');
  await expect(page.locator('#import-done')).toBeVisible();
  const pack = JSON.parse(readFileSync(packPath, 'utf8'));
  expect(pack.matches.length).toBe(3);
  for (const m of pack.matches) {
    expect(m.setup.game).toBe('guandan');
    expect(m.setup.preset.id).toBe('jiankang-guandan');
    const [a, b] = [m.setup.teams.A, m.setup.teams.B];
    await page.goto(`/match/${m.id}`);
    await expect(page.locator('#gd-entry')).toBeVisible({ timeout: 30_000 });
    let n = 0;
    for (const order of deals(a, b)) {
      for (const s of order.slice(0, 3)) await page.click(`#gd-seat-${s}`);
      await expect(page.locator('#gd-order')).toContainText('›');
      await page.click('#gd-commit');
      n += 1;
      await expect(page.locator('#gd-history li.hand-row')).toHaveCount(n);
    }
    await expect(page.locator('#gd-round-end')).toBeVisible();
  }
  await page.goto('/');
  await ready(page);
  const path = await download(page, () => page.click('#export-all'));
  await ctx.close();
  return path;
}

/** A new event `name` with the four teams (one pair each) and the 健康杯 掼蛋 team round
 * robin added (its tab open). */
async function teamRoundRobin(page, name) {
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', name);
  await page.click('#ev-create');
  await expect(page.locator('#en-bulk')).toBeVisible();
  await page.fill('#en-bulk', TEAMS.map((t) => `${t}: ${t}甲, ${t}乙`).join('\n'));
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(4);
  await page.click('button[data-tab="add"]');
  await page.selectOption('#comp-format', 'jiankang-guandan-team');
  await page.click('#comp-add');
}

async function standingsRows(page) {
  await expect(page.locator('#standings')).toBeVisible();
  return page.locator('#standings tr.st-row').evaluateAll((rows) =>
    rows.map((r) => ({
      rank: r.querySelector('.rank').textContent.trim(),
      name: r.querySelector('.name').textContent.trim(),
      total: Number(r.querySelector('.total').textContent),
      dw: Number(r.querySelector('.dw').textContent),
      note: r.querySelector('.note').textContent.trim(),
    }))
  );
}

test('a 4-team 掼蛋 round robin on two tables and the desk: draw, schedule, sync with one conflict, standings', async ({ browser }) => {
  test.setTimeout(300_000);
  const desk = await (await browser.newContext()).newPage();
  await desk.goto('/events');
  await ready(desk);

  // 1. The event and its entrants (teams of one pair each).
  await desk.fill('#ev-name', '健康杯 掼蛋 团体');
  await desk.fill('#ev-dates', '2024-05-01');
  await desk.click('#ev-create');
  await expect(desk).toHaveURL(/\/event\//);
  await expect(desk.locator('#ev-title')).toHaveText('健康杯 掼蛋 团体');
  await desk.click('button[data-kind="team"]');
  await desk.fill('#en-bulk', TEAMS.map((t, i) => `${t}: ${t}甲${i}, ${t}乙${i}`).join('\n'));
  await desk.click('#en-add');
  await expect(desk.locator('#entrants tbody tr')).toHaveCount(4);

  // 2. The game offered: 健康杯 掼蛋 team format (000 §四).
  await desk.click('button[data-tab="add"]');
  await desk.selectOption('#comp-format', 'jiankang-guandan-team');
  await desk.fill('#comp-name', '掼蛋团体');
  await desk.click('#comp-add');
  await expect(desk.locator('#comp-title')).toHaveText('掼蛋团体');

  // 3. Draw with a seed (reproducible), then the schedule: 3 rounds × 2 tables.
  await desk.fill('#draw-seed', '2024');
  await desk.click('#draw-go');
  await expect(desk.locator('#draw-seed-used')).toContainText('2024');
  const numbers = await desk.locator('#draw-table .draw-num').evaluateAll((xs) => xs.map((x) => x.value).sort());
  expect(numbers).toEqual(['1', '2', '3', '4']);
  await desk.click('#gen-schedule');
  await expect(desk.locator('.round')).toHaveCount(3);
  await expect(desk.locator('.fixture')).toHaveCount(6);
  await expect(desk.locator('#sched-warnings')).toHaveCount(0);
  // The same seed gives the same draw: redo it and compare the schedule.
  const before = await desk.locator('div.fixture .side-name').allTextContents();
  await desk.click('#draw-go');
  await desk.click('#gen-schedule');
  expect(await desk.locator('div.fixture .side-name').allTextContents()).toEqual(before);
  // Every pair meets exactly once.
  const pairs = new Set();
  for (const row of await desk.locator('.fixture').all()) {
    const [a, b] = await row.locator('.side-name').allTextContents();
    pairs.add([a, b].sort().join('|'));
  }
  expect(pairs.size).toBe(6);

  // 4. Every table's match, created from the schedule; one file per table.
  for (const r of [1, 2, 3]) await desk.click(`button.mk-round[data-round="${r}"]`);
  await expect(desk.locator('a.open-match')).toHaveCount(6);
  const pack1 = await download(desk, () => desk.click('button.table-pack[data-table="1"]'));
  const pack2 = await download(desk, () => desk.click('button.table-pack[data-table="2"]'));

  // 5. The two tables play (in their own browser contexts) and export.
  const [file1, file2] = await Promise.all([playTable(browser, pack1), playTable(browser, pack2)]);

  // 6. The desk merges both files at once — and once more: nothing changes the second time.
  await desk.click('button[data-tab="sync"]');
  await desk.setInputFiles('#sync-files', [file1, file2]);
  await expect(desk.locator('#import-log summary')).toContainText('(2)');
  await expect(desk.locator('#ev-msg')).toContainText('场补充');
  await expect(desk.locator('#no-conflicts')).toBeVisible();
  await desk.setInputFiles('#sync-files', [file1, file2]);
  await expect(desk.locator('#import-log summary')).toContainText('(4)');
  await expect(desk.locator('#ev-msg')).toContainText('0 场补充');
  await expect(desk.locator('#no-conflicts')).toBeVisible();

  await desk.click('button[data-tab="c1"]');
  let rows = await standingsRows(desk);
  expect(rows.map((r) => [r.name, r.total, r.dw])).toEqual([
    ['红队', 34, 4],
    ['绿队', 33, 4],
    ['蓝队', 28, 3],
    ['黄队', 5, 1],
  ]);
  await expect(desk.locator('#standings')).not.toContainText('需加赛');

  // 7. A third file in which one entry differs: the last deal of 红队 v 黄队 recorded as 黄队
  //    一四游 instead of 红队 一四游 (same entry id).
  const files = [file1, file2].map((p) => JSON.parse(readFileSync(p, 'utf8')));
  let changed = null;
  for (const doc of files) {
    for (const m of doc.matches) {
      const names = [m.setup.teams.A, m.setup.teams.B];
      if (names.includes('红队') && names.includes('黄队')) {
        const hands = m.entries.filter((e) => e.op.type === 'hand');
        const last = hands[hands.length - 1];
        const redNS = m.setup.teams.A === '红队';
        last.op.hand.guandan.order = redNS ? B14 : B14.map((s) => FLIP[s]);
        changed = doc;
      }
    }
  }
  expect(changed).not.toBeNull();
  const dir = mkdtempSync(join(tmpdir(), 'ev-'));
  const file3 = join(dir, 'table-backup.json');
  writeFileSync(file3, JSON.stringify(changed));
  await desk.click('button[data-tab="sync"]');
  await desk.setInputFiles('#sync-files', file3);
  await expect(desk.locator('li.conflict')).toHaveCount(1);
  await expect(desk.locator('#conflict-count')).toHaveText('1');
  const conflict = desk.locator('li.conflict');
  await expect(conflict.locator('.version.local .desc')).toContainText('#5');
  await expect(conflict.locator('.version.incoming .desc')).toContainText('#5');
  const localText = await conflict.locator('.version.local .desc').textContent();
  const fileText = await conflict.locator('.version.incoming .desc').textContent();
  expect(localText).not.toEqual(fileText);
  // Nothing was overwritten silently: the standings still use this device's entry.
  await desk.click('button[data-tab="c1"]');
  rows = await standingsRows(desk);
  expect(rows[0].name).toBe('红队');
  // The referee takes the file's version; the choice is logged.
  await desk.click('button[data-tab="sync"]');
  await desk.click('li.conflict button.take-file');
  await expect(desk.locator('#no-conflicts')).toBeVisible();
  await desk.locator('#resolutions summary').click();
  await expect(desk.locator('#resolutions li.resolution')).toHaveCount(1);
  // Importing the file again does not bring the decided conflict back.
  await desk.setInputFiles('#sync-files', file3);
  await expect(desk.locator('#no-conflicts')).toBeVisible();

  // 8. The right standings: 红队 33 = 绿队 33, 双上 4 = 4, head-to-head 绿队 11 : 红队 4.
  await desk.click('button[data-tab="c1"]');
  rows = await standingsRows(desk);
  expect(rows.map((r) => [r.rank, r.name, r.total, r.dw])).toEqual([
    ['1', '绿队', 33, 4],
    ['2', '红队', 33, 4],
    ['3', '蓝队', 28, 3],
    ['4', '黄队', 6, 1],
  ]);
  expect(rows[0].note).toContain('相互间成绩');
  await expect(desk.locator('#results tr.res-row')).toHaveCount(6);
  await expect(desk.locator('p.muted', { hasText: '全部比赛已结束' })).toBeVisible();

  // The match log keeps both versions: the table's hand stays, the choice is a correction.
  const changedMatch = changed.matches.find((m) => [m.setup.teams.A, m.setup.teams.B].includes('黄队') && [m.setup.teams.A, m.setup.teams.B].includes('红队'));
  await desk.goto(`/match/${changedMatch.id}`);
  await expect(desk.locator('#gd-history li.hand-row')).toHaveCount(5);
  await expect(desk.locator('#gd-history .badge', { hasText: '已修改' })).toHaveCount(1);
  await desk.goBack();
  await ready(desk);
  await desk.click('button[data-tab="c1"]');

  // 9. Output: CSV of the standings, and the print layout (A4) without the controls.
  const csvPath = await download(desk, () => desk.click('#csv-standings'));
  const csv = readFileSync(csvPath, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines).toHaveLength(2 + 4);
  expect(lines[2]).toContain('绿队');
  expect(lines[2].split(',')[8]).toBe('33');
  const resCsv = readFileSync(await download(desk, () => desk.click('#csv-results')), 'utf8');
  expect(resCsv.trim().split(/\r?\n/)).toHaveLength(2 + 6);
  await desk.emulateMedia({ media: 'print' });
  await expect(desk.locator('.ev-tabs')).toBeHidden();
  await expect(desk.locator('#ev-print')).toBeHidden();
  await expect(desk.locator('#standings')).toBeVisible();
  await expect(desk.locator('#results')).toBeVisible();
  await desk.emulateMedia({ media: 'screen' });

  // 10. A file from a newer schema version is refused with a clear message.
  await desk.click('button[data-tab="sync"]');
  await desk.setInputFiles('#sync-files', {
    name: 'newer.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ app: 'referee', schema_version: 99, kind: 'export', exported_ms: 0, matches: [] })),
  });
  await expect(desk.locator('#ev-msg')).toContainText('newer');

  // 11. Reload: the event, its schedule and the standings come back from storage.
  await desk.reload();
  await ready(desk);
  await desk.click('button[data-tab="c1"]');
  rows = await standingsRows(desk);
  expect(rows.map((r) => r.name)).toEqual(['绿队', '红队', '蓝队', '黄队']);
});

test('desk forfeits (18:0, two forfeits cancel) and a knock-out with best of 3 from the final', async ({ page }) => {
  // Marking or withdrawing a forfeit asks first (it changes the standings).
  const asked = [];
  let answer = 'dismiss';
  page.on('dialog', (d) => {
    asked.push(d.message());
    return answer === 'accept' ? d.accept() : d.dismiss();
  });
  await teamRoundRobin(page, '弃权与淘汰');
  for (const [i, t] of TEAMS.entries()) {
    const row = page.locator('#draw-table tr', { hasText: t });
    await row.locator('.draw-num').fill(String(i + 1));
    await row.locator('.draw-num').press('Tab');
    await expect(page.locator(`#draw-table tbody tr:nth-child(${i + 1})`)).toContainText(t);
  }
  await expect(page.locator('#draw-seed-used')).toContainText('手工');
  await page.click('#gen-schedule');
  await expect(page.locator('.fixture')).toHaveCount(6);
  // 黄队 (draw 4) does not come to two of its fixtures: forfeits recorded at the desk.
  const yellow = page.locator('.fixture', { has: page.locator('.side-name', { hasText: '黄队' }) });
  await expect(yellow).toHaveCount(3);
  const forfeit = async (k) => {
    const fx = yellow.nth(k);
    await fx.locator('details.fx-more summary').click();
    await fx.locator('button.forfeit', { hasText: '黄队' }).click();
    await expect(yellow.nth(k).locator('.side-name.forfeited')).toHaveCount(1);
  };
  // A stray tap answered "cancel" records nothing.
  {
    const fx = yellow.nth(0);
    await fx.locator('details.fx-more summary').click();
    const stored = () =>
      page.evaluate(() => JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('referee.event'))));
    const before = await stored();
    await fx.locator('button.forfeit', { hasText: '黄队' }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain('黄队');
    expect(asked[0]).toContain('弃权');
    await expect(fx.locator('.side-name.forfeited')).toHaveCount(0);
    expect(await stored()).toBe(before);
    await fx.locator('details.fx-more summary').click();
  }
  answer = 'accept';
  await forfeit(0);
  expect(asked).toHaveLength(2);
  let rows = await standingsRows(page);
  const winner0 = rows.find((r) => r.total === 18);
  expect(winner0).toBeTruthy();
  expect(rows.find((r) => r.name === '黄队').note).not.toContain('取消');
  await forfeit(1);
  rows = await standingsRows(page);
  // Two forfeits: 黄队's results are cancelled, its matches count for nobody (reading).
  const y = rows.find((r) => r.name === '黄队');
  expect(y.rank).toBe('—');
  expect(y.note).toContain('成绩取消');
  expect(rows[rows.length - 1].name).toBe('黄队');
  expect(rows.every((r) => r.total === 0)).toBe(true);

  // A knock-out of the same teams: best of 3 from the final only.
  await page.click('button[data-tab="add"]');
  await page.selectOption('#comp-format', 'guandan-5-3-1-ko');
  await page.click('#comp-add');
  await page.fill('#draw-seed', '7');
  await page.click('#draw-go');
  await page.click('#gen-schedule');
  await expect(page.locator('.round')).toHaveCount(2);
  await expect(page.locator('.round[data-round="1"] .fixture .badge')).toHaveCount(2);
  await page.locator('details.ev-rules summary').click();
  await page.click('button.ko-games[data-long="1-1"]');
  await expect(page.locator('.round[data-round="1"] .fixture .badge')).toHaveCount(0);
  await expect(page.locator('.round[data-round="2"] .fixture .badge')).toHaveText('每场 3 局');
  // The final waits for the semi-finals.
  await page.locator('.round[data-round="2"] button.mk-match').click();
  await expect(page.locator('#ev-msg')).toContainText('尚未确定');
  // Semi-finals decided by forfeit → the final can be created, with the lower draw N/S.
  for (const k of [0, 1]) {
    const fx = page.locator('.round[data-round="1"] .fixture').nth(k);
    await fx.locator('details.fx-more summary').click();
    await fx.locator('button.forfeit[data-side="1"]').click();
  }
  await page.locator('.round[data-round="2"] button.mk-match').click();
  await expect(page.locator('.round[data-round="2"] a.open-match')).toHaveCount(1);
  await page.locator('.round[data-round="2"] a.open-match').click();
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#gd-entry')).toBeVisible();
});

test('a new draw after a match was played: the fixture gets a match of its own teams, the old record stays and counts nowhere', async ({ page }) => {
  test.setTimeout(180_000);
  // The new draw asks for confirmation ("the records stay"): accept.
  page.on('dialog', (d) => d.accept());
  await teamRoundRobin(page, '重新抽签');

  // Seed 1: round 1, table 1 is 绿队 v 蓝队. The round's matches are created and 绿队 wins
  // that one 25:0 (five deals of 双上).
  await page.fill('#draw-seed', '1');
  await page.click('#draw-go');
  await page.click('#gen-schedule');
  const r1f1 = page.locator('.fixture[data-fixture="r1f1"]');
  await expect(r1f1.locator('.side-name')).toHaveText(['绿队', '蓝队']);
  await page.click('button.mk-round[data-round="1"]');
  await expect(page.locator('.round[data-round="1"] a.open-match')).toHaveCount(2);
  const oldHref = await r1f1.locator('a.open-match').getAttribute('href');
  await r1f1.locator('a.open-match').click();
  await expect(page.locator('#gd-entry')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('h1.match-title')).toContainText('绿队 vs 蓝队');
  for (let n = 1; n <= 5; n += 1) {
    for (const s of AA.slice(0, 3)) await page.click(`#gd-seat-${s}`);
    await expect(page.locator('#gd-order')).toContainText('›');
    await page.click('#gd-commit');
    await expect(page.locator('#gd-history li.hand-row')).toHaveCount(n);
  }
  await expect(page.locator('#gd-round-end')).toBeVisible();
  await page.goBack();
  await ready(page);
  await page.click('button[data-tab="c1"]');
  const res = page.locator('#results tr.res-row[data-fixture="r1f1"]');
  await expect(res).toContainText('绿队 : 蓝队');
  await expect(res.locator('.score')).toHaveText('25 : 0');
  expect((await standingsRows(page)).find((r) => r.name === '绿队').total).toBe(25);

  // Seed 16 (confirmed), the schedule again: round 1, table 1 is now 绿队 v 黄队.
  await page.fill('#draw-seed', '16');
  await page.click('#draw-go');
  await expect(page.locator('#draw-seed-used')).toContainText('16');
  await page.click('#gen-schedule');
  await expect(r1f1.locator('.side-name')).toHaveText(['绿队', '黄队']);
  await page.click('button.mk-round[data-round="1"]');
  await expect(page.locator('.round[data-round="1"] a.open-match')).toHaveCount(2);
  await expect(page.locator('#ev-msg')).toContainText('已建对局: 2');
  // Its match is a new one: not started, nothing credited to anybody.
  const newHref = await r1f1.locator('a.open-match').getAttribute('href');
  expect(newHref).not.toEqual(oldHref);
  await expect(res).toContainText('绿队 : 黄队');
  await expect(res.locator('.score')).toHaveText('');
  await expect(res).toContainText('未开始');
  const rows = await standingsRows(page);
  expect(rows.map((r) => r.total)).toEqual([0, 0, 0, 0]);
  // The new match names the fixture's teams and has no hands.
  await r1f1.locator('a.open-match').click();
  await expect(page.locator('#gd-entry')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('h1.match-title')).toContainText('绿队 vs 黄队');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(0);
  // The old match is still on this device as it was: 绿队 v 蓝队, five hands.
  await page.goto(oldHref);
  await expect(page.locator('h1.match-title')).toContainText('绿队 vs 蓝队', { timeout: 30_000 });
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(5);
  await expect(page.locator('#gd-round-end')).toBeVisible();
});

test('an event date that does not exist is refused where it is typed, and nothing is saved', async ({ page }) => {
  await page.goto('/events');
  await ready(page);
  const events = () =>
    page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('referee.event.')).length);
  await page.fill('#ev-name', '日期');
  await page.fill('#ev-dates', '2026-13-45');
  await page.click('#ev-create');
  await expect(page.locator('#ev-error')).toContainText('2026-13-45 不是存在的日期');
  await expect(page).toHaveURL(/\/events$/);
  expect(await events()).toBe(0);
  // Free text and real dates are taken.
  await page.fill('#ev-dates', '2024-02-29 至 3 月 2 日');
  await page.click('#ev-create');
  await expect(page).toHaveURL(/\/event\//);
  expect(await events()).toBe(1);
  // Edited on the event page: refused, the stored dates stay.
  await page.locator('details.ev-edit summary').click();
  await page.fill('#ev-edit-dates', '2025-02-29');
  await page.locator('#ev-edit-dates').press('Tab');
  await expect(page.locator('#ev-msg.error')).toContainText('2025-02-29 不是存在的日期');
  const stored = await page.evaluate(() =>
    Object.entries(localStorage).find(([k]) => k.startsWith('referee.event.'))[1]
  );
  expect(stored).toContain('2024-02-29 至 3 月 2 日');
  expect(stored).not.toContain('2025-02-29');
});

test('event page messages: a refused entrant line is named by its line, and the next good change clears the error', async ({ page }) => {
  await page.goto('/events');
  await ready(page);
  await expect(page.locator('#ev-name')).toHaveAttribute('maxlength', '60');
  await page.fill('#ev-name', '报名');
  await page.click('#ev-create');
  await expect(page.locator('#en-bulk')).toBeVisible();
  await expect(page.locator('#en-unit')).toHaveAttribute('maxlength', '60');
  // Line 3 (an empty line counted) has no name before the colon: nothing is added.
  await page.fill('#en-bulk', '红队: 甲, 乙\n\n: 无名, 氏');
  await page.click('#en-add');
  await expect(page.locator('#ev-msg.error')).toContainText('第 3 行');
  await expect(page.locator('#ev-msg.error')).toContainText('冒号前没有名称');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(0);
  // Corrected: added, and the old error is gone.
  await page.fill('#en-bulk', '红队: 甲, 乙\n\n无名: 无名, 氏');
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(2);
  await expect(page.locator('#ev-msg')).toHaveCount(0);
  await expect(page.locator('#entrants .en-name').first()).toHaveAttribute('maxlength', '60');
});

test('event page messages: an error said while the referee works below the header is scrolled into view (360×640)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', '报名');
  await page.click('#ev-create');
  await expect(page.locator('#en-bulk')).toBeVisible();
  await page.fill('#en-bulk', ['红队', '蓝队', '绿队', '黄队', '白队', '黑队'].map((n) => `${n}: ${n}1, ${n}2`).join('\n'));
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(6);
  // The entry box is now below the list: the header's message line is off screen.
  await page.fill('#en-bulk', ': 无名, 氏');
  await page.locator('#en-add').scrollIntoViewIfNeeded();
  await page.click('#en-add');
  await expect(page.locator('#ev-msg.error')).toContainText('冒号前没有名称');
  await expect(page.locator('#ev-msg')).toBeInViewport();
});

test('back from a table’s match (or a reload), the event page opens on the competition it was left on; the address, opened anew, on 参赛者', async ({ page }) => {
  await page.goto('/events');
  await ready(page);
  const plain = await nantongEvent(page, '返回');
  await expect(page).toHaveURL(plain);
  await page.locator('.fixture button.mk-match[data-leg="0"]').click();
  await page.locator('.fixture a.open-match[data-leg="0"]').click();
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#scoreboard')).toBeVisible();
  await page.goBack();
  await expect(page.locator('button[data-tab="c1"]')).toHaveClass(/selected/);
  await expect(page.locator('.fixture')).toHaveCount(1);
  await page.reload();
  await ready(page);
  await expect(page.locator('button[data-tab="c1"]')).toHaveClass(/selected/);
  // The same address opened anew (a new history entry): 参赛者, as before.
  await page.goto('/events');
  await ready(page);
  await page.goto(plain);
  await ready(page);
  await expect(page.locator('button[data-tab="entrants"]')).toHaveClass(/selected/);
  await expect(page.locator('#en-bulk')).toBeVisible();
});

test('new competition: the name’s placeholder follows the 赛制, 项目 and 规则 selects, and an empty name creates it so', async ({ page }) => {
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', '默认名称');
  await page.click('#ev-create');
  await expect(page.locator('#en-bulk')).toBeVisible();
  await page.click('button[data-tab="add"]');
  const name = page.locator('#comp-name');
  await page.selectOption('#comp-format', 'nantong-80fen-team');
  await expect(name).toHaveAttribute('placeholder', '南通纺院 80分团体 (胜2负1弃权0)');
  await page.selectOption('#comp-preset', 'qingpu-80fen');
  await expect(name).toHaveAttribute('placeholder', '青浦 80分 南通纺院 80分团体 (胜2负1弃权0)');
  await page.selectOption('#comp-preset', 'nantong-80fen');
  await expect(name).toHaveAttribute('placeholder', '南通纺院 80分团体 (胜2负1弃权0)');
  await page.selectOption('#comp-format', 'round-robin-2-1-0');
  await expect(name).toHaveAttribute('placeholder', '掼蛋 单循环 胜2平1负0');
  await page.selectOption('#comp-preset', 'guandan-5-3-1');
  await expect(name).toHaveAttribute('placeholder', /^掼蛋 5-3-1 .* 单循环 胜2平1负0$/);
  const placeholder = await name.getAttribute('placeholder');
  await page.click('#comp-add');
  await expect(page.locator('button[data-tab="c1"]')).toContainText(placeholder);
});

test('a 南通 team event refuses a team without its 4 players, naming it, and saves nothing; mended, it is made', async ({ page }) => {
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', '缺人');
  await page.click('#ev-create');
  await expect(page.locator('#en-bulk')).toBeVisible();
  // A team with no players yet is fine while it is in no competition.
  await page.fill('#en-bulk', '红队: 红1, 红2, 红3, 红4\n蓝队');
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(2);
  await page.click('button[data-tab="add"]');
  await page.selectOption('#comp-format', 'nantong-80fen-team');
  await page.click('#comp-add');
  await expect(page.locator('#ev-msg.error')).toContainText('蓝队 只有 0 名队员, 每队需要 4 名 (2 对)');
  await expect(page.locator('button[data-tab="c1"]')).toHaveCount(0);
  await page.click('button[data-tab="entrants"]');
  const blue = page.locator('#entrants tbody tr').nth(1).locator('input.en-members');
  await blue.fill('蓝1, 蓝2, 蓝3, 蓝4');
  await blue.dispatchEvent('change');
  await page.click('button[data-tab="add"]');
  await page.selectOption('#comp-format', 'nantong-80fen-team');
  await page.click('#comp-add');
  await expect(page.locator('button[data-tab="c1"]')).toHaveCount(1);
  // Once entered, a team's players cannot be cleared: refused, and the stored team keeps them.
  await page.click('button[data-tab="entrants"]');
  const red = page.locator('#entrants tbody tr').first().locator('input.en-members');
  await red.fill('');
  await red.dispatchEvent('change');
  await expect(page.locator('#ev-msg.error')).toContainText('红队 只有 0 名队员');
  await page.reload();
  await ready(page);
  await page.click('button[data-tab="entrants"]');
  await expect(page.locator('#entrants tbody tr').first().locator('input.en-members')).toHaveValue('红1, 红2, 红3, 红4');
});

test('a pair needs its two players in a 掼蛋 competition; a refused member edit puts the saved members back in the box', async ({ page }) => {
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', '缺人对');
  await page.click('#ev-create');
  await expect(page.locator('#en-bulk')).toBeVisible();
  await page.click('button[data-kind="pair"]');
  await page.fill('#en-bulk', '甲对: 甲一, 甲二\n乙对: 乙一, 乙二\n丙对');
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(3);
  await page.click('button[data-tab="add"]');
  await page.selectOption('#comp-format', 'guandan-5-3-1-ko');
  await page.click('#comp-add');
  await expect(page.locator('#ev-msg.error')).toContainText('丙对 只有 0 名选手, 每对需要 2 名');
  await expect(page.locator('button[data-tab="c1"]')).toHaveCount(0);
  await page.click('button[data-tab="entrants"]');
  const third = page.locator('#entrants tbody tr').nth(2).locator('input.en-members');
  await third.fill('丙一, 丙二');
  await third.dispatchEvent('change');
  await page.click('button[data-tab="add"]');
  await page.selectOption('#comp-format', 'guandan-5-3-1-ko');
  await page.click('#comp-add');
  await expect(page.locator('button[data-tab="c1"]')).toHaveCount(1);
  // Leaving an entered pair one player short is refused, and the box shows the saved pair
  // again at once (no reload), not the text that was not saved.
  await page.click('button[data-tab="entrants"]');
  const first = page.locator('#entrants tbody tr').first().locator('input.en-members');
  await first.fill('甲一');
  await first.dispatchEvent('change');
  await expect(page.locator('#ev-msg.error')).toContainText('甲对 只有 1 名选手');
  await expect(first).toHaveValue('甲一, 甲二');
});
