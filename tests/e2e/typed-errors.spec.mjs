// A refusal the record makes reads in the UI language only: on the 升级 sample after 85, 85,
// 40, 85, editing the second of them to 40 wins the game one hand earlier, so the last hand
// would come after the game was won. The preview and the commit say so in English with no
// Chinese character, naming the hand (#n) and the field in words; in 繁體中文 with no
// simplified-only character.
import { test, expect } from '@playwright/test';
import { rowAction, ready } from './helpers.mjs';

const SAMPLE_KEY = 'referee.match.sample-chaodipi';
const HAN = /[\u3400-\u9fff]/;
// Characters written only in simplified Chinese (their traditional forms differ).
const SIMPLIFIED_ONLY = /[这们来时对没还经过会发开关门问题间车长书买卖从场计记录结赛胜获罚级团队设预规则页专业东为与应该输赢导击显边让说删]/;

// The sample in `lang`, its teams and players renamed in Latin letters (names are the
// referee's data, shown as typed), with 85, 85, 40, 85 entered; then the second of these
// edited to 40. Returns the preview's refusal, the commit's error and the number of the hand
// refused (the one after the edited hand).
async function refusedEdit(page, lang) {
  page.on('dialog', (d) => d.accept());
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('/settings');
  await ready(page);
  await page.click(`button[data-lang="${lang}"]`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.goto('/');
  await ready(page);
  await page.click('#open-sample');
  await expect(page).toHaveURL(/\/match\/sample-chaodipi$/);
  await page.evaluate((key) => {
    const doc = JSON.parse(localStorage.getItem(key));
    doc.match.setup.teams = { A: 'Reds', B: 'Blues' };
    doc.match.setup.players = { N: 'Ann', E: 'Bob', S: 'Cy', W: 'Di' };
    localStorage.setItem(key, JSON.stringify(doc));
  }, SAMPLE_KEY);
  await page.reload();
  await ready(page);
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
  // The first hand after the edited one is the one that would come after the game: its
  // number as its history row shows it (newest first: the second row).
  const last = Number((await rows.nth(1).locator('.num').textContent()).replace('#', ''));
  // Newest first: the third row is the second of the four.
  await rowAction(rows.nth(2), 'edit');
  await setPoints(40);
  const preview = page.locator('#preview .field-error');
  await expect(preview).toBeVisible();
  const previewText = await preview.textContent();
  await page.click('#commit');
  const commitError = page.locator('#commit-error');
  await expect(commitError).toBeVisible();
  return { previewText, commitText: await commitError.textContent(), last };
}

test('English: a 升级 hand after the game was won is refused in English, naming the hand', async ({ page }) => {
  const { previewText, commitText, last } = await refusedEdit(page, 'en');
  for (const text of [previewText, commitText]) {
    expect(text).toContain('This change makes a later hand impossible');
    expect(text).toContain(`hand #${last} would no longer replay: the hand: game over: Reds already won`);
    expect(text).not.toMatch(HAN);
  }
});

test('繁體中文: the same refusal has no simplified-only character', async ({ page }) => {
  const { previewText, commitText, last } = await refusedEdit(page, 'zh-TW');
  for (const text of [previewText, commitText]) {
    expect(text).toContain(`#${last} 副將無法重算`);
    expect(text).toContain('本局已結束: Reds 已獲勝');
    expect(text).not.toMatch(SIMPLIFIED_ONLY);
  }
});

// A file that does not read says why in the UI language: the field stays named by its path
// (import errors name the field), the reason is translated.
for (const [lang, want] of [
  ['en', 'newer than this app'],
  ['zh-TW', '請先更新'],
  ['zh-CN', '请先更新应用'],
]) {
  test(`an import from a newer app is refused in ${lang}, in that language`, async ({ page }) => {
    await page.goto('/');
    await ready(page);
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await page.goto('/settings');
    await ready(page);
    await page.click(`button[data-lang="${lang}"]`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.goto('/');
    await ready(page);
    const file = JSON.stringify({ app: 'referee', kind: 'export', schema_version: 99, matches: [] });
    await page.setInputFiles('#import-file', { name: 'new.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    const err = page.locator('#import-error');
    await expect(err).toContainText('schema_version');
    await expect(err).toContainText(want);
    const text = await err.innerText();
    if (lang === 'en') expect(text).not.toMatch(HAN);
    if (lang === 'zh-TW') expect(text).not.toMatch(SIMPLIFIED_ONLY);
  });
}
