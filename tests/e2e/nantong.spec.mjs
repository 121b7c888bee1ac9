// The 南通 team event of RULES.md §1.4 r2 (002 南通纺院) in the release build: each team
// fields two pairs, one table each; a table's team match is 90 minutes in all and all three
// games are played (not best of 3), each game won 2 points, lost 1. Table 1 plays three
// games and the time runs out in the third: the game in progress goes to the team leading
// it (a reading, shown as one), and no fourth game is offered. Table 2's time runs out in
// its first game. The event's standings add the points; the two teams end level, and the
// play-off game recorded at the desk orders them and scores nothing (「加赛不记分」).
import { test, expect } from '@playwright/test';
import { storedEntries, ready, nantongEvent, newNantongMatch } from './helpers.mjs';

// Taps right after a commit are ignored (a double tap stores one entry): wait that out.
const settle = (page) => page.waitForTimeout(700);

async function hand(page, points, expectInPreview) {
  await page.fill('#points', String(points));
  await page.press('#points', 'Tab');
  if (expectInPreview) await expect(page.locator('#preview-verdict')).toContainText(expectInPreview);
  const before = await page.locator('#history li.hand-row').count();
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(before + 1);
  await settle(page);
}

/** The stored match's team names (A = N/S, B = E/W). */
const teamsOf = (page, id) =>
  page.evaluate((id) => JSON.parse(localStorage.getItem(`referee.match.${id}`)).match.setup.teams, id);

async function openLeg(page, eventUrl, leg) {
  await page.goto(eventUrl);
  await ready(page);
  await page.click('button[data-tab="c1"]');
  await page.locator(`.fixture a.open-match[data-leg="${leg}"]`).click();
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#scoreboard')).toBeVisible();
  return decodeURIComponent(page.url().split('/match/')[1]);
}

async function standingsRows(page) {
  await expect(page.locator('#standings')).toBeVisible();
  return page.locator('#standings tr.st-row').evaluateAll((rows) =>
    rows.map((r) => ({
      rank: r.querySelector('.rank').textContent.trim(),
      name: r.querySelector('.name').textContent.trim(),
      total: Number(r.querySelector('.total').textContent),
      note: r.querySelector('.note').textContent.trim(),
    }))
  );
}

test('南通 team match: three games, time up in the third to the leader, 2/1 a game, the standings and an unscored play-off', async ({ page }) => {
  // A form not touched since the last commit asks before it records (the same 0 again).
  page.on('dialog', (d) => d.accept());
  await page.clock.install({ time: new Date('2026-03-01T15:00:00') });
  await page.goto('/events');
  await ready(page);
  const eventUrl = await nantongEvent(page, '南通纺院 80分');
  for (const leg of [0, 1]) {
    await page.locator(`.fixture button.mk-match[data-leg="${leg}"]`).click();
    await expect(page.locator(`.fixture a.open-match[data-leg="${leg}"]`)).toBeVisible();
  }

  // Table 1.
  const m1 = await openLeg(page, eventUrl, 0);
  const t1 = await teamsOf(page, m1);
  const team = (n) => n.replace(/ \d$/, '');
  const [x, y] = [team(t1.A), team(t1.B)];
  const tm = page.locator('#team-match');
  await expect(tm).toContainText('第 1/3 局');
  await expect(tm).toContainText('共 90 分钟, 打满 3 局 (非三局两胜); 每局胜 2 分, 负 1 分, 弃权 0 分');
  await expect(tm.locator('.reading')).toContainText('进行中的一局判领先方胜');
  await expect(tm.locator('.reading')).toContainText('(解读)');
  await page.click('#clock-start');
  await settle(page);
  // Game 1: A declares; 0, 0, 0 take it from 2 to 10, to A, and through A.
  await hand(page, 0, '+8');
  await hand(page, 0);
  await hand(page, 0);
  await expect(page.locator('#game-winner')).toContainText(t1.A);
  await expect(page.locator('#team-points')).toContainText(`${t1.A} 2 : 1 ${t1.B}`);
  await expect(page.locator('#series-winner')).toHaveCount(0);
  await page.click('#next-game');
  await settle(page);
  // Game 2: B declares and wins the same way.
  await expect(tm).toContainText('第 2/3 局');
  for (let i = 0; i < 3; i++) await hand(page, 0);
  await expect(page.locator('#game-winner')).toContainText(t1.B);
  await expect(page.locator('#team-points')).toContainText(`${t1.A} 3 : 3 ${t1.B}`);
  // Two games won each would end a best of 3; here the third game is played.
  await expect(page.locator('#series-winner')).toHaveCount(0);
  await page.click('#next-game');
  await settle(page);
  // Game 3: A declares, 40 → A 2 → 6; then the 90 minutes of the whole team match are up.
  await expect(tm).toContainText('第 3/3 局');
  await hand(page, 40, '+4');
  await expect(page.locator('#time-up')).toHaveCount(0);
  await page.clock.fastForward('01:30:00');
  await expect(page.locator('#time-up')).toBeVisible();
  // The verdict ends the team match at once: the banner says so, not "finish the hand".
  await expect(page.locator('#time-up')).toContainText('进行中的一局判领先方胜, 团体赛结束');
  await expect(page.locator('#match-clock')).toContainText('/ 90:00');
  await page.click('#time-verdict');
  await expect(page.locator('#game-winner')).toContainText(`${t1.A} 获胜 (时间到)`);
  await expect(page.locator('#team-points')).toContainText(`${t1.A} 5 : 4 ${t1.B}`);
  await expect(tm).toContainText('团体赛结束');
  await expect(page.locator('#series-winner')).toContainText(`团体赛胜者 (积分): ${t1.A} (5:4)`);
  await expect(page.locator('#next-game')).toHaveCount(0);
  const ops = (await storedEntries(page, m1)).map((e) => e.op.type);
  expect(ops.filter((o) => o === 'next_game')).toHaveLength(2);
  expect(ops.filter((o) => o === 'time_verdict')).toHaveLength(1);

  // Table 2 (the teams change sides): the time runs out in its first game, which goes to
  // the leader; the games not started are not played.
  const m2 = await openLeg(page, eventUrl, 1);
  const t2 = await teamsOf(page, m2);
  expect(team(t2.A)).toBe(y);
  await page.click('#clock-start');
  await settle(page);
  await hand(page, 40, '+4');
  await page.clock.fastForward('01:30:00');
  await page.click('#time-verdict');
  await expect(page.locator('#team-points')).toContainText(`${t2.A} 2 : 1 ${t2.B}`);
  await expect(page.locator('#team-match')).toContainText('团体赛结束');
  await expect(page.locator('#next-game')).toHaveCount(0);

  // The event: 5 + 1 = 6 for x, 4 + 2 = 6 for y — level, a play-off is due.
  await page.goto(eventUrl);
  await ready(page);
  await page.click('button[data-tab="c1"]');
  let rows = await standingsRows(page);
  expect(rows.map((r) => [r.rank, r.total]).sort()).toEqual([
    ['1', 6],
    ['1', 6],
  ]);
  expect(rows.every((r) => r.note.includes('加赛'))).toBe(true);
  await expect(page.locator('#playoffs')).toContainText('加赛 (不记分)');
  // y wins the play-off: first, and nobody's points change.
  await page.locator('#playoffs button.playoff-win', { hasText: `${y} 加赛胜` }).click();
  await expect(page.locator('#playoffs .playoff-recorded')).toContainText(`已记录加赛: ${y} 胜`);
  rows = await standingsRows(page);
  expect(rows).toEqual([
    { rank: '1', name: y, total: 6, note: '加赛定名次 (不记分)' },
    { rank: '2', name: x, total: 6, note: '加赛定名次 (不记分)' },
  ]);
  // Stored with the event, and undone from the same place.
  await page.reload();
  await ready(page);
  await page.click('button[data-tab="c1"]');
  expect((await standingsRows(page))[0].name).toBe(y);
  await page.locator('#playoffs button.playoff-remove').click();
  rows = await standingsRows(page);
  expect(rows.map((r) => r.rank)).toEqual(['1', '1']);
});

test('002 炒地皮细则: a game limited to 12 deals (a reading) goes to the leading team after the 12th', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/new');
  await ready(page);
  await expect(page.locator('#create')).toBeVisible();
  await page.fill('#team-a', '红队');
  await page.fill('#team-b', '蓝队');
  await page.selectOption('#preset', 'chaodipi-10');
  await expect(page.locator('.page')).toContainText('每局限 12 副 (解读)');
  await page.click('button[data-seat="N"]');
  await page.click('#create');
  await expect(page).toHaveURL(/\/match\//);
  const limit = page.locator('#deal-limit');
  await expect(limit).toContainText('本局限 12 副, 已打 0 副; 到限领先方胜');
  await expect(limit).toContainText('(解读)');
  // 70 → 红队 holds, +1 (3); then 80s: the deal changes hands, no level moves.
  await hand(page, 70, '+1');
  for (let i = 2; i <= 11; i++) await hand(page, 80);
  await expect(limit).toContainText('已打 11 副');
  await expect(page.locator('#commit')).toBeVisible();
  await hand(page, 80);
  await expect(page.locator('#game-winner')).toContainText('红队 获胜 (牌数到限)');
  await expect(page.locator('#commit')).toHaveCount(0);
});

test('南通 §四 warnings: the preset\'s rule to pick, the 2nd signalling warning previewed, confirmed and shown as 出局; no points penalty for it', async ({ page }) => {
  const asked = [];
  page.on('dialog', (d) => {
    asked.push(d.message());
    d.accept();
  });
  await newNantongMatch(page, '红队', '蓝队');

  // The hand form offers no points for signalling (RULES.md §1.1: a warning, then 出局).
  await expect(page.locator('button.chip[data-kind="signalling"]')).toHaveCount(0);
  await expect(page.locator('button.chip[data-kind="failed_throw"]')).toHaveCount(1);
  await expect(page.locator('.pen-warned[data-kind="signalling"]')).toContainText('南通 §四');

  // The rule field: the preset's citation as its example, and its warning rule to tap.
  await page.locator('#ruling-panel > summary').click();
  await expect(page.locator('#ruling-rule')).toHaveAttribute('placeholder', '如 南通 §四');
  // A warning under no rule is said to count toward none.
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-warning');
  await expect(page.locator('#ruling-no-rule')).toContainText('不计入任何规则的警告次数');
  const chip = page.locator('#ruling-rule-choices button[data-rule-cite="南通 §四"]');
  await expect(chip).toContainText('暗示/作弊');
  const warn = async () => {
    await page.click('button[data-ruling-team="A"]');
    await page.click('#ruling-warning');
    await chip.click();
    await expect(page.locator('#ruling-rule')).toHaveValue('南通 §四');
    await page.fill('#ruling-referee', '王裁判');
  };

  await warn();
  await expect(page.locator('#ruling-no-rule')).toHaveCount(0);
  await expect(page.locator('#ruling-preview')).toContainText('红队 第 1 次警告');
  await expect(page.locator('#ruling-preview')).not.toContainText('出局');
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);
  await settle(page);

  await warn();
  await expect(page.locator('#ruling-preview')).toContainText('红队 第 2 次警告 → 判负 (出局), 蓝队 胜本局');
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(2);
  expect(asked.at(-1)).toContain('第 2 次警告 → 判负 (出局)');
  await expect(page.locator('#rulings li.ruling-row').first()).toContainText('红队 第 2 次警告 → 判负 (出局)');
  await expect(page.locator('#game-winner')).toContainText('蓝队 获胜 (红队 第 2 次警告 → 判负 (出局))');
  // Signing now (game 2 of 3 not started): said before the referee signs.
  await page.locator('#result-sheet > summary').click();
  await expect(page.locator('#sheet-unfinished')).toHaveCount(0);
  await page.fill('#referee-name', '王裁判');
  await expect(page.locator('#sheet-unfinished')).toContainText('本场尚未结束');
});

test('南通 fixture forfeited at the desk: 12 : 0 in points with the forfeiting team named, no 双上 column, the hall says the same', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/events');
  await ready(page);
  const eventUrl = await nantongEvent(page, '南通 弃权');
  const fx = page.locator('.fixture').first();
  await fx.locator('details.fx-more summary').click();
  await fx.locator('button.forfeit[data-side="1"]').click();
  await expect(fx.locator('.side-name.forfeited')).toHaveCount(1);
  // The points the standings count (3 games × 2 tables × 2), never 0 : 0.
  await expect(fx.locator('.score')).toContainText('12 : 0');
  const res = page.locator('#results tr.res-row').first();
  await expect(res.locator('.score')).toHaveText('12 : 0');
  await expect(res).toContainText('(弃权)');
  await expect(page.locator('#results thead')).toContainText('比分 (积分)');
  // No table played it (forfeited before its tables' matches were made): 桌 reads —.
  await expect(res.locator('td.tables')).toHaveText('—');
  // 80分 has no 双上: no such column; forfeits and the note are there.
  await expect(page.locator('#standings th.dw')).toHaveCount(0);
  await expect(page.locator('#standings th.ff')).toHaveCount(1);
  await page.goto(`${eventUrl}/hall`);
  await ready(page);
  await expect(page.locator('.hall-fx .hall-score').first()).toHaveText('12 : 0');
  await expect(page.locator('.hall-fx .hall-sides').first()).toContainText('(弃权)');
  await expect(page.locator('.hall-fx .hall-tables').first()).toHaveText('—');
});

test('南通 fixture decided by a disqualification at table 2: table 1’s page says so and still takes hands', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/events');
  await ready(page);
  await nantongEvent(page, '南通 出局');
  await page.click('button.mk-round[data-round="1"]');
  await expect(page.locator('.fixture a.open-match')).toHaveCount(2);
  // Table 2: the team at N/S is disqualified (出局).
  await page.locator('.fixture a.open-match[data-leg="1"]').click();
  await expect(page).toHaveURL(/\/match\//);
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-disqualified');
  await page.fill('#ruling-reason', '暗号');
  await page.fill('#ruling-referee', '王裁判');
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);
  await expect(page.locator('#fixture-decided')).toHaveCount(0);
  await page.goBack();
  await expect(page.locator('button[data-tab="c1"]')).toHaveClass(/selected/);
  // Table 1: the notice names table 2; a hand entered is kept all the same.
  await page.locator('.fixture a.open-match[data-leg="0"]').click();
  await expect(page).toHaveURL(/\/match\//);
  const notice = page.locator('#fixture-decided');
  await expect(notice).toContainText('第 2 桌');
  await expect(notice).toContainText('取消比赛资格');
  await expect(notice).toContainText('不计入成绩');
  await page.fill('#points', '60');
  await page.press('#points', 'Tab');
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(1);
  await expect(notice).toBeVisible();
});
