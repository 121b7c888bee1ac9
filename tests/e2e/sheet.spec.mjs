// Recording duties of a table's result sheet (000 §四(二)3, RULES.md §0 r2): at a table of an
// event, N/S record the hands and say so, E/W confirm on the same device; a later change of a
// hand voids the confirmation visibly; E/W confirm again and the referee signs last. The
// event's schedule shows the table's sheet as entered, confirmed, signed.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

async function setPoints(page, sel, n) {
  await page.fill(sel, String(n));
  await page.press(sel, 'Tab');
}

async function commitHand(page) {
  const before = await page.locator('#history li.hand-row').count();
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(before + 1);
}

const TEAMS = ['红队', '蓝队', '绿队', '黄队'];

test('a table result entered by N/S, confirmed by E/W, changed (void), confirmed again and signed; the event shows each step', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', '记录与复核');
  await page.click('#ev-create');
  await page.fill('#en-bulk', TEAMS.map((t) => `${t}: ${t}甲, ${t}乙`).join('\n'));
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(4);
  await page.click('button[data-tab="add"]');
  await page.selectOption('#comp-format', 'jiankang-chaodipi-ko');
  await page.click('#comp-add');
  await page.fill('#draw-seed', '7');
  await page.click('#draw-go');
  await page.click('#gen-schedule');
  const fx = page.locator('.round[data-round="1"] .fixture').first();
  await fx.locator('button.mk-match').first().click();
  await expect(fx.locator('a.open-match')).toHaveCount(1);
  // Nothing entered yet.
  await expect(fx.locator('.sheet-st')).toHaveAttribute('data-sheet', 'empty');
  const eventUrl = page.url();
  await fx.locator('a.open-match').click();
  await expect(page).toHaveURL(/\/match\//);

  // N/S record two hands and say so.
  await setPoints(page, '#points', 40);
  await commitHand(page);
  await setPoints(page, '#points', 60);
  await commitHand(page);
  const sheet = page.locator('#result-sheet');
  await sheet.locator('summary').click();
  await expect(page.locator('#sheet-status')).toHaveText('已录入');
  await expect(page.locator('#sheet-unconfirmed')).toBeVisible();
  // An empty name is refused.
  page.once('dialog', (d) => d.accept());
  await page.click('#sheet-ew-confirm');
  await expect(page.locator('#sheet-confirmations li')).toHaveCount(0);
  await page.fill('#sheet-ns-name', '张伟');
  await page.click('#sheet-ns-confirm');
  await expect(page.locator('#sheet-confirmations li[data-pair="ns"]')).toContainText('张伟');
  await expect(page.locator('#sheet-status')).toHaveText('已录入');

  // E/W confirm: the sheet is confirmed; the event says so.
  await page.fill('#sheet-ew-name', '王强');
  await page.click('#sheet-ew-confirm');
  await expect(page.locator('#sheet-confirmations li')).toHaveCount(2);
  await expect(page.locator('#sheet-confirmations li[data-pair="ew"]')).toContainText('王强 — 已确认');
  await expect(page.locator('#sheet-status')).toHaveText('已复核');
  await expect(page.locator('#sheet-unconfirmed')).toHaveCount(0);
  const matchUrl = page.url();
  await page.goto(eventUrl);
  await ready(page);
  await page.click('button[data-tab="c1"]');
  await expect(page.locator('.round[data-round="1"] .fixture').first().locator('.sheet-st')).toHaveAttribute('data-sheet', 'confirmed');
  await expect(page.locator('.round[data-round="1"] .fixture').first().locator('.sheet-st')).toHaveText('已复核');

  // Hand 1 changed: both confirmations are void, visibly.
  await page.goto(matchUrl);
  await ready(page);
  const row1 = page.locator('#history li.hand-row').last();
  await row1.locator('summary').click();
  await row1.locator('button.edit').click();
  await setPoints(page, '#points', 45);
  await page.click('#commit');
  await expect(page.locator('#history .badge').first()).toBeVisible();
  await page.locator('#result-sheet summary').click();
  await expect(page.locator('#sheet-confirmations li.void')).toHaveCount(2);
  await expect(page.locator('#sheet-confirmations li[data-pair="ew"]')).toContainText('已失效');
  await expect(page.locator('#sheet-status')).toHaveText('已录入');
  await expect(page.locator('#sheet-unconfirmed')).toBeVisible();

  // E/W confirm again; the referee signs last.
  await page.fill('#sheet-ew-name', '王强');
  await page.click('#sheet-ew-confirm');
  await expect(page.locator('#sheet-confirmations li')).toHaveCount(3);
  await expect(page.locator('#sheet-confirmations li[data-pair="ew"]').last()).toContainText('已确认');
  await expect(page.locator('#sheet-status')).toHaveText('已复核');
  await page.fill('#referee-name', '裁判甲');
  await page.click('#sign-off');
  await expect(page.locator('#locked')).toBeVisible();
  await expect(page.locator('#sheet-status')).toHaveText('已签字');
  // The log names each step: the confirmations with their names, the sign-off.
  const entries = await page.evaluate(() => {
    const k = Object.keys(localStorage).find((k) => k.startsWith('referee.match.'));
    const es = JSON.parse(localStorage.getItem(k)).match.entries;
    const tail = localStorage.getItem(k.replace('referee.match.', 'referee.tail.'));
    if (tail) {
      const tt = JSON.parse(tail);
      tt.entries.forEach((e, i) => {
        if (tt.from + i >= es.length) es.push(e);
      });
    }
    return es.map((e) => e.op);
  });
  const confirms = entries.filter((o) => o.type === 'confirm');
  expect(confirms.map((o) => [o.pair, o.name])).toEqual([['ns', '张伟'], ['ew', '王强'], ['ew', '王强']]);
  expect(confirms[1].state).not.toBe(confirms[2].state);
  expect(entries[entries.length - 1]).toEqual({ type: 'sign_off', referee: '裁判甲' });

  await page.goto(eventUrl);
  await ready(page);
  await page.click('button[data-tab="c1"]');
  await expect(page.locator('.round[data-round="1"] .fixture').first().locator('.sheet-st')).toHaveText('已签字');
});
