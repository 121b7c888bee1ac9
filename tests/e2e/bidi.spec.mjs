// Names in a right-to-left script, or with a bidi control typed or pasted into them, do not
// reorder the app's lines: each is shown between U+2068 FIRST STRONG ISOLATE and U+2069 POP
// DIRECTIONAL ISOLATE, its controls removed (src/bidi.rs). A 升级 match whose team A is
// قەشقەر (Uyghur) and whose team B has a U+202E RIGHT-TO-LEFT OVERRIDE in its name: the
// history row still shows A's level on the left and B's on the right, and no override
// reaches the page. The stored names stay as entered.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

const FSI = '\u2068';
const PDI = '\u2069';
const RLO = '\u202E';
const A = 'قەشقەر';
const B = `红${RLO}队`;
const TITLE = `决赛${RLO}第1桌`;

/** Every character of `text` in a right-to-left block is inside an isolate. */
function rtlIsolated(text) {
  let depth = 0;
  for (const c of text) {
    if (c === FSI) depth += 1;
    else if (c === PDI) depth -= 1;
    else if (/[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFE]/.test(c) && depth < 1) return false;
  }
  return depth === 0;
}

test('right-to-left names and bidi controls keep the order of the lines they are in', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);

  await page.click('a[href="/new"]');
  await expect(page.locator('#create')).toBeVisible();
  await page.fill('#title', TITLE);
  await page.fill('#team-a', A);
  await page.fill('#team-b', B);
  await page.click('button[data-seat="N"]');
  await page.click('#create');
  await expect(page).toHaveURL(/\/match\//);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());

  // Heading and scoreboard: the names isolated, the override gone.
  await expect(page.locator('h1.match-title')).toHaveText(`${FSI}决赛第1桌${PDI}`);
  await expect(page.locator('.team.team-a .team-name')).toContainText(`${FSI}${A}${PDI}`);
  await expect(page.locator('.team.team-b .team-name')).toContainText(`${FSI}红队${PDI}`);

  // One hand: 40 points, the declarers (A) go up.
  await page.fill('#points', '40');
  await page.press('#points', 'Tab');
  await expect(page.locator('#preview-verdict')).toContainText('40');
  const preview = await page.locator('#preview').textContent();
  expect(preview).not.toContain(RLO);
  expect(rtlIsolated(preview), preview).toBe(true);
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(1);

  const a = (await page.locator('#level-A').textContent()).trim();
  const b = (await page.locator('#level-B').textContent()).trim();
  expect(a).not.toBe(b);
  const levels = page.locator('#history li.hand-row .levels').first();
  await expect(levels).toHaveText(`${FSI}${A}${PDI} ${a} : ${b} ${FSI}红队${PDI}`);

  // As laid out: A's level left of the colon, B's right of it, each name on its own side.
  const xs = await levels.evaluate((el, [a, b]) => {
    const node = el.firstChild;
    const text = node.textContent;
    const colon = text.indexOf(' : ');
    const left = (from, len) => {
      const r = document.createRange();
      r.setStart(node, from);
      r.setEnd(node, from + len);
      return r.getBoundingClientRect().left;
    };
    return {
      nameA: left(text.indexOf('ق'), 1),
      levelA: left(colon - a.length, a.length),
      colon: left(colon + 1, 1),
      levelB: left(colon + 3, b.length),
      nameB: left(text.indexOf('红'), 1),
    };
  }, [a, b]);
  expect(xs.nameA, JSON.stringify(xs)).toBeLessThan(xs.levelA);
  expect(xs.levelA, JSON.stringify(xs)).toBeLessThan(xs.colon);
  expect(xs.colon, JSON.stringify(xs)).toBeLessThan(xs.levelB);
  expect(xs.levelB, JSON.stringify(xs)).toBeLessThan(xs.nameB);

  // Nowhere on the match page does the override reach the text; every RTL letter is isolated.
  const body = await page.locator('body').textContent();
  expect(body).not.toContain(RLO);
  expect(rtlIsolated(body)).toBe(true);

  // The home list: title and summary isolated the same way.
  await page.goto('/');
  await ready(page);
  const row = page.locator(`.match-list a[href="/match/${id}"]`);
  await expect(row.locator('.title')).toHaveText(`${FSI}决赛第1桌${PDI}`);
  await expect(row.locator('.sub')).toContainText(`${FSI}${A}${PDI} ${a} : ${b} ${FSI}红队${PDI}`);
  const home = await page.locator('body').textContent();
  expect(home).not.toContain(RLO);
  expect(rtlIsolated(home)).toBe(true);

  // Stored as entered.
  const stored = await page.evaluate((id) => JSON.parse(localStorage.getItem(`referee.match.${id}`)).match, id);
  expect(stored.title).toBe(TITLE);
  const setup = JSON.stringify(stored.setup);
  expect(setup).toContain(A);
  expect(setup).toContain(B);
});
