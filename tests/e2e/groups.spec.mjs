// 掼蛋 三轮移位总得分制 (004 第三篇, RULES.md §2 `guandan-shift-3rounds` [r2]): 8 pairs are drawn
// into 2 groups of 4 by draw number; in 3 rounds each pair meets the 3 others of its group
// once and nobody of the other group; the standings show each pair's group and its place in
// the group beside the overall place.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

const PAIRS = ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛'];

test('the 3-round shift event draws groups of 4 pairs and schedules a round robin in each', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', '掼蛋 三轮移位');
  await page.click('#ev-create');
  await expect(page).toHaveURL(/\/event\//);
  await page.click('button[data-kind="pair"]');
  await page.fill('#en-bulk', PAIRS.map((p) => `${p}对: ${p}一, ${p}二`).join('\n'));
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(8);

  await page.click('button[data-tab="add"]');
  await page.selectOption('#comp-format', 'guandan-shift-3rounds');
  await page.click('#comp-add');
  await expect(page.locator('#comp-title')).toBeVisible();

  await page.fill('#draw-seed', '428');
  await page.click('#draw-go');
  await expect(page.locator('#draw-seed-used')).toContainText('428');
  // The groups follow the draw: numbers 1–4 and 5–8.
  const groups = page.locator('#groups li');
  await expect(groups).toHaveCount(2);
  const drawOrder = await page.locator('#draw-table tbody tr td:nth-child(2)').allTextContents();
  const members = [];
  for (let g = 0; g < 2; g++) {
    const text = await groups.nth(g).textContent();
    expect(text).toContain(`第 ${g + 1} 组`);
    const names = text.split(': ')[1].split(' · ').map((s) => s.trim());
    expect(names).toEqual(drawOrder.slice(4 * g, 4 * g + 4).map((s) => s.trim()));
    members.push(new Set(names));
  }

  await page.click('#gen-schedule');
  await expect(page.locator('.round')).toHaveCount(3);
  await expect(page.locator('div.fixture')).toHaveCount(12);
  await expect(page.locator('#sched-warnings')).toHaveCount(0);
  const met = new Set();
  for (const r of [1, 2, 3]) {
    const round = page.locator(`.round[data-round="${r}"]`);
    await expect(round.locator('div.fixture')).toHaveCount(4);
    const seen = new Set();
    for (const f of await round.locator('div.fixture').all()) {
      const [a, b] = (await f.locator('.side-name').allTextContents()).map((s) => s.trim());
      const g = members.findIndex((m) => m.has(a));
      expect(g).toBeGreaterThanOrEqual(0);
      expect(members[g].has(b), `${a} v ${b} in one group`).toBe(true);
      expect(seen.has(a) || seen.has(b)).toBe(false);
      seen.add(a);
      seen.add(b);
      met.add([a, b].sort().join('|'));
    }
    expect(seen.size).toBe(8);
  }
  expect(met.size).toBe(12); // 6 pairings in each group, each once

  // The standings: group and place in the group beside the overall place.
  await expect(page.locator('#standings th.group-rank')).toBeVisible();
  const rows = await page.locator('#standings tr.st-row').evaluateAll((rs) =>
    rs.map((r) => ({
      name: r.querySelector('.name').textContent.trim(),
      group: r.querySelector('td.group').textContent.trim(),
    }))
  );
  expect(rows).toHaveLength(8);
  for (const r of rows) expect(r.group).toBe(members[0].has(r.name) ? '1' : '2');
  // The format says so in words.
  await expect(page.locator('body')).toContainText('分组单循环 (每组 4');
  expect(errors).toEqual([]);
});
