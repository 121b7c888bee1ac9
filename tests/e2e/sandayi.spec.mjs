// 欢乐三打一, driven as a referee would in the release build: create the game
// through /new, a void deal (nobody bids) → the next deal is 荒番 automatically, an illegal
// call refused, a bomb-limit violation flagged on the spot and on the result sheet, 头撂 with
// 摊打 (offered only after 头撂), 明王, deleting the void deal re-scores the 荒番 hand, an
// edit that removes the violation.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

const call = (page, v) => page.click(`#sdy-bidding button[data-call="${v}"]`);

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

test('a 三打一 game with a 荒番 deal and a bomb-limit violation', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);

  // 1. Set-up through the UI.
  await page.click('a[href="/new"]');
  await page.click('button[data-game="sandayi"]');
  await expect(page.locator('#sdy-create')).toBeVisible();
  await expect(page.locator('#sdy-rules')).toContainText('头撂');
  await expect(page.locator('#sdy-rules')).toContainText('炸弹限制');
  for (const [i, n] of ['赵一', '钱二', '孙三', '李四'].entries()) await page.fill(`#sdy-player-${i}`, n);
  await page.click('#sdy-create');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#table-label')).toContainText('第 1/3 桌');

  // 2. Deal 1: the marker card is 赵一's; everybody passes → void, next deal is 荒番.
  await expect(page.locator('#sdy-huangfan')).toBeVisible(); // first deal: entered by hand
  await page.click('#sdy-first button[data-player="0"]');
  await expect(page.locator('#sdy-turn')).toContainText('赵一');
  for (let k = 0; k < 4; k++) await call(page, 'pass');
  await expect(page.locator('#sdy-void')).toBeVisible();
  await expect(page.locator('#preview-formula')).toHaveText('无人叫档，本局不计分；下一局为荒番局');
  await commitHand(page);

  // 3. Deal 2: 荒番 carried automatically. 钱二 pass, 孙三 1, 李四 2, 赵一 tries 1 (refused)
  //    and passes. 钱二 (passed: ≤1 bomb) plays 2 → violation flagged on the spot.
  await expect(page.locator('#sdy-huangfan-carried')).toContainText('#1');
  await expect(page.locator('#sdy-huangfan')).toHaveCount(0);
  await page.click('#sdy-first button[data-player="1"]');
  await expect(page.locator('#sdy-turn')).toContainText('钱二');
  await call(page, 'pass');
  await call(page, 1);
  await call(page, 2);
  await call(page, 1);
  await expect(page.locator('#sdy-bid-error')).toContainText('赵一 不能叫 1档');
  await call(page, 'pass');
  await expect(page.locator('#sdy-landlord')).toContainText('李四');
  await expect(page.locator('#sdy-toulia')).toHaveCount(0);
  await expect(page.locator('#sdy-tanda')).toHaveCount(0); // 摊打 only after 头撂
  await expect(page.locator('#sdy-tanda-note')).toBeVisible();
  await expect(page.locator('#sdy-bombs li[data-player="1"]')).toContainText('最多 1');
  await expect(page.locator('#sdy-bombs li[data-player="3"]')).toContainText('不限');
  await page.click('#sdy-bombs-1-plus');
  await expect(page.locator('#sdy-over-1')).toHaveCount(0);
  await page.click('#sdy-bombs-1-plus');
  await expect(page.locator('#sdy-over-1')).toContainText('违规');
  await page.click('#sdy-bombs-2-plus'); // 孙三 bid 1: ≤1, fine
  for (let k = 0; k < 3; k++) await page.click('#sdy-bombs-3-plus'); // landlord: no limit
  await expect(page.locator('#sdy-over-2')).toHaveCount(0);
  await expect(page.locator('#sdy-over-3')).toHaveCount(0);
  await page.check('#sdy-mingwang');
  await page.click('#sdy-won');
  await expect(page.locator('#preview-formula')).toHaveText(
    '倍数 4 (荒番 ×2, 明王 ×2) × 底注 1 × 档数 2 = 8; 地主 +24, 农民各 −8'
  );
  await expect(page.locator('#preview-violations')).toContainText('钱二 打了 2 个炸弹，超过限制 1（叫 Pass 的农民）');
  await commitHand(page);
  await totals(page, ['−8', '−8', '−8', '+24']);
  await expect(page.locator('#history li.hand-row').first()).toHaveClass(/violation/);

  // 4. Deal 3: 孙三 holds the marker and bids 3 at once (头撂) → 摊打 offered; the landlord
  //    loses: 2 × 1 × 3 = 6. No 荒番 now.
  await expect(page.locator('#sdy-huangfan-carried')).toHaveCount(0);
  await page.click('#sdy-first button[data-player="2"]');
  await expect(page.locator('#sdy-turn')).toContainText('孙三');
  await call(page, 3);
  await expect(page.locator('#sdy-toulia')).toBeVisible();
  await page.check('#sdy-tanda');
  await page.click('#sdy-lost');
  await expect(page.locator('#preview-formula')).toHaveText('倍数 2 (摊打 ×2) × 底注 1 × 头撂输 3 = 6; 地主 −18, 农民各 +6');
  await commitHand(page);
  await totals(page, ['−2', '−2', '−26', '+30']);

  // A reload reads the stored game back through the full import validation.
  await page.reload();
  await ready(page);
  await totals(page, ['−2', '−2', '−26', '+30']);
  await expect(page.locator('#history li.hand-row')).toHaveCount(3);

  // 5. The result sheet lists the violation.
  await page.click('#result-sheet summary');
  await expect(page.locator('#sheet tr[data-player="1"] .sheet-extra')).toHaveText('1');
  await expect(page.locator('#sheet tr[data-player="0"] .sheet-extra')).toHaveText('0');
  await expect(page.locator('#sheet-notes')).toContainText('#2 钱二 打了 2 个炸弹');

  // 6. Delete the void deal: deal 2 is no longer 荒番 and is re-scored (4 per farmer).
  const voidRow = page.locator('#history li.hand-row').last();
  await voidRow.locator('summary').click();
  await voidRow.locator('button.delete').click();
  await expect(page.locator('#history li.hand-row')).toHaveCount(2);
  await totals(page, ['+2', '+2', '−22', '+18']);

  // 7. Edit deal 2: 钱二 played one bomb, not two → the violation is gone everywhere.
  const row2 = page.locator('#history li.hand-row').last();
  await row2.locator('summary').click();
  await row2.locator('button.edit').click();
  await expect(page.locator('#sdy-over-1')).toBeVisible();
  await page.click('#sdy-bombs-1-minus');
  await expect(page.locator('#sdy-over-1')).toHaveCount(0);
  await expect(page.locator('#preview-violations')).toHaveCount(0);
  await page.click('#commit');
  await expect(page.locator('#sheet tr[data-player="1"] .sheet-extra')).toHaveText('0');
  await expect(page.locator('#history li.hand-row.violation')).toHaveCount(0);
  await totals(page, ['+2', '+2', '−22', '+18']);
});

test('the marker card holder is asked for every deal, never taken from a rotation', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);
  await page.click('a[href="/new"]');
  await page.click('button[data-game="sandayi"]');
  for (const [i, n] of ['赵一', '钱二', '孙三', '李四'].entries()) await page.fill(`#sdy-player-${i}`, n);
  await page.click('#sdy-create');
  await expect(page).toHaveURL(/\/match\//);

  // Nobody is preselected; the calls wait, and the bar says what is missing.
  const asked = async () => {
    await expect(page.locator('#sdy-ask-first')).toBeVisible();
    await expect(page.locator('#sdy-first button.selected')).toHaveCount(0);
    await expect(page.locator('#sdy-turn')).toHaveCount(0);
    await expect(page.locator('#sdy-bidding button[data-call="pass"]')).toHaveCount(0);
    await expect(page.locator('.commit-bar')).toContainText('先点标记牌在谁手里');
  };
  await asked();

  // Deal 1 starts at 李四 (the marker card is his): the calls go 李四, 赵一, 钱二, 孙三.
  await page.click('#sdy-first button[data-player="3"]');
  await expect(page.locator('#sdy-ask-first')).toHaveCount(0);
  await expect(page.locator('#sdy-turn')).toContainText('李四');
  for (let k = 0; k < 4; k++) await call(page, 'pass');
  await expect(page.locator('#sdy-calls li').first()).toContainText('李四');
  await commitHand(page);
  await expect(page.locator('#history li.hand-row').first()).toContainText('李四');

  // Deal 2: asked again (no rotation to 赵一), also after a reload.
  await asked();
  await page.reload();
  await ready(page);
  await asked();
  // A choice survives a reload as part of the draft.
  await page.click('#sdy-first button[data-player="1"]');
  await expect(page.locator('#sdy-turn')).toContainText('钱二');
  await page.waitForTimeout(600);
  await page.reload();
  await ready(page);
  await expect(page.locator('#sdy-first button[data-player="1"]')).toHaveClass(/selected/);
  await expect(page.locator('#sdy-turn')).toContainText('钱二');
});
