// The result sheet of a 南通 team match (RULES.md §1.4 r2, §0): 红队 wins game 1 by its hands
// (2 : 1) and is disqualified in game 2; two appeals uphold it, a third overturns it. The
// sheet on screen and the print say each game's winner and how (game 2 and 3 forfeits,
// 0 : 2 each), the team points (2 : 5), the ruling and every appeal; once overturned the
// ruling stays, marked, and the match is back to 2 : 1 with game 2 undecided.
import { test, expect } from '@playwright/test';
import { newNantongMatch } from './helpers.mjs';

const settle = (page) => page.waitForTimeout(700);

async function appeal(page, decision, by) {
  const row = page.locator('#rulings li.ruling-row');
  await row.locator('button.appeal-open').click();
  await row.locator('input.appeal-appellant').fill('红队');
  await row.locator(`button.appeal-${decision}`).click();
  await row.locator(`button.appeal-${by}`).click();
  await row.locator('button.appeal-commit').click();
  await settle(page);
}

test('南通 team match sheet: forfeits after a disqualification, the team points, every appeal, an overturned ruling kept', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await newNantongMatch(page, '红队', '绿队');
  // Game 1: 0, 0, 0 take 红队 from 2 through A.
  for (let i = 0; i < 3; i++) {
    await page.fill('#points', '0');
    await page.press('#points', 'Tab');
    await page.click('#commit');
    await expect(page.locator('#history li.hand-row')).toHaveCount(i + 1);
    await settle(page);
  }
  await expect(page.locator('#game-winner')).toContainText('红队');
  await page.click('#next-game');
  await settle(page);
  // Game 2: 红队 disqualified; upheld by the chief referee, then by the committee.
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-disqualified');
  await page.fill('#ruling-reason', '连续迟到');
  await page.fill('#ruling-referee', '王裁判');
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);
  await settle(page);
  await appeal(page, 'upheld', 'chief');
  await appeal(page, 'upheld', 'committee');

  await page.locator('#result-sheet > summary').click();
  const games = page.locator('#result-sheet tr.team-game');
  await expect(games).toHaveCount(3);
  await expect(games.nth(0)).toContainText('(打完)');
  await expect(games.nth(1)).toContainText('弃权');
  await expect(games.nth(2)).toContainText('弃权');
  await expect(page.locator('#sheet-team-points')).toContainText('2');
  await expect(page.locator('#sheet-team-points')).toContainText('5');
  await expect(page.locator('#sheet-rulings li .appeal')).toContainText('仲裁委员会');

  await page.click('#share-print');
  const result = page.locator('#print-doc .print-result');
  await expect(result).toContainText('第 3 局');
  await expect(result).toContainText('2 : 5');
  await expect(result).toContainText('取消比赛资格');
  await expect(result).toContainText('申诉 1');
  await expect(result).toContainText('申诉 2');
  await page.click('#print-close');

  // A third appeal overturns it: the ruling stays on the sheet, marked, with its appeals.
  await appeal(page, 'overturned', 'committee');
  await expect(games).toHaveCount(2);
  await expect(games.nth(1)).toContainText('未决');
  await page.click('#share-print');
  await expect(result).toContainText('取消比赛资格');
  await expect(result).toContainText('已撤销');
  await expect(result).toContainText('申诉 3');
  await expect(result).toContainText('2 : 1');
});

test('南通 team match: a game-ending ruling overturned after game 3 leaves game 2 undecided, the match over and no 4th game', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await newNantongMatch(page, '红队', '绿队');
  const playGame = async () => {
    for (let i = 0; i < 12 && !(await page.locator('#game-winner').count()); i++) {
      const before = await page.locator('#history li.hand-row').count();
      await page.fill('#points', '0');
      await page.press('#points', 'Tab');
      await page.click('#commit');
      await expect(page.locator('#history li.hand-row')).toHaveCount(before + 1);
      await settle(page);
    }
    await expect(page.locator('#game-winner')).toBeVisible();
  };
  await playGame();
  await page.click('#next-game');
  await settle(page);
  // Game 2: 红队 判负 at once.
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-game-lost');
  await page.fill('#ruling-referee', '王裁判');
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);
  await settle(page);
  await page.click('#next-game');
  await settle(page);
  await playGame();
  await expect(page.locator('#next-game')).toHaveCount(0);
  // The 判负 overturned now: game 2 is undecided, scores nothing, and no 4th game starts.
  await appeal(page, 'overturned', 'committee');
  await expect(page.locator('#team-undecided')).toContainText('第 2 局未决, 不计分');
  await expect(page.locator('#next-game')).toHaveCount(0);
  await page.locator('#result-sheet > summary').click();
  await expect(page.locator('#result-sheet tr.team-game')).toHaveCount(3);
  await expect(page.locator('#result-sheet tr.team-game').nth(1)).toContainText('未决');
});

test('an overturned ruling is labelled in words on its row and on the result sheet, as on the print', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await newNantongMatch(page, '红队', '绿队');
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-game-lost');
  await page.fill('#ruling-referee', '王裁判');
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);
  await settle(page);
  await expect(page.locator('#rulings li.ruling-row .ruling-status')).toHaveCount(0);
  await appeal(page, 'overturned', 'chief');
  await expect(page.locator('#rulings li.ruling-row .ruling-status')).toContainText('已撤销 (申诉裁决, 不计)');
  await page.locator('#result-sheet > summary').click();
  await expect(page.locator('#sheet-rulings li .ruling-status')).toContainText('已撤销 (申诉裁决, 不计)');
  await page.click('#share-print');
  await expect(page.locator('#print-doc .print-result')).toContainText('已撤销 (申诉裁决, 不计)');
});
