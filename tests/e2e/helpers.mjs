// Shared by the e2e specs (not a spec itself: playwright.config.mjs runs *.spec.mjs).
import { expect } from '@playwright/test';

/** Waits until the app has started (its top bar is shown). */
export async function ready(page) {
  await expect(page.locator('header.topbar')).toBeVisible({ timeout: 30_000 });
}

/** Every entry stored for match `id`: its value's, then its tail's newer ones (schema 2). */
export const storedEntries = (page, id) =>
  page.evaluate((id) => {
    const es = JSON.parse(localStorage.getItem(`referee.match.${id}`)).match.entries;
    const tail = localStorage.getItem(`referee.tail.${id}`);
    if (tail) {
      const tt = JSON.parse(tail);
      tt.entries.forEach((e, i) => {
        if (tt.from + i >= es.length) es.push(e);
      });
    }
    return es;
  }, id);

/** Opens a history row's actions and presses one of them (`edit`, `delete`). */
export async function rowAction(row, action) {
  await row.locator('summary').click();
  await row.locator(`button.${action}`).click();
}

/**
 * The centre of the first element matching `sel`, scrolled to the middle of the screen (not
 * under a sticky bar); checked to be the element a finger there would touch.
 */
export async function centre(page, sel) {
  const el = page.locator(sel).first();
  await el.evaluate((e) => e.scrollIntoView({ block: 'center', inline: 'center' }));
  const b = await el.boundingBox();
  const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
  const hit = await el.evaluate((e, [x, y]) => e.contains(document.elementFromPoint(x, y)), [x, y]);
  if (!hit) throw new Error(`${sel}: another element is on top at (${x}, ${y})`);
  return [x, y];
}

/** One real touch tap on `sel` (a touch context: `hasTouch`). */
export async function tap(page, sel) {
  const [x, y] = await centre(page, sel);
  await page.touchscreen.tap(x, y);
}

/**
 * Two real touch taps on `sel`, `gap` ms apart (a referee's double tap), as Chromium's own
 * touch events (CDP `Input.dispatchTouchEvent`, the same path as `page.touchscreen.tap`).
 * The four events are sent without waiting for the page between them: a finger does not
 * wait for a busy page either, and on a loaded test machine awaiting each tap's round trip
 * had put the second tap 450 ms and more after the first. The page's own `timeStamp`s of
 * the two touchstarts are checked: a gap over 450 ms names the machine, not the app.
 */
export async function doubleTap(page, sel, gap = 120) {
  const [x, y] = await centre(page, sel);
  await page.evaluate(() => {
    if (!window.__touchStarts) {
      window.__touchStarts = [];
      window.addEventListener('touchstart', (e) => e.isTrusted && window.__touchStarts.push(e.timeStamp), true);
    }
    window.__touchStarts.length = 0;
  });
  const cdp = await page.context().newCDPSession(page);
  const touch = (type) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  const sent = [touch('touchStart'), touch('touchEnd')];
  await new Promise((ok) => setTimeout(ok, gap));
  sent.push(touch('touchStart'), touch('touchEnd'));
  await Promise.all(sent);
  await cdp.detach();
  const starts = await page.evaluate(() => window.__touchStarts.slice());
  expect(starts, 'the page saw two touchstarts').toHaveLength(2);
  expect(starts[1] - starts[0], 'the two taps reached the page this far apart (ms): the test machine was too slow for a double tap').toBeLessThan(450);
}

/** A new 升级 match of the 南通 80分 preset, `a` (N/S) against `b` (E/W), N's team declaring
 * first; returns on its page. */
export async function newNantongMatch(page, a, b) {
  await page.goto('/new');
  await ready(page);
  await expect(page.locator('#create')).toBeVisible();
  await page.fill('#team-a', a);
  await page.fill('#team-b', b);
  await page.selectOption('#preset', 'nantong-80fen');
  await page.click('button[data-seat="N"]');
  await page.click('#create');
  await expect(page).toHaveURL(/\/match\//);
}

/**
 * From /events: creates event `name` with 红队 and 蓝队 (four players each) and a 南通 80分
 * team competition (c1), drawn with seed 3 and scheduled (one fixture of two tables).
 * Returns the event's address.
 */
export async function nantongEvent(page, name) {
  await page.fill('#ev-name', name);
  await page.click('#ev-create');
  await expect(page.locator('#en-bulk')).toBeVisible();
  const url = page.url();
  await page.fill('#en-bulk', '红队: 红1, 红2, 红3, 红4\n蓝队: 蓝1, 蓝2, 蓝3, 蓝4');
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(2);
  await page.click('button[data-tab="add"]');
  await page.selectOption('#comp-format', 'nantong-80fen-team');
  await page.click('#comp-add');
  await page.fill('#draw-seed', '3');
  await page.click('#draw-go');
  await page.click('#gen-schedule');
  await expect(page.locator('.fixture')).toHaveCount(1);
  return url;
}
