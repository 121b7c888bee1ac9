// Rosters: teams with their players kept on the device across events.
// Event A's entrants are saved to the roster; event B picks them (the names are filled);
// the roster is kept over a reload, edited on the events page, offered on a new match's
// form, carried by 导出全部 and merged back by the import; a value that does not read is
// moved aside and reported, never dropped.
import { test, expect } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { doubleTap, ready } from './helpers.mjs';

const TEAMS = ['红队', '蓝队', '绿队', '黄队'];
const DL = mkdtempSync(join(tmpdir(), 'roster-dl-'));

async function newEvent(page, name) {
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', name);
  await page.click('#ev-create');
  await expect(page).toHaveURL(/\/event\//);
  await expect(page.locator('#en-bulk')).toBeVisible();
}

test('entrants saved to the roster in one event are picked in the next, kept over a reload, offered on a new match and carried by the export', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => localStorage.clear());

  // Event A: four teams typed, then saved to the roster.
  await newEvent(page, '甲赛事');
  await page.fill('#en-bulk', TEAMS.map((t) => `${t}: ${t}甲, ${t}乙`).join('\n'));
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(4);
  // Nothing kept yet: no roster chips.
  await expect(page.locator('.roster-pick-team')).toHaveCount(0);
  await page.click('#en-to-roster');
  await expect(page.locator('#ev-msg')).toContainText('4');
  await expect(page.locator('.roster-pick-team')).toHaveCount(4);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('referee.roster')));
  expect(stored.kind).toBe('roster');
  expect(stored.schema_version).toBe(1);
  expect(stored.roster.teams.map((t) => [t.name, t.members])).toEqual(TEAMS.map((t) => [t, [`${t}甲`, `${t}乙`]]));

  // The events page keeps the roster: one more team added there, one team's players edited.
  await page.goto('/events');
  await ready(page);
  await expect(page.locator('#roster-list li.roster-team')).toHaveCount(4);
  await page.fill('#roster-name', '紫队');
  await page.fill('#roster-members', '紫甲, 紫乙');
  await page.click('#roster-add');
  await expect(page.locator('#roster-list li.roster-team')).toHaveCount(5);
  const green = page.locator('#roster-list li.roster-team[data-team="绿队"] input.roster-members');
  await green.fill('绿队甲, 绿队丙');
  await green.press('Tab');
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('referee.roster')).roster.teams[2].members)).toEqual(['绿队甲', '绿队丙']);

  // A reload keeps it.
  await page.reload();
  await ready(page);
  await expect(page.locator('#roster-list li.roster-team')).toHaveCount(5);
  await expect(page.locator('#roster-list li.roster-team[data-team="绿队"] input.roster-members')).toHaveValue('绿队甲, 绿队丙');

  // Event B: two teams picked from the roster fill the entrants' names.
  await newEvent(page, '乙赛事');
  await page.click('.roster-pick-team[data-team="红队"]');
  await page.click('.roster-pick-team[data-team="紫队"]');
  await expect(page.locator('#en-bulk')).toHaveValue('红队: 红队甲, 红队乙\n紫队: 紫甲, 紫乙');
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(2);
  const values = (sel) => page.locator(sel).evaluateAll((xs) => xs.map((x) => x.value));
  expect(await values('#entrants input.en-name')).toEqual(['红队', '紫队']);
  expect(await values('#entrants input.en-members')).toEqual(['红队甲, 红队乙', '紫甲, 紫乙']);

  // A new match's form: each side's team from the roster fills its name and seats.
  await page.goto('/new');
  await ready(page);
  await page.click('.roster-pick[data-side="0"] .roster-pick-team[data-team="红队"]');
  await page.click('.roster-pick[data-side="1"] .roster-pick-team[data-team="蓝队"]');
  await expect(page.locator('#team-a')).toHaveValue('红队');
  await expect(page.locator('#team-b')).toHaveValue('蓝队');
  await expect(page.locator('#player-N')).toHaveValue('红队甲');
  await expect(page.locator('#player-S')).toHaveValue('红队乙');
  await expect(page.locator('#player-E')).toHaveValue('蓝队甲');
  await expect(page.locator('#player-W')).toHaveValue('蓝队乙');

  // 导出全部 carries the roster; on a device without it, the import brings it back.
  await page.goto('/');
  await ready(page);
  const [d] = await Promise.all([page.waitForEvent('download'), page.click('#export-all')]);
  const path = join(DL, 'all.json');
  await d.saveAs(path);
  const file = JSON.parse(readFileSync(path, 'utf8'));
  expect(file.roster.kind).toBe('roster');
  expect(file.roster.roster.teams.map((t) => t.name)).toEqual([...TEAMS, '紫队']);
  await page.evaluate(() => localStorage.removeItem('referee.roster'));
  await page.reload();
  await ready(page);
  await page.setInputFiles('#import-file', path);
  await expect(page.locator('#import-preview')).toContainText('5');
  await page.click('#import-confirm');
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('referee.roster') || '{"roster":{"teams":[]}}').roster.teams.length)).toBe(5);
});

test('a roster value that does not read is moved aside and reported, not dropped', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('referee.roster', '{"app":"referee","kind":"roster","schema_version":1,"roster":{"teams":[{"name":""');
  });
  await page.goto('/events');
  await ready(page);
  await expect(page.locator('#roster-list li.roster-team')).toHaveCount(0);
  // The page reads the roster after it shows: wait for the bad value to be moved aside.
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage))).not.toContain('referee.roster');
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys).not.toContain('referee.roster');
  const moved = keys.find((k) => k.startsWith('referee.quarantine.') && k.endsWith('.referee.roster'));
  expect(moved).toBeTruthy();
  expect(await page.evaluate((k) => localStorage.getItem(k), moved)).toContain('"teams"');
  // Reported on the home page like any value moved aside.
  await page.click('header.topbar a.brand');
  await expect(page.locator('.home .banner.warn')).toContainText('referee.roster');
  // The roster works again: a team is kept.
  await page.goto('/events');
  await ready(page);
  await page.fill('#roster-name', '红队');
  await page.click('#roster-add');
  await expect(page.locator('#roster-list li.roster-team')).toHaveCount(1);
});

test.describe('double taps on a phone', () => {
  test.use({ hasTouch: true, viewport: { width: 360, height: 640 } });

  test('a double tap on a roster team\'s × removes that team only; one on a roster chip adds the team once', async ({ page }) => {
    await page.goto('/');
    await ready(page);
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await page.goto('/events');
    await ready(page);
    for (const n of ['一队', '二队', '三队']) {
      await page.fill('#roster-name', n);
      await page.fill('#roster-members', `${n}甲, ${n}乙`);
      await page.click('#roster-add');
    }
    const teams = page.locator('#roster-list li.roster-team');
    await expect(teams).toHaveCount(3);
    await page.locator('#roster-list li.roster-team').first().locator('.roster-remove').scrollIntoViewIfNeeded();
    await doubleTap(page, '#roster-list li.roster-team .roster-remove');
    await expect(teams).toHaveCount(2);
    await page.waitForTimeout(700);
    await expect(teams).toHaveCount(2);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('referee.roster')).roster.teams.length)).toBe(2);

    await newEvent(page, '丙赛事');
    const chip = '.roster-pick-team[data-team="二队"]';
    await page.locator(chip).scrollIntoViewIfNeeded();
    await doubleTap(page, chip);
    await expect(page.locator('#en-bulk')).toHaveValue('二队: 二队甲, 二队乙');
  });
});
