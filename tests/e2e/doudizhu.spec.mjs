// 斗地主, driven as a referee would in the release build: create the session
// through /new, a 3-table session with a 30-minute clock per table (fake clock), bids with
// an illegal bid refused, bombs / rockets / spring / anti-spring, a redeal, undo, an edit of
// an earlier hand, running totals, a tie at the top → play-off hands, the result sheet,
// export, sign-off, and the formula in English built from the structured result.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ready } from './helpers.mjs';

const call = (page, v) => page.click(`#ddz-bidding button[data-call="${v}"]`);

async function commitHand(page) {
  const before = await page.locator('#history li.hand-row').count();
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(before + 1);
}

async function totals(page, want) {
  for (const [i, t] of want.entries()) {
    await expect(page.locator(`#total-${i}`)).toHaveText(t);
  }
}

test('a 3-table 斗地主 session: bids, multipliers, clock, edit, undo, play-off, sheet, export', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.clock.install({ time: new Date('2026-03-01T09:00:00') });
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);

  // 1. Set-up through the UI: /new → 斗地主 → names, 3 tables of 30 minutes (preset).
  await page.click('a[href="/new"]');
  await page.click('button[data-game="doudizhu"]');
  await expect(page.locator('#ddz-create')).toBeVisible();
  await expect(page.locator('#ddz-tables button.selected')).toHaveText('3');
  await expect(page.locator('#ddz-minutes button.selected')).toHaveText('30');
  await expect(page.locator('#ddz-rules')).toContainText('3 桌轮换');
  await page.fill('#ddz-title', '斗地主 第1组');
  for (const [i, n] of ['张三', '李四', '王五'].entries()) await page.fill(`#ddz-player-${i}`, n);
  await page.click('#ddz-create');
  await expect(page).toHaveURL(/\/match\//);
  const url = page.url();
  await expect(page.locator('#table-label')).toContainText('第 1/3 桌');
  await expect(page.locator('#seating')).toContainText('张三 → 李四 → 王五');
  await page.click('#clock-start');
  await expect(page.locator('#clock-pause')).toBeVisible();

  // 2. Hand 1: 张三 1, 李四 tries 1 (refused), bids 2, 王五 passes → 李四 landlord 2 分;
  //    one bomb, one rocket, 李四 goes out with 春天: 2 × 8 = 16.
  await expect(page.locator('#ddz-turn')).toContainText('张三');
  await call(page, 1);
  await call(page, 1);
  await expect(page.locator('#ddz-bid-error')).toContainText('李四 不能叫 1分');
  await expect(page.locator('#ddz-calls li')).toHaveCount(1);
  await call(page, 2);
  await call(page, 'pass');
  await expect(page.locator('#ddz-landlord')).toContainText('李四');
  await page.click('#ddz-bombs-plus');
  await page.click('#ddz-rockets button[data-rockets="1"]');
  await page.click('#ddz-out button[data-player="1"]');
  await page.check('#ddz-spring');
  await expect(page.locator('#preview-formula')).toHaveText(
    '底分 2 × 倍数 8 (炸弹 ×2, 火箭 ×2, 春天 ×2) = 16; 地主 +32, 农民各 −16'
  );
  await commitHand(page);
  await totals(page, ['−16', '+32', '−16']);

  // 3. Hand 2: everybody passes → redeal, logged, scores nothing; undo it and enter it again.
  await expect(page.locator('#ddz-turn')).toContainText('李四');
  for (let k = 0; k < 3; k++) await call(page, 'pass');
  await expect(page.locator('#ddz-redeal')).toBeVisible();
  await expect(page.locator('#preview-formula')).toContainText('重新发牌');
  await commitHand(page);
  await page.click('#undo');
  await expect(page.locator('#history li.hand-row')).toHaveCount(1);
  for (let k = 0; k < 3; k++) await call(page, 'pass');
  await commitHand(page);
  await totals(page, ['−16', '+32', '−16']);

  // 4. The table's 30 minutes run out: time-up banner, move to table 2 (seats rotate).
  await page.clock.fastForward('30:05');
  await expect(page.locator('#time-up')).toBeVisible();
  await page.click('#next-table');
  await expect(page.locator('#table-label')).toContainText('第 2/3 桌');
  await expect(page.locator('#seating')).toContainText('李四 → 王五 → 张三');
  await expect(page.locator('#time-up')).toHaveCount(0);

  // 5. Hand 3 (table 2): 李四 bids 3 at once; 张三 goes out first, 反春: 3 × 2 = 6.
  await expect(page.locator('#ddz-turn')).toContainText('李四');
  await call(page, 3);
  await page.click('#ddz-out button[data-player="0"]');
  await page.check('#ddz-anti-spring');
  await expect(page.locator('#preview-formula')).toHaveText('底分 3 × 倍数 2 (反春 ×2) = 6; 地主 −12, 农民各 +6');
  await commitHand(page);
  await totals(page, ['−10', '+20', '−10']);

  // 6. Edit hand 3: it was no 反春 → 3; the totals replay.
  const row3 = page.locator('#history li.hand-row').first();
  await row3.locator('summary').click();
  await row3.locator('button.edit').click();
  await expect(page.locator('#ddz-anti-spring')).toBeChecked();
  await page.uncheck('#ddz-anti-spring');
  await expect(page.locator('#preview-formula')).toHaveText('底分 3 × 倍数 1 = 3; 地主 −6, 农民各 +3');
  await page.click('#commit');
  await totals(page, ['−13', '+26', '−13']);
  await expect(page.locator('#history li.hand-row').first()).toContainText('已修改');

  // 7. Table 3: 王五 passes, 张三 1, 李四 2; three bombs; 王五 goes out: 2 × 8 = 16.
  await page.click('#next-table');
  await expect(page.locator('#table-label')).toContainText('第 3/3 桌');
  await page.click('#clock-start');
  await expect(page.locator('#ddz-turn')).toContainText('王五');
  await call(page, 'pass');
  await call(page, 1);
  await call(page, 2);
  for (let k = 0; k < 3; k++) await page.click('#ddz-bombs-plus');
  await page.click('#ddz-out button[data-player="2"]');
  await expect(page.locator('#preview-formula')).toHaveText('底分 2 × 倍数 8 (炸弹3个 ×8) = 16; 地主 −32, 农民各 +16');
  await commitHand(page);
  await totals(page, ['+3', '−6', '+3']);
  await expect(page.locator('#next-table')).toHaveCount(0);

  // 8. A tie at the top: play-off flag, time up at the last table, play-off hands.
  await expect(page.locator('#playoff-flag')).toContainText('需要加赛');
  await expect(page.locator('#playoff-flag')).toContainText('张三, 王五');
  await page.clock.fastForward('30:05');
  await expect(page.locator('#time-up')).toContainText('最后一桌');
  await expect(page.getByRole('heading', { name: '最终排名' })).toBeVisible();
  await page.click('#start-playoff');
  await expect(page.locator('#table-label')).toContainText('加赛 1');
  await expect(page.locator('#ddz-turn')).toContainText('张三');
  await call(page, 3);
  await page.click('#ddz-out button[data-player="0"]');
  await commitHand(page);
  await totals(page, ['+3', '−6', '+3']); // play-off hands do not change the session totals
  await expect(page.locator('#playoff-flag')).toContainText('加赛已分出高低');
  await expect(page.locator('#goes-through')).toContainText('张三');
  // The play-off placed the tie (RULES.md §3): 张三 1st, 王五 2nd, on the session totals.
  await expect(page.locator('#ranking li[data-player="0"]')).toHaveAttribute('data-place', '1');
  await expect(page.locator('#ranking li[data-player="2"]')).toHaveAttribute('data-place', '2');

  // 9. Result sheet: points per table, total, place; export; sign-off locks.
  await page.click('#result-sheet summary');
  const zhang = page.locator('#sheet tr[data-player="0"]');
  await expect(zhang).toContainText('−16');
  await expect(zhang).toContainText('+16');
  await expect(zhang.locator('.sheet-total')).toHaveText('+3');
  await expect(page.locator('#sheet tr[data-player="2"] td.sheet-total + td')).toHaveText('2');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-match')]);
  const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(file.app).toBe('referee');
  const m = file.matches[0];
  expect(m.setup.game).toBe('doudizhu');
  expect(m.setup.players).toEqual(['张三', '李四', '王五']);
  expect(m.setup.preset.session.tables).toBe(3);
  expect(m.entries.filter((e) => e.op.type === 'next_game')).toHaveLength(3);
  await page.fill('#referee-name', '裁判甲');
  await page.click('#sign-off');
  await expect(page.locator('#locked')).toBeVisible();
  await expect(page.locator('#commit')).toHaveCount(0);

  // 10. A reload keeps everything; in English the formula is built from table strings.
  await page.goto('/settings');
  await page.click('button[data-lang="en"]');
  await page.goto(url);
  await ready(page);
  await totals(page, ['+3', '−6', '+3']);
  const row1 = page.locator('#history li.hand-row').last();
  await row1.locator('summary').click();
  await expect(row1).toContainText('base 2 × multiplier 8 (bomb ×2, rocket ×2, spring (春天) ×2) = 16; landlord +32, each farmer −16');
  await expect(page.locator('#table-label')).toContainText('play-off 1');
});
