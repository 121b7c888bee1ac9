// A table's match of an event and what the desk does behind its back (RULES.md §6, §0):
// the desk forfeits the table's fixture, then draws again — the table's page, open in
// another tab, says each in turn and still takes hands. A table match deleted on this
// device: the event page says so on its leg, 建本轮全部对局 names it instead of making a new
// one, and once restored from home the leg is as before.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

const TEAMS = ['红队', '蓝队', '绿队', '黄队'];
const AA = ['N', 'S', 'E', 'W']; // the team at N/S 双上

/** A new event `name` with four teams (one pair each) and the 健康杯 掼蛋 team round robin,
 * drawn with seed 1 and scheduled: round 1, table 1 is 绿队 v 蓝队. */
async function drawnRoundRobin(page, name) {
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
  await page.fill('#draw-seed', '1');
  await page.click('#draw-go');
  await page.click('#gen-schedule');
  await expect(page.locator('.fixture[data-fixture="r1f1"] .side-name')).toHaveText(['绿队', '蓝队']);
}

/** Enters the `n`th deal (N/S 双上) on a 掼蛋 page. */
async function deal(page, n) {
  for (const s of AA.slice(0, 3)) await page.click(`#gd-seat-${s}`);
  await expect(page.locator('#gd-order')).toContainText('›');
  await page.click('#gd-commit');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(n);
}

test('the desk forfeits a table’s fixture, then draws again: the table’s page says each and still takes hands', async ({ context }) => {
  const desk = await context.newPage();
  desk.on('dialog', (d) => d.accept());
  await drawnRoundRobin(desk, '桌边通知');
  const r1f1 = desk.locator('.fixture[data-fixture="r1f1"]');
  await desk.click('button.mk-round[data-round="1"]');
  await expect(desk.locator('.round[data-round="1"] a.open-match')).toHaveCount(2);
  const href = await r1f1.locator('a.open-match').getAttribute('href');

  const table = await context.newPage();
  await table.goto(href);
  await expect(table.locator('#gd-entry')).toBeVisible({ timeout: 30_000 });
  await deal(table, 1);
  await expect(table.locator('#fixture-forfeited')).toHaveCount(0);

  // The desk records 蓝队's forfeit of the fixture: 18 : 0.
  await r1f1.locator('details.fx-more summary').click();
  await r1f1.locator('button.forfeit', { hasText: '蓝队' }).click();
  await expect(r1f1.locator('.side-name.forfeited')).toHaveCount(1);
  const forfeited = table.locator('#fixture-forfeited');
  await expect(forfeited).toContainText('蓝队');
  await expect(forfeited).toContainText('18 : 0');
  await expect(forfeited).toContainText('不计入成绩');
  await deal(table, 2);
  await expect(forfeited).toBeVisible();

  // The desk draws again and makes the schedule anew: the old match is in no fixture.
  await desk.fill('#draw-seed', '16');
  await desk.click('#draw-go');
  await expect(desk.locator('#draw-seed-used')).toContainText('16');
  await desk.click('#gen-schedule');
  await expect(r1f1.locator('.side-name')).toHaveText(['绿队', '黄队']);
  const gone = table.locator('#match-unscheduled');
  await expect(gone).toContainText('赛程');
  await expect(gone).toContainText('不计入成绩');
  await expect(forfeited).toHaveCount(0);
  await deal(table, 3);
  await expect(gone).toBeVisible();
});

test('a table match deleted here: its leg says so, 建本轮全部对局 does not remake it and says why; restored, all is as before', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await drawnRoundRobin(page, '删除的对局');
  const eventUrl = page.url();
  const r1f1 = page.locator('.fixture[data-fixture="r1f1"]');
  await page.click('button.mk-round[data-round="1"]');
  await expect(page.locator('.round[data-round="1"] a.open-match')).toHaveCount(2);
  const href = await r1f1.locator('a.open-match').getAttribute('href');
  await r1f1.locator('a.open-match').click();
  await expect(page.locator('#gd-entry')).toBeVisible({ timeout: 30_000 });
  await deal(page, 1);
  // Deleted (asked first, accepted): its copy is kept on home.
  await page.click('#delete-match');
  await expect(page.locator('#deleted .deleted-row')).toHaveCount(1);

  const openComp = async () => {
    await page.goto(eventUrl);
    await ready(page);
    await page.click('button[data-tab="c1"]');
    await expect(r1f1).toBeVisible();
  };
  await openComp();
  const absent = r1f1.locator('.leg-absent[data-leg="0"]');
  await expect(absent).toHaveAttribute('data-deleted', 'true');
  await expect(absent).toContainText('已在本机删除');
  await expect(absent).toContainText('首页');
  await page.click('button.mk-round[data-round="1"]');
  await expect(page.locator('#ev-msg')).toContainText('r1f1');
  await expect(page.locator('#ev-msg')).toContainText('不会另建新对局');
  expect(await r1f1.locator('a.open-match').getAttribute('href')).toBe(href);

  // Restored on home: the leg has its match again, and nothing is said.
  await page.goto('/');
  await ready(page);
  await page.locator('#deleted button.restore').click();
  await expect(page.locator('#deleted')).toHaveCount(0);
  await openComp();
  await expect(page.locator('.leg-absent')).toHaveCount(0);
  await page.click('button.mk-round[data-round="1"]');
  await expect(page.locator('#ev-msg')).toContainText('本轮每桌都已有对局');
});
