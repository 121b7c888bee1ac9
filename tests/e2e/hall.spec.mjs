// The hall's screen: `/event/:id/hall` on a 1920×1080 screen shows an
// event's current round with each table's result sheet (entered / confirmed / signed) and
// the standings, every visible text at least 32 px; another page of the same browser enters
// and signs a result and the hall follows without a reload; it cycles to the event's next
// competition every N seconds (`?every=N`), and a tap pauses it; at 1920×1080 and 1280×720
// nothing overflows.
import { test, expect } from '@playwright/test';
import { ready, nantongEvent } from './helpers.mjs';

const TEAMS = ['红队', '蓝队', '绿队', '黄队'];

/** A new event with the four teams and two knock-out competitions, each drawn and
 * scheduled; the first's round 1 has its tables' matches. Returns the event page's URL and
 * the first table's match URL. */
async function setUp(page) {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', '健康杯');
  await page.click('#ev-create');
  await expect(page).toHaveURL(/\/event\//);
  await page.fill('#en-bulk', TEAMS.map((t) => `${t}: ${t}甲, ${t}乙`).join('\n'));
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(4);
  for (const [format, name] of [['jiankang-chaodipi-ko', '炒地皮赛'], ['guandan-5-3-1-ko', '掼蛋赛']]) {
    await page.click('button[data-tab="add"]');
    await page.selectOption('#comp-format', format);
    await page.fill('#comp-name', name);
    await page.click('#comp-add');
    await expect(page.locator('#comp-title')).toHaveText(name);
    await page.fill('#draw-seed', '7');
    await page.click('#draw-go');
    await page.click('#gen-schedule');
    await expect(page.locator('.round[data-round="1"] .fixture')).toHaveCount(2);
  }
  await page.click('button[data-tab="c1"]');
  await page.click('button.mk-round[data-round="1"]');
  await expect(page.locator('.round[data-round="1"] a.open-match')).toHaveCount(2);
  const href = await page.locator('.round[data-round="1"] .fixture').first().locator('a.open-match').getAttribute('href');
  return { eventUrl: page.url(), matchUrl: href };
}

/** The smallest computed font size of any visible text inside `#hall`, with the text. */
const smallestText = (page) =>
  page.evaluate(() => {
    let min = { size: Infinity, text: '' };
    const walker = document.createTreeWalker(document.querySelector('#hall'), NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const el = n.parentElement;
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden' || cs.display === 'none') continue;
      const size = parseFloat(cs.fontSize);
      if (size < min.size) min = { size, text: n.textContent.trim() };
    }
    return min;
  });

/** What overflows the hall: the screen itself, a pane, or an element outside the viewport. */
const overflow = (page) =>
  page.evaluate(() => {
    const out = [];
    const hall = document.querySelector('#hall');
    const d = document.documentElement;
    if (d.scrollWidth > d.clientWidth) out.push(`document ${d.scrollWidth} > ${d.clientWidth}`);
    if (hall.scrollHeight > hall.clientHeight + 1) out.push(`hall height ${hall.scrollHeight} > ${hall.clientHeight}`);
    if (hall.scrollWidth > hall.clientWidth + 1) out.push(`hall width ${hall.scrollWidth} > ${hall.clientWidth}`);
    for (const s of hall.querySelectorAll('.hall-panes > section')) {
      if (s.scrollHeight > s.clientHeight + 1) out.push(`${s.id} height ${s.scrollHeight} > ${s.clientHeight}`);
      if (s.scrollWidth > s.clientWidth + 1) out.push(`${s.id} width ${s.scrollWidth} > ${s.clientWidth}`);
    }
    // A cell's text cut (the ellipsis): the names here are short, nothing may be cut.
    for (const el of hall.querySelectorAll('.hall-table th, .hall-table td, .hall-comp, .hall-head h1')) {
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName}.${el.className} "${el.textContent}" cut`);
    }
    for (const el of hall.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > innerWidth + 1 || r.bottom > innerHeight + 1) out.push(`${el.tagName}.${el.className} outside`);
    }
    return out;
  });

test.use({ viewport: { width: 1920, height: 1080 } });

test('the hall screen shows the round, the tables\' sheets and the standings in large type, and follows another page live', async ({ page }) => {
  test.setTimeout(180_000);
  const { eventUrl, matchUrl } = await setUp(page);
  // The event page opens the hall screen.
  await page.goto(eventUrl);
  await ready(page);
  await expect(page.locator('#hall-open')).toHaveText('大屏');
  await page.click('#hall-open');
  await expect(page).toHaveURL(/\/hall$/);
  await expect(page.locator('#hall-event')).toHaveText('健康杯');
  await expect(page.locator('#hall-comp')).toContainText('炒地皮赛');
  await expect(page.locator('#hall-round h3')).toHaveText('第 1 轮');
  const fx = page.locator('#hall-round tr.hall-fx');
  await expect(fx).toHaveCount(2);
  await expect(fx.first().locator('.hall-sheet')).toHaveAttribute('data-sheet', 'empty');
  await expect(fx.first().locator('.hall-sheet')).toHaveText('未录入');
  await expect(page.locator('#hall-standings tr.hall-st')).toHaveCount(4);
  const names = await page.locator('#hall-standings tr.hall-st .hall-name').allTextContents();
  expect([...names].sort()).toEqual([...TEAMS].sort());
  const min = await smallestText(page);
  expect(min.size, `smallest text: ${JSON.stringify(min)}`).toBeGreaterThanOrEqual(32);
  expect(await overflow(page)).toEqual([]);

  // Another page of the same browser enters a hand: the hall shows it entered, no reload.
  const marker = await page.evaluate(() => (window.__hallMarker = Math.random()));
  const table = await page.context().newPage();
  table.on('dialog', (d) => d.accept());
  await table.goto(matchUrl);
  await ready(table);
  await table.fill('#points', '40');
  await table.press('#points', 'Tab');
  await table.click('#commit');
  await expect(table.locator('#history li.hand-row')).toHaveCount(1);
  await expect(fx.first().locator('.hall-sheet')).toHaveAttribute('data-sheet', 'entered');
  await expect(fx.first().locator('.hall-sheet')).toHaveText('已录入');
  await expect(fx.first().locator('.hall-score')).not.toHaveText('');
  // E/W confirm, then the referee signs: the hall follows each step.
  await table.locator('#result-sheet summary').click();
  await table.fill('#sheet-ew-name', '王强');
  await table.click('#sheet-ew-confirm');
  await expect(fx.first().locator('.hall-sheet')).toHaveText('已复核');
  await table.fill('#referee-name', '裁判甲');
  await table.click('#sign-off');
  await expect(table.locator('#locked')).toBeVisible();
  await expect(fx.first().locator('.hall-sheet')).toHaveAttribute('data-sheet', 'signed');
  await expect(fx.first().locator('.hall-sheet')).toHaveText('已签字');
  await expect(fx.nth(1).locator('.hall-sheet')).toHaveAttribute('data-sheet', 'empty');
  expect(await page.evaluate(() => window.__hallMarker)).toBe(marker);

  // The language changed in another page: the hall follows it too.
  await table.evaluate(() => localStorage.setItem('referee.settings', JSON.stringify({ ...JSON.parse(localStorage.getItem('referee.settings') || '{}'), lang: 'en' })));
  await expect(page.locator('#hall-round h3')).toHaveText('Round 1');
  await expect(fx.first().locator('.hall-sheet')).toHaveText('signed');
  const minEn = await smallestText(page);
  expect(minEn.size, `smallest text: ${JSON.stringify(minEn)}`).toBeGreaterThanOrEqual(32);
  expect(await overflow(page)).toEqual([]);
});

test('the hall screen cycles to the next competition, a tap pauses it, and it fits 1920×1080 and 1280×720', async ({ page }) => {
  test.setTimeout(180_000);
  const { eventUrl } = await setUp(page);
  await page.goto(`${eventUrl}/hall?every=3`);
  await ready(page);
  await expect(page.locator('#hall-comp')).toContainText('炒地皮赛');
  await expect(page.locator('#hall-every')).toHaveText('每 3 秒');
  await expect(page.locator('#hall-count')).toHaveText('1/2');
  // Within a few seconds the next competition, its own round and standings.
  await expect(page.locator('#hall-comp')).toContainText('掼蛋赛', { timeout: 8_000 });
  await expect(page.locator('#hall-count')).toHaveText('2/2');
  await expect(page.locator('#hall-round tr.hall-fx')).toHaveCount(2);
  await expect(page.locator('#hall-standings tr.hall-st')).toHaveCount(4);
  // No match yet in this competition's round: its tables have nothing entered.
  await expect(page.locator('#hall-round .hall-sheet[data-sheet="empty"]')).toHaveCount(2);
  // And back to the first.
  await expect(page.locator('#hall-comp')).toContainText('炒地皮赛', { timeout: 8_000 });
  // A tap on the slide pauses: it stays.
  await page.click('#hall-standings');
  await expect(page.locator('#hall')).toHaveClass(/paused/);
  await expect(page.locator('#hall-pause')).toHaveText('继续');
  await page.waitForTimeout(4_000);
  await expect(page.locator('#hall-comp')).toContainText('炒地皮赛');
  // The buttons step by hand.
  await page.click('#hall-next');
  await expect(page.locator('#hall-comp')).toContainText('掼蛋赛');
  await page.click('#hall-prev');
  await expect(page.locator('#hall-comp')).toContainText('炒地皮赛');
  // The time per slide is settable.
  await page.click('#hall-slower');
  await expect(page.locator('#hall-every')).toHaveText('每 8 秒');

  for (const viewport of [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }]) {
    await page.setViewportSize(viewport);
    for (const k of [0, 1]) {
      if (k) await page.click('#hall-next');
      expect(await overflow(page), `${viewport.width}×${viewport.height}, slide ${k + 1}`).toEqual([]);
      const min = await smallestText(page);
      expect(min.size, `smallest text: ${JSON.stringify(min)}`).toBeGreaterThanOrEqual(32);
    }
  }
});

test('a fixture of two tables shows how far its tables are in one label (the table behind, once the other is further on), cut nowhere', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/events');
  await ready(page);
  const eventUrl = await nantongEvent(page, '南通纺院杯');
  await page.click('button[data-tab="c1"]');
  await page.click('button.mk-round[data-round="1"]');
  await expect(page.locator('.fixture a.open-match')).toHaveCount(2);
  const table1 = await page.locator('.fixture a.open-match[data-leg="0"]').getAttribute('href');
  await page.goto(`${eventUrl}/hall`);
  await ready(page);
  const sheet = page.locator('#hall-round tr.hall-fx .hall-sheet');
  await expect(sheet).toHaveCount(1);
  await expect(sheet).toHaveText('未录入');
  expect(await overflow(page)).toEqual([]);
  // Table 1 enters a hand: table 2 is the one behind.
  const table = await page.context().newPage();
  table.on('dialog', (d) => d.accept());
  await table.goto(table1);
  await ready(table);
  await table.fill('#points', '40');
  await table.press('#points', 'Tab');
  await table.click('#commit');
  await expect(table.locator('#history li.hand-row')).toHaveCount(1);
  await expect(sheet).toHaveText('2 未录入');
  await expect(sheet).toHaveAttribute('data-sheet', 'empty');
  expect(await overflow(page)).toEqual([]);
  const min = await smallestText(page);
  expect(min.size, `smallest text: ${JSON.stringify(min)}`).toBeGreaterThanOrEqual(32);
});

test('opened on a phone held upright, the hall screen fits its width: the round above the standings, every control on screen', async ({ page }) => {
  test.setTimeout(180_000);
  const { eventUrl } = await setUp(page);
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto(`${eventUrl}/hall`);
  await ready(page);
  await expect(page.locator('#hall-round tr.hall-fx')).toHaveCount(2);
  const fit = await page.evaluate(() => {
    const out = [];
    const hall = document.querySelector('#hall');
    if (hall.scrollWidth > hall.clientWidth + 1) out.push(`hall width ${hall.scrollWidth} > ${hall.clientWidth}`);
    for (const el of hall.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width && (r.left < -1 || r.right > innerWidth + 1)) out.push(`${el.tagName}#${el.id}.${el.className} outside`);
    }
    for (const b of hall.querySelectorAll('button')) {
      const r = b.getBoundingClientRect();
      if (r.width < 44 || r.height < 44) out.push(`${b.id} ${r.width}×${r.height}`);
    }
    const round = document.querySelector('#hall-round').getBoundingClientRect();
    const standings = document.querySelector('#hall-standings').getBoundingClientRect();
    if (standings.top < round.bottom - 1) out.push('standings beside the round');
    return out;
  });
  expect(fit).toEqual([]);
  // The sides (short names here) are shown whole.
  for (const cell of await page.locator('#hall-round td.hall-sides').all()) {
    expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), await cell.textContent()).toBe(true);
  }
});
