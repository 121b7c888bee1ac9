// The referee's rulings on the built-in 升级 sample (RULES.md §0): a level penalty takes
// levels off and its deletion gives them back; a game lost by ruling (signalling, 000
// §一(五)4) ends the game for the other team at once; each is recorded only after a
// confirmation and survives a reload.
import { test, expect } from '@playwright/test';
import { storedEntries } from './helpers.mjs';

const SAMPLE_ID = 'sample-chaodipi';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.__appStarted = false;
    window.addEventListener('TrunkApplicationStarted', () => (window.__appStarted = true));
  });
});

async function openSample(page) {
  await page.goto('/');
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
  await page.click('#open-sample');
  await expect(page).toHaveURL(new RegExp(`/match/${SAMPLE_ID}$`));
  await expect(page.locator('#history li.hand-row').first()).toBeVisible();
}

async function rule(page, team, kind, levels = 1) {
  await page.locator('#ruling-panel > summary').click();
  await page.click(`button[data-ruling-team="${team}"]`);
  await page.click(kind === 'game_lost' ? '#ruling-game-lost' : '#ruling-level-penalty');
  for (let i = 1; i < levels; i++) await page.locator('#ruling-panel .count button', { hasText: '+' }).click();
  await page.fill('#ruling-reason', '暗示');
  await page.fill('#ruling-rule', '000 §一(五)4');
  await page.fill('#ruling-referee', '王裁判');
}

const rulings = async (page) => (await storedEntries(page, SAMPLE_ID)).filter((e) => e.op.type === 'ruling');

test('a level penalty takes levels off, its deletion gives them back', async ({ page }) => {
  await openSample(page);
  const before = await page.locator('#level-A').textContent();
  await rule(page, 'A', 'level_penalty', 2);
  await expect(page.locator('#ruling-preview')).toContainText('红队');
  await expect(page.locator('#ruling-preview')).toContainText('2');
  // Dismissing the confirmation records nothing.
  page.once('dialog', (d) => d.dismiss());
  await page.click('#ruling-commit');
  expect(await rulings(page)).toHaveLength(0);
  page.once('dialog', (d) => d.accept());
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);
  const after = await page.locator('#level-A').textContent();
  expect(after).not.toBe(before);
  const [r] = await rulings(page);
  expect(r.op).toMatchObject({ ruling: { kind: 'level_penalty', team: 'A', levels: 2 }, reason: '暗示', rule: '000 §一(五)4', referee: '王裁判' });

  await page.reload();
  await expect(page.locator('#level-A')).toHaveText(after);
  await page.locator('#ruling-panel > summary').click();
  page.once('dialog', (d) => d.accept());
  await page.locator('#rulings li.ruling-row button.delete').click();
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(0);
  await expect(page.locator('#level-A')).toHaveText(before);
});

test('a game lost by ruling ends the game for the other team at once', async ({ page }) => {
  await openSample(page);
  await rule(page, 'A', 'game_lost');
  page.once('dialog', (d) => d.accept());
  await page.click('#ruling-commit');
  await expect(page.locator('#game-winner')).toContainText('蓝队');
  await expect(page.locator('#commit')).toHaveCount(0);
  await expect(page.locator('#next-game')).toBeVisible();
  // Undo takes the ruling back: the game goes on.
  await page.click('#undo');
  await expect(page.locator('#commit')).toBeVisible();
  expect((await storedEntries(page, SAMPLE_ID)).filter((e) => e.op.type === 'void')).toHaveLength(1);
});
