// 斗地主 (000 §二(九)(十)): the undo button names a change of table as such; at the last
// table the hand in progress when the 30 minutes run out is the last one — the entry form
// closes, saying why, and the home list shows the session over with its first place, in 局.
// At an earlier table the same hand is that table's last: the form closes, pointing at the
// next-table button, which stays; the next table takes hands again.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

const call = (page, v) => page.click(`#ddz-bidding button[data-call="${v}"]`);

/** One hand: the first caller bids 3 at once; `out` goes out first. */
async function hand(page, out) {
  const before = await page.locator('#history li.hand-row').count();
  await call(page, 3);
  await page.click(`#ddz-out button[data-player="${out}"]`);
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(before + 1);
}

/** A new 斗地主 session `title` of 张三, 李四 and 王五 on a cleared device, the clock faked
 * from 09:00 and every dialog accepted. */
async function newSession(page, title) {
  page.on('dialog', (d) => d.accept());
  await page.clock.install({ time: new Date('2026-03-01T09:00:00') });
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);
  await page.click('a[href="/new"]');
  await page.click('button[data-game="doudizhu"]');
  await page.fill('#ddz-title', title);
  for (const [i, n] of ['张三', '李四', '王五'].entries()) await page.fill(`#ddz-player-${i}`, n);
  await page.click('#ddz-create');
  await expect(page).toHaveURL(/\/match\//);
}

test('斗地主: the last table closes after the hand in progress when its time runs out', async ({ page }) => {
  await newSession(page, '斗地主 时间到');
  const url = page.url();

  await hand(page, 0); // 张三 landlord, wins: +6 −3 −3
  await page.click('#next-table');
  await expect(page.locator('#table-label')).toContainText('第 2/3 桌');
  await expect(page.locator('#undo')).toContainText('换桌 · 第 2/3 桌');
  await hand(page, 0); // 李四 landlord, loses: +3 −6 +3
  await page.click('#next-table');
  await expect(page.locator('#table-label')).toContainText('第 3/3 桌');
  await page.click('#clock-start');
  await page.clock.fastForward('30:05');
  await expect(page.locator('#time-up')).toContainText('最后一桌');
  await hand(page, 0); // 王五 landlord, loses: +3 +3 −6 → +12 −6 −6

  await expect(page.locator('#hand-entry')).toHaveCount(0);
  await expect(page.locator('#session-closed')).toContainText('比赛已结束');
  await expect(page.locator('#time-up')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '最终排名' })).toBeVisible();

  await page.goto('/');
  await ready(page);
  const sub = page.locator(`.match-list a[href="${new URL(url).pathname}"] .sub`);
  await expect(sub).toContainText('已结束');
  await expect(sub).toContainText('3 局');
});

test('斗地主: an earlier table closes after the hand in progress when its time runs out', async ({ page }) => {
  await newSession(page, '斗地主 换桌时间到');

  await page.click('#clock-start');
  await hand(page, 0); // within time
  await page.clock.fastForward('30:05');
  await expect(page.locator('#time-up')).toBeVisible();
  await expect(page.locator('#time-up')).not.toContainText('最后一桌');
  await hand(page, 1); // the hand in progress: table 1's last

  await expect(page.locator('#hand-entry')).toHaveCount(0);
  await expect(page.locator('#session-closed')).toContainText('第 1 桌时间已到');
  await expect(page.locator('#session-closed')).toContainText('换到第 2 桌');
  await expect(page.locator('#time-up')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '最终排名' })).toHaveCount(0);
  await page.click('#next-table');
  await expect(page.locator('#table-label')).toContainText('第 2/3 桌');
  await expect(page.locator('#session-closed')).toHaveCount(0);
  await hand(page, 1);
  await expect(page.locator('#history li.hand-row')).toHaveCount(3);
});
