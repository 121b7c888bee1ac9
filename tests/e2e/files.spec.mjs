// Files that say what they are: a match's export is named by its event, game, round,
// table and sides; 导出全部 carries the events too, and one import (on the home page) takes
// it on another device: events and matches, nothing lost, nothing doubled.
import { test, expect } from '@playwright/test';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ready } from './helpers.mjs';

const DL = mkdtempSync(join(tmpdir(), 'files-dl-'));
let n = 0;
async function download(page, click) {
  const [d] = await Promise.all([page.waitForEvent('download'), click()]);
  n += 1;
  const path = join(DL, `${n}.json`);
  await d.saveAs(path);
  return { path, name: d.suggestedFilename() };
}

test('a scheduled match exports as 赛事-游戏-R-T-双方.json; 导出全部 carries events and imports whole elsewhere', async ({ browser }) => {
  test.setTimeout(180_000);
  const desk = await (await browser.newContext()).newPage();
  await desk.goto('/events');
  await ready(desk);
  await desk.fill('#ev-name', '健康杯');
  await desk.click('#ev-create');
  await expect(desk).toHaveURL(/\/event\//);
  await desk.click('button[data-kind="team"]');
  const TEAMS = ['红队', '蓝队', '绿队', '黄队'];
  await desk.fill('#en-bulk', TEAMS.map((t) => `${t}: ${t}甲, ${t}乙`).join('\n'));
  await desk.click('#en-add');
  await expect(desk.locator('#entrants tbody tr')).toHaveCount(4);
  await desk.click('button[data-tab="add"]');
  await desk.selectOption('#comp-format', 'jiankang-guandan-team');
  await desk.fill('#comp-name', '掼蛋团体');
  await desk.click('#comp-add');
  await desk.fill('#draw-seed', '7');
  await desk.click('#draw-go');
  await desk.click('#gen-schedule');
  await expect(desk.locator('.round')).toHaveCount(3);
  await desk.click('button.mk-round[data-round="2"]');
  await expect(desk.locator('a.open-match')).toHaveCount(2);
  // The table file says event, competition and table.
  const pack = await download(desk, () => desk.click('button.table-pack[data-table="1"]'));
  expect(pack.name).toBe('健康杯-掼蛋团体-T1.json');

  // The match of round 2, table 1, exported from its page.
  const href = await desk.locator('a.open-match').first().getAttribute('href');
  await desk.goto(href);
  await expect(desk.locator('#gd-entry')).toBeVisible({ timeout: 30_000 });
  const teams = await desk.evaluate((id) => {
    const k = Object.keys(localStorage).find((k) => k.startsWith('referee.match.') && k.endsWith(id));
    const m = JSON.parse(localStorage.getItem(k)).match;
    return [m.setup.teams.A, m.setup.teams.B];
  }, href.split('/').pop());
  const one = await download(desk, () => desk.click('#gd-export'));
  expect(one.name).toBe(`健康杯-掼蛋-R2-T1-${teams[0]}-${teams[1]}.json`);

  // 导出全部: its matches and the event.
  await desk.goto('/');
  await ready(desk);
  const all = await download(desk, () => desk.click('#export-all'));
  expect(all.name).toMatch(/^referee-all-.*\.json$/);
  const doc = JSON.parse(readFileSync(all.path, 'utf8'));
  expect(doc.matches.length).toBe(2);
  expect(doc.events.map((e) => e.event.name)).toEqual(['健康杯']);

  // Another device takes the one file at its home import: the event and both matches.
  const other = await (await browser.newContext()).newPage();
  await other.goto('/');
  await ready(other);
  await other.setInputFiles('#import-file', all.path);
  await expect(other.locator('#import-preview')).toContainText('健康杯');
  await other.click('#import-confirm');
  await expect(other.locator('#import-done')).toBeVisible();
  await expect(other.locator('#import-done')).toContainText('1 个新增');
  await other.goto('/events');
  await ready(other);
  await expect(other.locator('ul a.match-link .title')).toHaveText(['健康杯']);
  const keys = await other.evaluate(() => Object.keys(localStorage));
  for (const m of doc.matches) expect(keys).toContain(`referee.match.${m.id}`);
  // The same file again changes nothing.
  await other.goto('/');
  await ready(other);
  const before = await other.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('referee.') && !k.startsWith('referee.settings')).sort());
  await other.setInputFiles('#import-file', all.path);
  await other.click('#import-confirm');
  await expect(other.locator('#import-done')).toContainText('1 个无变化');
  const after = await other.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('referee.') && !k.startsWith('referee.settings')).sort());
  expect(after).toEqual(before);
});

test('an export whose event is broken is refused whole, naming the field; nothing is stored', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  const bad = {
    schema_version: 3,
    app: 'referee',
    kind: 'export',
    exported_ms: 1,
    matches: [],
    events: [{ schema_version: 1, app: 'referee', kind: 'event', event: { id: 'bad id!', name: 'x', created_ms: 1 } }],
  };
  const before = await page.evaluate(() => Object.keys(localStorage).sort());
  await page.setInputFiles('#import-file', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await expect(page.locator('#import-error')).toContainText('events[0]');
  await expect(page.locator('#import-preview')).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(before);
});
