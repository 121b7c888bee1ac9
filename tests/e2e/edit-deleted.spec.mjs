// Editing a hand that is deleted meanwhile (a tester's case): two tabs on one match (two
// pages of one browser context share localStorage; each follows the other's writes through
// the `storage` event). Tab A opens a hand for editing ("修改这一副"), tab B deletes it: tab A
// says so, leaves edit mode, and its commit button never silently does nothing. Also the
// same in one tab (the edited hand deleted from this tab's history). 掼蛋, 斗地主, 三打一, 升级
// (the sample match) and 双升 (whose typed result stays, as a new entry of its table).
import { test, expect } from '@playwright/test';
import { rowAction, storedEntries, ready } from './helpers.mjs';

const GONE = '正在修改的这一副已被删除';

/** A second tab on the match page `a` shows (same context: same localStorage). */
async function secondTab(context, a) {
  const b = await context.newPage();
  b.on('dialog', (d) => d.accept());
  await b.goto(a.url());
  await ready(b);
  return b;
}

const matchId = (page) => new URL(page.url()).pathname.split('/').pop();

/** A fresh start: empty storage, on /new. */
async function fresh(page) {
  page.on('dialog', (d) => d.accept());
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('/new');
  await ready(page);
}

test('掼蛋: the hand being edited is deleted in another tab → said, edit mode left, commit not silent', async ({ context }) => {
  const a = await context.newPage();
  await fresh(a);
  await a.click('button[data-game="guandan"]');
  await a.selectOption('#gd-preset', 'guandan-3-2-1');
  await a.fill('#gd-team-A', '红队');
  await a.fill('#gd-team-B', '蓝队');
  await a.click('#gd-create');
  await expect(a).toHaveURL(/\/match\//);
  const rows = (p) => p.locator('#gd-history li.hand-row');
  const tap = async (p, seats) => {
    for (const s of seats) await p.click(`#gd-seat-${s}`);
    await expect(p.locator('#gd-order')).toContainText('›');
  };
  await tap(a, ['N', 'E', 'S']);
  await a.click('#gd-commit');
  await expect(rows(a)).toHaveCount(1);
  await tap(a, ['E', 'N', 'W']);
  await a.click('#gd-commit');
  await expect(rows(a)).toHaveCount(2);

  const b = await secondTab(context, a);
  await expect(rows(b)).toHaveCount(2);

  // Tab A opens hand 1 for editing and changes the order.
  const first = rows(a).last();
  await rowAction(first, 'edit');
  await expect(a.locator('#gd-commit')).toHaveText('保存修改');
  await a.click('#gd-seat-E'); // the order is cut back to 北
  await tap(a, ['S', 'E']);

  // Tab B deletes hand 1.
  const firstB = rows(b).last();
  await rowAction(firstB, 'delete');
  await expect(rows(b)).toHaveCount(1);

  // Tab A follows: the message, out of edit mode, a new hand's empty form.
  await expect(rows(a)).toHaveCount(1);
  await expect(a.locator('#gd-commit-error')).toContainText(GONE);
  await expect(a.locator('#gd-commit')).toHaveText('确认本副');
  await expect(a.locator('#gd-cancel')).toHaveCount(0);
  // Commit now says what is missing (it used to do nothing at all).
  await a.click('#gd-commit');
  await expect(a.locator('#gd-commit-error')).toContainText('请先按名次点击四个座位');
  await expect(rows(a)).toHaveCount(1);
  // A new hand goes in as usual, and no correction of the deleted hand was ever stored.
  await tap(a, ['N', 'S', 'E']);
  await a.click('#gd-commit');
  await expect(rows(a)).toHaveCount(2);
  await expect(rows(b)).toHaveCount(2);
  const ops = (await storedEntries(a, matchId(a))).map((e) => e.op.type);
  expect(ops).not.toContain('correct');
  // A reload keeps the new-hand form (no stale edit draft comes back).
  await a.reload();
  await ready(a);
  await expect(a.locator('#gd-commit')).toHaveText('确认本副');
});

test('斗地主: the edited hand deleted in another tab, then in this tab → said, edit mode left', async ({ context }) => {
  const a = await context.newPage();
  await fresh(a);
  await a.click('button[data-game="doudizhu"]');
  for (const [i, n] of ['张三', '李四', '王五'].entries()) await a.fill(`#ddz-player-${i}`, n);
  await a.click('#ddz-create');
  await expect(a).toHaveURL(/\/match\//);
  const rows = (p) => p.locator('#history li.hand-row');
  const call = (p, v) => p.click(`#ddz-bidding button[data-call="${v}"]`);
  // Hand 1: 张三 bids 3 and goes out; hands 2 and 3: everybody passes (redeal).
  await call(a, 3);
  await a.click('#ddz-out button[data-player="0"]');
  await a.click('#commit');
  await expect(rows(a)).toHaveCount(1);
  for (let h = 2; h <= 3; h++) {
    for (let k = 0; k < 3; k++) await call(a, 'pass');
    await a.click('#commit');
    await expect(rows(a)).toHaveCount(h);
  }
  const b = await secondTab(context, a);
  await expect(rows(b)).toHaveCount(3);

  const heading = a.locator('#hand-entry h2');
  const first = rows(a).last();
  await rowAction(first, 'edit');
  await expect(heading).toHaveText('修改这一副');
  await expect(a.locator('#commit')).toHaveText('保存修改');

  const firstB = rows(b).last();
  await rowAction(firstB, 'delete');
  await expect(rows(b)).toHaveCount(2);

  await expect(rows(a)).toHaveCount(2);
  await expect(a.locator('#commit-error')).toContainText(GONE);
  await expect(heading).toHaveText('录入本局');
  await expect(a.locator('#commit')).toHaveText('确认本局');
  await expect(a.locator('#cancel-edit')).toHaveCount(0);
  // The form is a new hand's: it can be entered and committed.
  for (let k = 0; k < 3; k++) await call(a, 'pass');
  await expect(a.locator('#commit')).toBeEnabled();
  await a.click('#commit');
  await expect(rows(a)).toHaveCount(3);
  await expect(a.locator('#commit-error')).toHaveCount(0);

  // The same in one tab: the hand being edited deleted from this tab's history.
  const newest = rows(a).first();
  await rowAction(newest, 'edit');
  await expect(heading).toHaveText('修改这一副');
  await newest.locator('button.delete').click();
  await expect(rows(a)).toHaveCount(2);
  await expect(a.locator('#commit-error')).toContainText(GONE);
  await expect(heading).toHaveText('录入本局');
  await expect(rows(b)).toHaveCount(2);
  const ops = (await storedEntries(a, matchId(a))).map((e) => e.op.type);
  expect(ops).not.toContain('correct');
});

test('三打一: the deal being edited is deleted in another tab → said, edit mode left', async ({ context }) => {
  const a = await context.newPage();
  await fresh(a);
  await a.click('button[data-game="sandayi"]');
  for (const [i, n] of ['赵一', '钱二', '孙三', '李四'].entries()) await a.fill(`#sdy-player-${i}`, n);
  await a.click('#sdy-create');
  await expect(a).toHaveURL(/\/match\//);
  const rows = (p) => p.locator('#history li.hand-row');
  const call = (p, v) => p.click(`#sdy-bidding button[data-call="${v}"]`);
  for (let h = 1; h <= 2; h++) {
    await a.click('#sdy-first button[data-player="0"]');
    for (let k = 0; k < 4; k++) await call(a, 'pass');
    await a.click('#commit');
    await expect(rows(a)).toHaveCount(h);
  }
  const b = await secondTab(context, a);
  await expect(rows(b)).toHaveCount(2);

  const heading = a.locator('#hand-entry h2');
  const newest = rows(a).first();
  await rowAction(newest, 'edit');
  await expect(heading).toHaveText('修改这一副');

  const newestB = rows(b).first();
  await rowAction(newestB, 'delete');
  await expect(rows(b)).toHaveCount(1);

  await expect(rows(a)).toHaveCount(1);
  await expect(a.locator('#commit-error')).toContainText(GONE);
  await expect(heading).toHaveText('录入本局');
  await expect(a.locator('#cancel-edit')).toHaveCount(0);
  // The carried 荒番 is the new deal's (deal 1 was void), not the deleted deal's.
  await expect(a.locator('#sdy-huangfan-carried')).toContainText('#1');
  await a.click('#sdy-first button[data-player="0"]');
  for (let k = 0; k < 4; k++) await call(a, 'pass');
  await a.click('#commit');
  await expect(rows(a)).toHaveCount(2);
});

test('升级 (sample match): the hand being edited is deleted in another tab → said, edit mode left', async ({ context }) => {
  const a = await context.newPage();
  a.on('dialog', (d) => d.accept());
  await a.goto('/');
  await ready(a);
  await a.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await a.reload();
  await ready(a);
  await a.click('#open-sample');
  await expect(a).toHaveURL(/\/match\/sample-chaodipi$/);
  const rows = (p) => p.locator('#history li.hand-row');
  await expect(rows(a).first()).toBeVisible();
  const n = await rows(a).count();
  const b = await secondTab(context, a);
  await expect(rows(b)).toHaveCount(n);

  const heading = a.locator('#hand-entry h2');
  const newest = rows(a).first();
  await rowAction(newest, 'edit');
  await expect(heading).toHaveText('修改这一副');
  await expect(a.locator('#commit')).toHaveText('保存修改');

  const newestB = rows(b).first();
  await rowAction(newestB, 'delete');
  await expect(rows(b)).toHaveCount(n - 1);

  await expect(rows(a)).toHaveCount(n - 1);
  await expect(a.locator('#commit-error')).toContainText(GONE);
  await expect(heading).toHaveText('录入本副');
  await expect(a.locator('#commit')).toHaveText('确认本副');
  const ops = (await storedEntries(a, 'sample-chaodipi')).map((e) => e.op.type);
  expect(ops.filter((t) => t === 'correct').length).toBe(
    // the sample's own correction only
    (await storedEntries(b, 'sample-chaodipi')).filter((e) => e.op.type === 'correct').length
  );
});

test('双升: the table result being corrected is deleted in another tab → said; what was typed stays as a new entry', async ({ context }) => {
  const a = await context.newPage();
  await fresh(a);
  await a.click('[data-game="duplicate"]');
  await a.fill('#dup-team-A', '红队');
  await a.fill('#dup-team-B', '蓝队');
  await a.click('#dup-create');
  await expect(a).toHaveURL(/\/match\//);
  const setPoints = async (p, n) => {
    await p.fill('#dup-points', String(n));
    await p.locator('#dup-points').dispatchEvent('change');
    await expect(p.locator('#dup-points')).toHaveValue(String(n));
  };
  const cell = (p) => p.locator('.dup-board[data-board="1"] tr[data-table="1"] .dup-score-cell');
  await a.click('#dup-table-1');
  await a.click('[data-board-pick="1"]');
  await a.click('[data-attackers="B"]');
  await setPoints(a, 60);
  await a.click('#dup-commit');
  await expect(cell(a)).toHaveText('60');

  const b = await secondTab(context, a);
  await expect(cell(b)).toHaveText('60');

  // Tab A corrects it to 75 …
  await a.click('.dup-board[data-board="1"] tr[data-table="1"] .dup-why');
  await a.click('.dup-board[data-board="1"] tr.dup-detail[data-table="1"] .edit');
  await expect(a.locator('#dup-entry h2')).toContainText('修改');
  await setPoints(a, 75);
  // … while tab B deletes it.
  await b.click('.dup-board[data-board="1"] tr[data-table="1"] .dup-why');
  await b.click('.dup-board[data-board="1"] tr.dup-detail[data-table="1"] .delete');
  await expect(cell(b)).toHaveCount(0);

  await expect(cell(a)).toHaveCount(0);
  await expect(a.locator('#dup-commit-error')).toContainText('正在修改的这一桌结果已被删除');
  await expect(a.locator('#dup-entry h2')).not.toContainText('修改');
  await expect(a.locator('#dup-points')).toHaveValue('75');
  // Committed, it is board 1's result at table 1 again (it used to store a correction of
  // the deleted entry, which counts for nothing, and clear the form).
  await a.click('#dup-commit');
  await expect(cell(a)).toHaveText('75');
  await expect(cell(b)).toHaveText('75');
  await expect(a.locator('#dup-commit-error')).toHaveCount(0);
  const ops = (await storedEntries(a, matchId(a))).map((e) => e.op.type);
  expect(ops).not.toContain('correct');
});
