// The 规则 tab of a match: the match's own preset as rows, each with its
// document §, in 简体 and English; a citation of the live preview is a link that opens the
// tab on its row (in view, highlighted); a preset value changed in the set-up form's fields
// is the created match's (its 规则 tab, its stored set-up and the preview's numbers).
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

async function fresh(page, lang) {
  await page.goto('/');
  await ready(page);
  await page.evaluate((lang) => {
    localStorage.clear();
    localStorage.setItem('referee.settings', JSON.stringify({ lang }));
  }, lang);
  await page.reload();
  await ready(page);
}

async function setLang(page, lang) {
  await page.evaluate((lang) => localStorage.setItem('referee.settings', JSON.stringify({ lang })), lang);
  await page.reload();
  await ready(page);
}

/** Opens the 规则 tab and checks its rows: several, each with a § citation. */
async function rulesRows(page, lang) {
  await page.click('#tab-rules');
  await expect(page.locator('#rules-tab')).toBeVisible();
  const rows = page.locator('#rules-tab li.rule-row');
  expect(await rows.count()).toBeGreaterThan(3);
  const cites = await page.locator('#rules-tab .rule-cite').allInnerTexts();
  expect(cites.length).toBe(await rows.count());
  for (const c of cites) expect(c).toMatch(/\d{3}/);
  expect(cites.some((c) => c.includes('§'))).toBe(true);
  const text = await page.locator('#rules-tab').innerText();
  if (lang === 'en') expect(text).not.toMatch(/\p{Script=Han}/u);
  expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  return text;
}

/** Taps the first citation link of `scope` on the match tab: the 规则 tab opens on its row. */
async function tapCite(page, scope) {
  await page.click('#tab-match');
  const link = page.locator(`${scope} a.cite`).first();
  await expect(link).toBeVisible();
  const row = await link.getAttribute('data-row');
  expect(row).toMatch(/^rule-/);
  await link.click();
  await expect(page.locator('#rules-tab')).toBeVisible();
  const target = page.locator(`#${row}`);
  await expect(target).toHaveClass(/\bhl\b/);
  await expect(target).toBeInViewport();
  expect(await page.locator('#rules-tab li.rule-row.hl').count()).toBe(1);
  return row;
}

test('升级 sample: the 规则 tab in 简体 and English, a preview citation lands on its row', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await fresh(page, 'zh-CN');
  await page.click('#open-sample');
  await expect(page).toHaveURL(/\/match\//);
  await ready(page);
  const zh = await rulesRows(page, 'zh-CN');
  expect(zh).toContain('000 §一(四)2');
  expect(zh).toContain('解读');
  await expect(page.locator('#rule-penalties-failed_throw')).toContainText('000 §一(四)2');
  await expect(page.locator('#rule-penalties-out_of_turn .badge.reading')).toBeVisible();
  // The preview's steps cite the document as links.
  await page.click('#tab-match');
  await expect(page.locator('#preview-verdict')).not.toBeEmpty();
  await tapCite(page, '#preview');
  // Back to the match: the entry form is as it was.
  await page.click('#tab-match');
  await expect(page.locator('#preview-verdict')).toBeVisible();

  await setLang(page, 'en');
  const en = await rulesRows(page, 'en');
  expect(en).toContain('000 §1(4)2');
  expect(en).toContain('reading');
  await tapCite(page, '#preview');
});

test('掼蛋 and 斗地主: the 规则 tab in 简体 and English, preview citations land on their rows', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await fresh(page, 'zh-CN');
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="guandan"]');
  await page.fill('#gd-team-A', 'Reds');
  await page.fill('#gd-team-B', 'Blues');
  await page.click('#gd-create');
  await expect(page).toHaveURL(/\/match\//);
  await ready(page);
  const zh = await rulesRows(page, 'zh-CN');
  expect(zh).toMatch(/004 第.篇 §/);
  await page.click('#tab-match');
  for (const s of ['N', 'S', 'E']) await page.click(`#gd-seat-${s}`);
  await tapCite(page, '#gd-preview');
  await setLang(page, 'en');
  const en = await rulesRows(page, 'en');
  expect(en).toMatch(/004 part \d §/);
  // The half-entered hand survived the reload (its draft): the preview is there again.
  await tapCite(page, '#gd-preview');

  await setLang(page, 'zh-CN');
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="doudizhu"]');
  for (const [i, n] of ['Ann', 'Bob', 'Cy'].entries()) await page.fill(`#ddz-player-${i}`, n);
  await page.click('#ddz-create');
  await expect(page).toHaveURL(/\/match\//);
  await ready(page);
  const dz = await rulesRows(page, 'zh-CN');
  expect(dz).toContain('000 §二');
  await page.click('#tab-match');
  await page.click('#ddz-bidding button[data-call="3"]');
  await page.click('#ddz-out button[data-player="0"]');
  await tapCite(page, '#preview');
  await setLang(page, 'en');
  await rulesRows(page, 'en');
  await tapCite(page, '#preview');
});

test('a preset value changed in the set-up form is the match’s: its 规则 tab, its stored preset, its numbers', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await fresh(page, 'zh-CN');
  const ddz = async (stake) => {
    await page.goto('/new');
    await ready(page);
    await page.click('button[data-game="doudizhu"]');
    for (const [i, n] of ['Ann', 'Bob', 'Cy'].entries()) await page.fill(`#ddz-player-${i}`, n);
    if (stake !== undefined) {
      await page.click('#ddz-preset-form > summary');
      const f = page.locator('#ddz-preset-form input[data-path="stake"]');
      await expect(page.locator('label[for="pf-stake"]')).toHaveText('底注');
      await f.fill(String(stake));
      await f.press('Tab');
      await expect(page.locator('#ddz-preset-form .field-error')).toHaveCount(0);
    }
    await page.click('#ddz-create');
    await expect(page).toHaveURL(/\/match\//);
    await ready(page);
    await page.click('#ddz-bidding button[data-call="3"]');
    await page.click('#ddz-out button[data-player="0"]');
    return page.locator('#preview-deltas').innerText();
  };
  const plain = await ddz();
  const doubled = await ddz(2);
  expect(doubled).not.toBe(plain);
  // The landlord's gain doubles with the stake.
  const first = (s) => Number((s.match(/[+−-]\d+/) || ['0'])[0].replace('−', '-'));
  expect(first(doubled)).toBe(2 * first(plain));
  const id = new URL(page.url()).pathname.split('/').pop();
  const stored = await page.evaluate((id) => JSON.parse(localStorage.getItem(`referee.match.${id}`)).match.setup, id);
  expect(JSON.stringify(stored)).toContain('"stake":2');
  await rulesRows(page, 'zh-CN');
  await expect(page.locator('#rule-stake')).toContainText('2');

  // A value the rules refuse is named in words, and nothing changes.
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="shengji"]');
  await page.click('#preset-form > summary');
  const pts = page.locator('#preset-form input[data-path="penalties[0].amount.points"]');
  await expect(pts).toHaveValue('10');
  await pts.fill('-5');
  await pts.press('Tab');
  await expect(page.locator('#preset-form .field-error')).toContainText('甩牌失败');
  await pts.fill('15');
  await pts.press('Tab');
  await expect(page.locator('#preset-form .field-error')).toHaveCount(0);
  // The expert JSON editor shows the same preset.
  await page.locator('details.preset > summary').first().click();
  await expect(page.locator('#preset-json')).toHaveValue(/"points": 15/);
  await page.fill('#team-a', 'Reds');
  await page.fill('#team-b', 'Blues');
  await page.click('button[data-seat="N"]');
  await page.click('#create');
  await expect(page).toHaveURL(/\/match\//);
  await ready(page);
  await page.click('#tab-rules');
  await expect(page.locator('#rule-penalties-failed_throw')).toContainText('15');
});
