// Rulings and appeals of RULES.md §0 r2 in the release build: a 升级 game lost by
// signalling (000 §一(五)4 「视为输掉该局」) in a best of 3 of an event — the series and the
// event's fixture and standings follow; an appeal that overturns a level penalty restores
// the levels, and the history and the result sheet keep the ruling, the appeal and the
// decision.
import { test, expect } from '@playwright/test';
import { storedEntries, ready } from './helpers.mjs';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.__appStarted = false;
    window.addEventListener('TrunkApplicationStarted', () => (window.__appStarted = true));
  });
});

// Taps right after a commit are ignored (a double tap stores one entry): wait that out.
const settle = (page) => page.waitForTimeout(700);

/** Fills the ruling panel (opened if closed): team, kind, reason, rule, referee. */
async function rule(page, team, kindId, { reason = '暗示', ruleText = '000 §一(五)4', levels = 1 } = {}) {
  const panel = page.locator('#ruling-panel');
  if (!(await panel.evaluate((d) => d.open))) await page.locator('#ruling-panel > summary').click();
  await page.click(`button[data-ruling-team="${team}"]`);
  await page.click(`#${kindId}`);
  for (let i = 1; i < levels; i++) await page.locator('#ruling-panel .count button', { hasText: '+' }).click();
  await page.fill('#ruling-reason', reason);
  await page.fill('#ruling-rule', ruleText);
  await page.fill('#ruling-referee', '王裁判');
}

/**
 * Opens the sample match and records a level penalty of 2 on 红队 (藏牌, 002 §三2); returns
 * 红队's level before it.
 */
async function samplePenalty(page) {
  await page.goto('/');
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
  await page.click('#open-sample');
  await expect(page).toHaveURL(/\/match\/sample-chaodipi$/);
  await expect(page.locator('#history li.hand-row').first()).toBeVisible();
  const before = await page.locator('#level-A').textContent();
  await rule(page, 'A', 'ruling-level-penalty', { reason: '藏牌', ruleText: '002 §三2', levels: 2 });
  page.once('dialog', (d) => d.accept());
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);
  return before;
}

test('a 升级 game lost by signalling in a best of 3: the series and the event standings follow', async ({ page }) => {
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', '判负测试');
  await page.click('#ev-create');
  await expect(page.locator('#en-bulk')).toBeVisible();
  await page.fill('#en-bulk', '红队: 红甲, 红乙\n蓝队: 蓝甲, 蓝乙');
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(2);
  await page.click('button[data-tab="add"]');
  await page.selectOption('#comp-format', 'jiankang-chaodipi-ko');
  await page.click('#comp-add');
  await page.fill('#draw-seed', '7');
  await page.click('#draw-go');
  await page.click('#gen-schedule');
  await expect(page.locator('.fixture')).toHaveCount(1);
  const eventUrl = page.url();
  await page.locator('.fixture button.mk-match').click();
  await page.locator('.fixture a.open-match').click();
  await expect(page).toHaveURL(/\/match\//);
  const matchId = decodeURIComponent(page.url().split('/match/')[1]);

  // Game 1: team A (N/S) signals — the game is lost at once, no warning first.
  await rule(page, 'A', 'ruling-game-lost');
  const nameB = (await page.locator('button[data-ruling-team="B"]').textContent()).trim();
  const nameA = (await page.locator('button[data-ruling-team="A"]').textContent()).trim();
  await expect(page.locator('#ruling-preview')).toContainText(`${nameB}`);
  page.once('dialog', (d) => d.accept());
  await page.click('#ruling-commit');
  await expect(page.locator('#game-winner')).toContainText(nameB);
  await expect(page.locator('#commit')).toHaveCount(0);
  await expect(page.locator('#series-winner')).toHaveCount(0);
  await settle(page);
  await page.click('#next-game');
  await expect(page.locator('#commit')).toBeVisible();
  await settle(page);

  // Game 2: A again — the series is B's, 0:2.
  await rule(page, 'A', 'ruling-game-lost');
  page.once('dialog', (d) => d.accept());
  await page.click('#ruling-commit');
  await expect(page.locator('#series-winner')).toContainText(nameB);
  await expect(page.locator('#series-winner')).toContainText('0:2');
  const rulings = (await storedEntries(page, matchId)).filter((e) => e.op.type === 'ruling');
  expect(rulings.map((r) => r.op.ruling)).toEqual([
    { kind: 'game_lost', team: 'A' },
    { kind: 'game_lost', team: 'A' },
  ]);

  // The event: the fixture is B's, and B ranks first.
  await page.goto(eventUrl);
  await ready(page);
  await page.click('button[data-tab="c1"]');
  const fx = page.locator('.fixture');
  await expect(fx.locator('.score')).toContainText('2');
  await expect(page.locator('#standings')).toBeVisible();
  const first = page.locator('#standings tr.st-row').first();
  await expect(first.locator('.name')).toHaveText(nameB);
  await expect(page.locator('#standings tr.st-row', { hasText: nameA })).toHaveCount(1);
});

test('an appeal overturns a level penalty: the levels are restored, the three steps stay on record', async ({ page }) => {
  const before = await samplePenalty(page);
  await expect(page.locator('#level-A')).not.toHaveText(before);

  // 红队 appeals; the chief referee overturns the penalty.
  await settle(page);
  const row = page.locator('#rulings li.ruling-row');
  await row.locator('button.appeal-open').click();
  await row.locator('input.appeal-appellant').fill('红队');
  await row.locator('button.appeal-overturned').click();
  await row.locator('button.appeal-chief').click();
  page.once('dialog', (d) => d.accept());
  await row.locator('button.appeal-commit').click();
  await expect(page.locator('#level-A')).toHaveText(before);
  await expect(row.locator('.appeal')).toContainText('撤销');
  await expect(row.locator('.appeal')).toContainText('裁判长');
  await expect(row.locator('strong.voided')).toHaveCount(1);

  const entries = await storedEntries(page, 'sample-chaodipi');
  const ruling = entries.find((e) => e.op.type === 'ruling');
  const appeal = entries.find((e) => e.op.type === 'appeal');
  expect(appeal.op).toMatchObject({
    target: ruling.id,
    appellant: '红队',
    decision: { kind: 'overturned' },
    decided_by: 'chief_referee',
  });

  // After a reload: the levels stay restored; the result sheet shows ruling, appeal, decision.
  await page.reload();
  await expect(page.locator('#level-A')).toHaveText(before);
  await settle(page);
  await page.locator('#result-sheet > summary').click();
  const line = page.locator('#sheet-rulings li');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('罚 2 级');
  await expect(line).toContainText('002 §三2');
  await expect(line).toContainText('申诉 (红队)');
  await expect(line).toContainText('撤销判罚');
  // Undo takes the appeal back: the penalty counts again.
  await page.click('#undo');
  await expect(page.locator('#level-A')).not.toHaveText(before);
});

test('a second appeal on a ruling: the row says both decisions in order, and the newest one decides', async ({ page }) => {
  const before = await samplePenalty(page);
  const penalised = await page.locator('#level-A').textContent();
  expect(penalised).not.toBe(before);
  const row = page.locator('#rulings li.ruling-row');
  const appeal = async (appellant, decision, decider) => {
    await settle(page);
    await row.locator('button.appeal-open').click();
    await row.locator('input.appeal-appellant').fill(appellant);
    await row.locator(`button.${decision}`).click();
    await row.locator(`button.${decider}`).click();
    page.once('dialog', (d) => d.accept());
    await row.locator('button.appeal-commit').click();
  };
  // The chief referee overturns it; the committee then upholds the penalty.
  await appeal('红队', 'appeal-overturned', 'appeal-chief');
  await expect(page.locator('#level-A')).toHaveText(before);
  await appeal('蓝队', 'appeal-upheld', 'appeal-committee');
  await expect(page.locator('#level-A')).toHaveText(penalised);
  const text = await row.locator('.appeal').textContent();
  expect(text).toContain('申诉 (红队)');
  expect(text).toContain('申诉 (蓝队)');
  expect(text.indexOf('裁判长')).toBeLessThan(text.indexOf('仲裁委员会'));
  await expect(row.locator('strong.voided')).toHaveCount(0);
});
