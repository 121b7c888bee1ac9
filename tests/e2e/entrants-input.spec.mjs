// The event page's typed input: a spreadsheet row in the entrant list box, names that are
// already used, draw numbers and tables out of range, text typed and not saved kept across
// a reload, and a name being typed while another tab saves the entrant.
import { test, expect } from '@playwright/test';
import { ready, nantongEvent } from './helpers.mjs';

const newEvent = async (page, name) => {
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', name);
  await page.click('#ev-create');
  await expect(page.locator('#en-bulk')).toBeVisible();
};

test('a tab-separated row is a team with its members; a name used twice is refused naming it', async ({ page }) => {
  await newEvent(page, '粘贴');
  await page.fill('#en-bulk', '白队\t白1\t白2\n黑队\t黑1\t黑2');
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(2);
  await expect(page.locator('#entrants .en-name').first()).toHaveValue('白队');
  await expect(page.locator('#entrants .en-members').first()).toHaveValue('白1, 白2');
  // Typed again, as a line and as a rename: refused, naming the name.
  await page.fill('#en-bulk', '红队\n白队: 甲, 乙');
  await page.click('#en-add');
  await expect(page.locator('#ev-msg.error')).toContainText('第 2 行');
  await expect(page.locator('#ev-msg.error')).toContainText('白队');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(2);
  const second = page.locator('#entrants .en-name').nth(1);
  await second.fill('白队');
  await second.press('Tab');
  await expect(page.locator('#ev-msg.error')).toContainText('白队');
  await expect(second).toHaveValue('黑队');
  await second.fill(' ');
  await second.press('Tab');
  await expect(page.locator('#ev-msg.error')).toContainText('名称不能为空');
  await expect(second).toHaveValue('黑队');
});

test('a draw number or a table out of range says what is allowed and the box shows what is stored', async ({ page }) => {
  await page.goto('/events');
  await ready(page);
  await nantongEvent(page, '签号');
  const num = page.locator('.draw-num').first();
  const stored = await num.inputValue();
  for (const bad of ['-1', '99999999999', '2.5']) {
    await num.fill(bad);
    await num.press('Tab');
    await expect(page.locator('#ev-msg.error')).toContainText('1 到 256');
    await expect(num).toHaveValue(stored);
  }
  const table = page.locator('.table-no').first();
  const t = await table.inputValue();
  for (const bad of ['100000', '-3', '0']) {
    await table.fill(bad);
    await table.press('Tab');
    await expect(page.locator('#ev-msg.error')).toContainText('1 到 9999');
    await expect(table).toHaveValue(t);
  }
});

test('text typed in the entrant list box and a members box is kept across a reload', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await newEvent(page, '草稿');
  await page.fill('#en-bulk', '红队: 红1, 红2');
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(1);
  await page.fill('#en-bulk', '蓝队: 蓝1, 蓝2');
  await page.locator('#entrants .en-members').first().fill('红1, 红3');
  await page.reload();
  await ready(page);
  await expect(page.locator('#en-bulk')).toHaveValue('蓝队: 蓝1, 蓝2');
  await expect(page.locator('#entrants .en-members').first()).toHaveValue('红1, 红3');
  // Saved: nothing is kept any more.
  await page.locator('#entrants .en-members').first().dispatchEvent('change');
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(2);
  await page.reload();
  await ready(page);
  await expect(page.locator('#en-bulk')).toHaveValue('');
  await expect(page.locator('#entrants .en-members').first()).toHaveValue('红1, 红3');
});

test('a name being typed stays when another tab saves the entrant, and the box says what was saved there', async ({ browser }) => {
  const context = await browser.newContext();
  const a = await context.newPage();
  await newEvent(a, '两个标签页');
  await a.fill('#en-bulk', '红队: 红1, 红2');
  await a.click('#en-add');
  const b = await context.newPage();
  await b.goto(a.url());
  await ready(b);
  await b.locator('#entrants .en-name').first().fill('红队B');
  await a.locator('#entrants .en-name').first().fill('红队A');
  await a.locator('#entrants .en-name').first().press('Tab');
  await expect(b.locator('.en-elsewhere')).toContainText('红队A');
  await expect(b.locator('#entrants .en-name').first()).toHaveValue('红队B');
  await context.close();
});
