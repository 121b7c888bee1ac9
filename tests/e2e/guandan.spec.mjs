// 掼蛋, driven as a referee would in the release build: set up a match through
// /new, tap the four seats in finishing order with the live preview, log one tribute with
// the rank/suit pickers and its validation messages, play through A with one failed attempt
// (A¹ → A²), undo, reload, export and import; then a per-deal-points match with an edit, a
// delete, a foul and a forfeit (18:0).
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ready } from './helpers.mjs';

/** Taps seats in finishing order (the fourth fills itself after three). */
async function tapOrder(page, seats) {
  for (const s of seats.slice(0, 3)) await page.click(`#gd-seat-${s}`);
  await expect(page.locator('#gd-order')).toContainText('›');
}

async function commitHand(page, seats, expectInPreview = []) {
  await tapOrder(page, seats);
  for (const text of expectInPreview) await expect(page.locator('#gd-preview')).toContainText(text);
  const before = await page.locator('#gd-history li.hand-row').count();
  await page.click('#gd-commit');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(before + 1);
}

async function newMatch(page, preset, a, b) {
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="guandan"]');
  await expect(page.locator('#gd-create')).toBeVisible();
  await page.selectOption('#gd-preset', preset);
  await page.fill('#gd-team-A', a);
  await page.fill('#gd-team-B', b);
  for (const [seat, name] of [['N', '张伟'], ['S', '李娜'], ['E', '王强'], ['W', '刘洋']]) {
    await page.fill(`#gd-player-${seat}`, name);
  }
  await page.click('#gd-create');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#gd-scoreboard')).toBeVisible();
}

/** The open match again, as a copy whose clock started `minutes` earlier (export → edit
 * → import), opened. */
async function openClockedEarlier(page, minutes) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#gd-export')]);
  const doc = JSON.parse(readFileSync(await download.path(), 'utf8'));
  const m = doc.matches[0];
  m.id = `${m.id}-t`;
  m.title = '时间到';
  m.entries.find((e) => e.op.type === 'clock').at_ms -= minutes * 60_000;
  await page.goto('/');
  await ready(page);
  await page.setInputFiles('#import-file', {
    name: 'late.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(doc)),
  });
  await page.click('#import-confirm');
  await expect(page.locator('#import-done')).toBeVisible();
  await page.goto(`/match/${m.id}`);
  await ready(page);
}

test('a full 掼蛋 game through A with one A failure and one tribute; undo, reload, export, import', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await newMatch(page, 'guandan-3-2-1', '红队', '蓝队');
  await expect(page.locator('#gd-level-A')).toHaveText('2');
  await expect(page.locator('#gd-level-B')).toHaveText('2');
  await expect(page.locator('#gd-due')).toContainText('无需进贡');

  // Hand 1: 北 头游, 南 三游 → 一三游, 红队 +2 (2→4); the preview names it before commit.
  await tapOrder(page, ['N', 'E', 'S']);
  await expect(page.locator('#gd-seat-W .gd-place')).toHaveText('末游');
  await expect(page.locator('#gd-verdict')).toContainText('一三游');
  await expect(page.locator('#gd-verdict')).toContainText('+2 (2→4)');
  await expect(page.locator('#gd-preview')).toContainText('单贡'); // next tribute shown
  await page.click('#gd-commit');
  await expect(page.locator('#gd-level-A')).toHaveText('4');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(1);

  // The tribute due before hand 2: single, 西 (末游) → 北 (头游), 西 leads.
  await expect(page.locator('#gd-due')).toContainText('单贡');
  await expect(page.locator('#gd-due')).toContainText('西 → 北');
  await page.click('button[data-tribute="paid"]');
  const pay = page.locator('.gd-pay[data-payer="W"]');
  // The heart level card (♥4 while 4 is played) is refused.
  await pay.locator('button[data-card-rank="4"]').click();
  await pay.locator('button[data-card-suit="H"]').click();
  await pay.locator('input.gd-confirm').check();
  await pay.locator('button[data-return-rank="J"]').click();
  await expect(page.locator('#gd-trib-status')).toContainText('逢人配');
  await expect(page.locator('#gd-trib-status')).toContainText('还贡超过上限');
  // Committing with an invalid tribute is refused with the message; nothing is logged.
  await tapOrder(page, ['N', 'S', 'E']);
  await page.click('#gd-commit');
  await expect(page.locator('#gd-commit-error')).toContainText('进贡');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(1);
  // Fix it: ♠A given, ♣3 returned → valid, 西 leads.
  await pay.locator('button[data-card-rank="A"]').click();
  await pay.locator('button[data-card-suit="S"]').click();
  await pay.locator('button[data-return-rank="3"]').click();
  await pay.locator('button[data-return-suit="C"]').click();
  await expect(page.locator('#gd-trib-ok')).toContainText('西 先出');
  // Hand 2: 双下 → +3 (4→7).
  await expect(page.locator('#gd-verdict')).toContainText('双下');
  await expect(page.locator('#gd-verdict')).toContainText('+3 (4→7)');
  await page.click('#gd-commit');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(2);
  await expect(page.locator('#gd-level-A')).toHaveText('7');
  await expect(page.locator('#gd-due')).toContainText('双贡');

  // Hands 3, 4: 双下 → 10, K.
  await commitHand(page, ['N', 'S', 'E'], ['+3 (7→10)']);
  await commitHand(page, ['S', 'N', 'W'], ['+3 (10→K)']);
  await expect(page.locator('#gd-level-A')).toHaveText('K');

  // Hand 5: 双下 at K: the rise stops at A (K +3 → A), it never skips A.
  await commitHand(page, ['N', 'S', 'W'], ['+1 (K→A)', '升级不越过A']);
  await expect(page.locator('#gd-level-A')).toHaveText('A¹');
  await expect(page.locator('#gd-a-count-A')).toHaveText('¹');

  // Hand 6: 红队 plays its A, 南 is last (一四游): not passed, attempt 1 failed → A².
  await commitHand(page, ['N', 'E', 'W'], ['打A未过']);
  await expect(page.locator('#gd-level-A')).toHaveText('A²');
  await expect(page.locator('#gd-scoreboard')).toContainText('满 3 次未过, 回 2');

  // A hand committed by mistake (蓝队 wins) and undone.
  await commitHand(page, ['E', 'W', 'N'], ['蓝队']);
  await expect(page.locator('#gd-level-B')).toHaveText('5');
  await page.click('#gd-undo');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(6);
  await expect(page.locator('#gd-level-B')).toHaveText('2');
  await expect(page.locator('#gd-level-A')).toHaveText('A²');

  // Reload mid-entry: committed hands and the tapped order both survive.
  await tapOrder(page, ['S', 'N', 'W']);
  await page.reload();
  await ready(page);
  await expect(page.locator('#gd-level-A')).toHaveText('A²');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(6);
  await expect(page.locator('#gd-order')).toContainText('南 › 北 › 西 › 东');

  // Hand 7: 南 头游, 北 二游 → 红队 passes A and wins the game.
  await expect(page.locator('#gd-verdict')).toContainText('过A获胜');
  await page.click('#gd-commit');
  await expect(page.locator('#gd-round-end')).toBeVisible();
  await expect(page.locator('#gd-winner')).toContainText('红队');
  await expect(page.locator('#gd-match-winner')).toContainText('红队');
  await expect(page.locator('#gd-entry')).toHaveCount(0);
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(7);
  // The history keeps the rule one tap away: hand 2 shows its tribute.
  const row2 = page.locator('#gd-history li.hand-row').nth(5);
  await row2.locator('summary').click();
  await expect(row2).toContainText('♠A');
  await expect(row2).toContainText('西 先出了本副');
  // The shared level chart has the start + 7 points per team.
  const points = await page.locator('figure.chart polyline.team-a').getAttribute('points');
  expect(points.trim().split(/\s+/)).toHaveLength(8);

  // Export, clear, import: the same result.
  const url = page.url();
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#gd-export')]);
  const path = await download.path();
  const exported = JSON.parse(readFileSync(path, 'utf8'));
  expect(exported.matches[0].setup.game).toBe('guandan');
  expect(exported.matches[0].setup.preset.id).toBe('guandan-3-2-1');
  const hands = exported.matches[0].entries.filter((e) => e.op.type === 'hand');
  expect(hands).toHaveLength(8);
  expect(hands[1].op.hand.guandan.tribute.payments[0].card).toEqual({ rank: 'A', suit: 'S' });
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await ready(page);
  await page.setInputFiles('#import-file', path);
  await page.click('#import-confirm');
  await expect(page.locator('#import-done')).toBeVisible();
  await page.goto(url);
  await ready(page);
  await expect(page.locator('#gd-winner')).toContainText('红队');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(7);

  // Sign-off locks the match.
  await page.locator('#gd-sheet summary').click();
  await page.fill('#gd-referee-name', '裁判甲');
  await page.click('#gd-sign-off');
  await expect(page.locator('#gd-locked')).toBeVisible();
  await expect(page.locator('#gd-undo')).toBeDisabled();
});

test('per-deal points: edit, delete, a foul and a forfeit 18:0', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await newMatch(page, 'jiankang-guandan', '甲队', '乙队');
  await expect(page.locator('#gd-meta')).toContainText('1/5');
  await expect(page.locator('#gd-meta')).toContainText('打 7');

  await commitHand(page, ['N', 'S', 'E'], ['+5 分']);
  await commitHand(page, ['E', 'N', 'W'], ['+3 分']);
  await expect(page.locator('#gd-scoreboard')).toContainText('积分 5');
  await expect(page.locator('#gd-meta')).toContainText('3/5');

  // Edit hand 1: it was 一四游 (北 头游, 南 末游) → 1 point.
  const row1 = page.locator('#gd-history li.hand-row').last();
  await row1.locator('summary').click();
  await row1.locator('button.edit').click();
  await page.click('#gd-clear-order');
  await tapOrder(page, ['N', 'E', 'W']);
  await expect(page.locator('#gd-verdict')).toContainText('一四游');
  await page.click('#gd-commit');
  await expect(page.locator('#gd-level-A')).toHaveText('1');
  await expect(page.locator('#gd-level-B')).toHaveText('3');
  await expect(page.locator('#gd-history .badge').first()).toBeVisible();

  // A foul with no level effect under this preset is still logged.
  await page.click('button[data-foul-seat="W"]');
  await page.click('button[data-foul-kind="out_of_turn"]');
  await expect(page.locator('#gd-fouls li')).toHaveCount(1);
  await commitHand(page, ['S', 'N', 'E'], ['不影响级数']);
  await expect(page.locator('#gd-level-A')).toHaveText('6');

  // Delete hand 3.
  page.once('dialog', (d) => d.accept());
  const row3 = page.locator('#gd-history li.hand-row').first();
  await row3.locator('summary').click();
  await row3.locator('button.delete').click();
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(2);
  await expect(page.locator('#gd-level-A')).toHaveText('1');

  // 乙队 leaves: forfeit → 甲队 wins 18:0.
  await page.locator('#gd-forfeit summary').click();
  await page.click('button[data-forfeit-team="B"]');
  await page.click('button[data-forfeit-reason="Withdrew"]');
  page.once('dialog', (d) => d.accept());
  await page.click('#gd-ff-commit');
  await expect(page.locator('#gd-winner')).toContainText('乙队 弃权');
  await expect(page.locator('#gd-match-winner')).toContainText('甲队');
  await expect(page.locator('#gd-level-A')).toHaveText('18');
  await expect(page.locator('#gd-level-B')).toHaveText('0');
});

test('round scoring: time-up closes the round (the hand in progress does not count), next round', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await newMatch(page, 'guandan-shift-3rounds', '一队', '二队');
  await page.click('#gd-clock-start');
  await expect(page.locator('#gd-clock-pause')).toBeVisible();
  await commitHand(page, ['N', 'S', 'E'], ['+3 (2→5)']);
  await expect(page.locator('#gd-scoreboard')).toContainText('得分 3');
  await expect(page.locator('#gd-time-up')).toHaveCount(0);

  // The same match with its round clock started 61 minutes earlier (export → edit → import).
  await openClockedEarlier(page, 61);
  await expect(page.locator('#gd-time-up')).toContainText('正在进行的一副不计');
  // The hand was logged after 60 minutes on that clock: flagged, still counted.
  await expect(page.locator('#gd-history .gd-late')).toHaveCount(1);
  await page.click('#gd-time-verdict');
  await expect(page.locator('#gd-round-end')).toContainText('本轮时间到');
  await expect(page.locator('#gd-round-end')).toContainText('3 : 0');
  await expect(page.locator('#gd-entry')).toHaveCount(0);
  // Round 2 starts at 2:2; the round scores add up.
  await page.click('#gd-next-round');
  await expect(page.locator('#gd-meta')).toContainText('第几轮 2');
  await expect(page.locator('#gd-level-A')).toHaveText('2');
  await expect(page.locator('#gd-scoreboard')).toContainText('得分 3');
  await expect(page.locator('#gd-due')).toContainText('无需进贡');
});

test('knock-out, 60 minutes a match: at the limit equal levels go to the team not declaring', async ({ page }) => {
  // RULES.md §2 guandan-knockout-60 (004 第五篇): at time the higher level wins; equal
  // levels → the team not declaring (在台下) wins.
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await newMatch(page, 'guandan-knockout-60', '一队', '二队');
  await page.click('#gd-clock-start');
  await expect(page.locator('#gd-clock')).toContainText('/ 60:00');
  await commitHand(page, ['N', 'S', 'E'], ['+3 (2→5)']);
  await commitHand(page, ['E', 'W', 'N'], ['+3 (2→5)']);
  await expect(page.locator('#gd-level-A')).toHaveText('5');
  await expect(page.locator('#gd-level-B')).toHaveText('5');
  await expect(page.locator('#gd-time-up')).toHaveCount(0);

  // The same match with its clock started 61 minutes earlier (export → edit → import).
  await openClockedEarlier(page, 61);
  // 5 : 5, and 二队's level is played next (it declares): 一队, not declaring, wins.
  await expect(page.locator('#gd-time-up')).toContainText('级别高者胜');
  await expect(page.locator('#gd-time-up')).toContainText('台下方胜');
  await expect(page.locator('#gd-time-verdict')).toContainText('一队');
  await page.click('#gd-time-verdict');
  await expect(page.locator('#gd-entry')).toHaveCount(0);
  await expect(page.locator('#gd-match-winner')).toContainText('一队');
});

test('once the next round has started, deleting the hand that won the round before is refused with a reason', async ({ page }) => {
  // A tester's case: it used to be saved, leaving round 1 with no winner behind round 2.
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="guandan"]');
  await page.selectOption('#gd-preset', 'guandan-5-3-1');
  await page.fill('#gd-team-A', '一队');
  await page.fill('#gd-team-B', '二队');
  await page.selectOption('#gd-level-A-start', 'A');
  await page.click('button[data-declarer="A"]');
  await page.click('#gd-create');
  await expect(page.locator('#gd-scoreboard')).toBeVisible();
  // 双上 at A: game 1 won; game 2 starts.
  await commitHand(page, ['N', 'S', 'E']);
  await page.click('#gd-next-round');
  await expect(page.locator('#gd-meta')).toContainText('2');
  const stored = () => page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('referee.')).sort());
  const before = await stored();
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    d.type() === 'confirm' ? d.accept() : d.dismiss();
  });
  const row = page.locator('#gd-history li.hand-row').first();
  await row.locator('summary').click();
  await row.locator('button.delete').click();
  await expect.poll(() => dialogs.length).toBe(2);
  expect(dialogs[1]).toContain('此修改使后面的副无法成立');
  expect(dialogs[1]).toContain('第 1 轮还没打完');
  expect(await stored()).toEqual(before);
  await page.reload();
  await ready(page);
  await expect(page.locator('#gd-meta')).toContainText('2');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('referee.quarantine.')))).toEqual([]);
});

test('the 掼蛋 result sheet lists the rulings and, signed, names the referee who signed', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  page.on('dialog', (d) => d.accept());
  await newMatch(page, 'guandan-3-2-1', '红队', '蓝队');
  await commitHand(page, ['N', 'E', 'S']);
  // The scoreboard's series line has no separator before its first part.
  for (const line of await page.locator('#gd-scoreboard .series').allTextContents()) {
    expect(line.trim()).not.toMatch(/^·/);
  }
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-warning');
  await page.fill('#ruling-referee', '裁判甲');
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);
  await page.locator('#gd-sheet summary').click();
  await expect(page.locator('#sheet-rulings li')).toHaveCount(1);
  await expect(page.locator('#sheet-rulings li')).toContainText('红队');
  await expect(page.locator('#sheet-referee')).toHaveCount(0);
  await page.fill('#gd-referee-name', '裁判甲');
  await page.click('#gd-sign-off');
  await expect(page.locator('#gd-locked')).toBeVisible();
  await expect(page.locator('#sheet-referee')).toContainText('裁判: 裁判甲');
  await expect(page.locator('#sheet-rulings li')).toHaveCount(1);
});
