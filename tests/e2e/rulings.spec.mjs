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

test('the form shows what a level penalty does to the levels, and says when a team is at level 2 already', async ({ page }) => {
  await openSample(page);
  const before = (await page.locator('#level-A').textContent()).trim();
  await rule(page, 'A', 'level_penalty', 12);
  await expect(page.locator('#ruling-effect')).toHaveText(`→ 红队 ${before} → 2`);
  page.once('dialog', (d) => d.accept());
  await page.click('#ruling-commit');
  await expect(page.locator('#level-A')).toHaveText('2');
  await expect(page.locator('#ruling-effect')).toHaveCount(0);
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-level-penalty');
  await expect(page.locator('#ruling-effect')).toHaveText('红队 已在最低级 2，级数不变');
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

test('the first declarer left open: the first hand\'s show decides it (RULES.md §1 r2)', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
  await page.click('a[href="/new"]');
  await page.fill('#team-a', '红队');
  await page.fill('#team-b', '蓝队');
  await page.selectOption('#preset', 'jiankang-chaodipi');
  await page.click('button[data-seat="open"]');
  await page.click('#create');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#scoreboard .team.declarer')).toHaveCount(0);
  await page.fill('#points', '60');
  await page.locator('#points').dispatchEvent('change');
  // No show yet: the preview says what is missing, in words.
  await expect(page.locator('#preview')).toContainText('先亮者为庄');
  // 东 shows a ♠ pair and it stands: 东西 (蓝队) declare; 60 → 庄 +1.
  await page.locator('details.declaring > summary').click();
  const chips = page.locator('details.declaring .chips');
  await chips.nth(0).locator('button').nth(3).click(); // N, W, S, E (counter-clockwise): E
  await chips.nth(1).locator('button').nth(2).click(); // 大王对, 小王对, ♠ pair
  await expect(page.locator('#preview-verdict')).toContainText('60');
  await page.click('#commit');
  await expect(page.locator('#level-B')).toHaveText('3');
  await expect(page.locator('#level-A')).toHaveText('2');
  await expect(page.locator('#scoreboard .team.team-b.declarer')).toHaveCount(1);
});
