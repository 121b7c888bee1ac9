// In English, what the engines explain and refuse reads in English: a 掼蛋 hand's
// explanation (the level table's rise, the next tribute, each rule with its seed section)
// and a 斗地主 bid refused by the bidding pad carry no Chinese text — the engines emit
// typed steps and src/i18n renders them.
import { test, expect } from '@playwright/test';
import { rowAction, ready } from './helpers.mjs';

const HAN = /[\u3400-\u9fff]/;

async function english(page) {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('/settings');
  await ready(page);
  await page.click('button[data-lang="en"]');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('in English a 掼蛋 explanation and a 斗地主 refused bid have no Chinese text', async ({ page }) => {
  await english(page);

  // 掼蛋 (3-2-1): North 1st, South 2nd → 1st + 2nd, +3 by the level table (004 part 1 §5).
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="guandan"]');
  await page.selectOption('#gd-preset', 'guandan-3-2-1');
  await page.fill('#gd-team-A', 'Reds');
  await page.fill('#gd-team-B', 'Blues');
  for (const [seat, name] of [['N', 'Ann'], ['S', 'Bob'], ['E', 'Cy'], ['W', 'Di']]) {
    await page.fill(`#gd-player-${seat}`, name);
  }
  await page.click('#gd-create');
  await expect(page).toHaveURL(/\/match\//);
  for (const s of ['N', 'S', 'E']) await page.click(`#gd-seat-${s}`);
  const explain = page.locator('#gd-preview ul.explain');
  await expect(explain).toContainText('004 part 1 §5: 1st + 2nd +3');
  await expect(explain).toContainText('Double tribute: E, W → N');
  const text = await page.locator('#gd-preview').innerText();
  expect(text).toContain('Reds');
  expect(text, text).not.toMatch(HAN);
  // Committed, the history keeps the same explanation.
  await page.click('#gd-commit');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(1);
  const row = page.locator('#gd-history li.hand-row').first();
  await row.locator('summary').click();
  await expect(row).toContainText('004 part 1 §5: 1st + 2nd +3');
  const rowText = await row.locator('ul.explain').innerText();
  expect(rowText, rowText).not.toMatch(HAN);

  // 斗地主: Ann bids 2, Bob tries 1 (refused, in English), then passes.
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="doudizhu"]');
  await expect(page.locator('#ddz-create')).toBeVisible();
  for (const [i, n] of ['Ann', 'Bob', 'Cy'].entries()) await page.fill(`#ddz-player-${i}`, n);
  await page.click('#ddz-create');
  await expect(page).toHaveURL(/\/match\//);
  await page.click('#ddz-bidding button[data-call="2"]');
  await page.click('#ddz-bidding button[data-call="1"]');
  const refusal = page.locator('#ddz-bid-error');
  await expect(refusal).toContainText('Bob cannot bid 1');
  const said = await refusal.innerText();
  expect(said, said).not.toMatch(HAN);
  await expect(page.locator('#ddz-calls li')).toHaveCount(1);
});

// The live preview refuses what the commit would: on the 升级 sample after 85, 85, 40, 85,
// editing the second of them to 40 wins the game one hand earlier, so the hands after it
// could no longer count. The preview says the edit is refused and why (no verdict as if it
// would be taken); the commit refuses it with the same words and stores nothing.
test('升级: an edit that breaks a later hand is refused by its preview as by its commit', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('/');
  await ready(page);
  await page.click('#open-sample');
  await expect(page).toHaveURL(/\/match\/sample-chaodipi$/);
  const rows = page.locator('#history li.hand-row');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  const setPoints = async (n) => {
    await page.fill('#points', String(n));
    await page.locator('#points').dispatchEvent('change');
    await expect(page.locator('#points')).toHaveValue(String(n));
  };
  for (const [i, p] of [85, 85, 40, 85].entries()) {
    await setPoints(p);
    await page.click('#commit');
    await expect(rows).toHaveCount(before + i + 1);
  }
  const entries = () => page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('referee.')).sort());
  const stored = await entries();
  // Newest first: the third row is the second of the four.
  await rowAction(rows.nth(2), 'edit');
  await expect(page.locator('#commit')).toHaveText('保存修改');
  await setPoints(40);
  const preview = page.locator('#preview');
  await expect(preview.locator('.field-error')).toContainText('此修改使后面的副无法成立');
  await expect(preview.locator('.field-error')).toContainText('本局已结束');
  await expect(page.locator('#preview-verdict')).toHaveCount(0);
  await page.click('#commit');
  await expect(page.locator('#commit-error')).toContainText('此修改使后面的副无法成立');
  expect(await entries()).toEqual(stored);
});
