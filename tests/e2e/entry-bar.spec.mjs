// The entry bar at the foot of every game page, on a 360×640
// phone: the verdict of what will be committed is always on screen beside the commit
// button; after a commit a notice names the hand with 撤销 (a void of exactly that
// entry); an untouched form asks first; no button is ever left under the bar. And 掼蛋:
// the tribute comes before play, each box labelled with the pair it is stored as, also
// for a double tribute (双贡) whose payers are 北 and 南 (stored, exported and shown so).
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { storedEntries, ready } from './helpers.mjs';

test.use({ viewport: { width: 360, height: 640 } });

const matchId = (page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop());

/**
 * Every visible button of the page whose centre is not the button itself: each is
 * scrolled to the bottom edge of the screen (where a scroll from above leaves it, and
 * where the bar is; `scrollIntoView` honours the page's scroll padding), then
 * `document.elementFromPoint` is asked at its centre. The bar's own buttons are checked
 * where they are. Returns a description of each covered one (empty: none).
 */
async function coveredButtons(page) {
  // Right after an entry is stored the content takes no taps for a moment (cool_after_commit).
  await page.waitForFunction(() => !document.body.hasAttribute('data-cooling'));
  return page.evaluate(() => {
    const bar = document.querySelector('.commit-bar');
    const out = [];
    // Rendered and visible: not inside a closed <details> (whose content keeps its layout
    // boxes in Chromium), not display: none, not visibility: hidden.
    const shown = (b) => {
      const r = b.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && b.checkVisibility({ visibilityProperty: true });
    };
    const all = [...document.querySelectorAll('main button, main summary')].filter(shown);
    for (const b of all) {
      if (!(bar && bar.contains(b))) b.scrollIntoView({ block: 'end', inline: 'nearest', behavior: 'instant' });
      const r = b.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(b === hit || b.contains(hit))) {
        const what = hit ? `${hit.tagName.toLowerCase()}${hit.id ? '#' + hit.id : ''}.${[...hit.classList].join('.')}` : 'nothing';
        out.push(`${b.id || b.className} "${b.textContent.trim().slice(0, 20)}" at (${Math.round(x)}, ${Math.round(y)}) → ${what}`);
      }
    }
    window.scrollTo(0, 0);
    return out;
  });
}

/** The bar's height equals the padding it asks of the page (a change is measured after a paint). */
async function padded(page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const bar = document.querySelector('.commit-bar');
        const v = getComputedStyle(document.documentElement).getPropertyValue('--bar-h').trim();
        return bar ? `${v}` === `${bar.offsetHeight}px` : false;
      }),
    )
    .toBe(true);
}

async function newShengji(page) {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('/new');
  await ready(page);
  await page.fill('#team-a', '红队');
  await page.fill('#team-b', '蓝队');
  await page.selectOption('#preset', 'jiankang-chaodipi');
  await page.click('button[data-seat="N"]');
  await page.click('#create');
  await expect(page).toHaveURL(/\/match\//);
}

async function newGuandan(page) {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('/new');
  await ready(page);
  await page.click('button[data-game="guandan"]');
  await page.selectOption('#gd-preset', 'guandan-3-2-1');
  await page.fill('#gd-team-A', '红队');
  await page.fill('#gd-team-B', '蓝队');
  await page.click('#gd-create');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#gd-scoreboard')).toBeVisible();
}

test('升级: the verdict beside the commit button, a notice with 撤销, an untouched form asks, no button under the bar', async ({ page }) => {
  const asked = [];
  let answer = 'dismiss';
  page.on('dialog', (d) => {
    asked.push(d.message());
    if (answer === 'accept') d.accept();
    else d.dismiss();
  });
  await newShengji(page);
  const bar = page.locator('.commit-bar');
  await expect(bar).toBeVisible();
  await expect(page.locator('#commit-line')).toContainText('→');

  // The bar stays at the bottom of the screen, the verdict beside the button, whatever is scrolled.
  await page.fill('#points', '85');
  await page.press('#points', 'Tab');
  await expect(page.locator('#commit-line')).toHaveText(await page.locator('#preview-verdict').textContent());
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  for (const sel of ['#commit-line', '#commit']) {
    const b = await page.locator(sel).boundingBox();
    expect(b.y + b.height).toBeLessThanOrEqual(640);
    expect(b.y).toBeGreaterThan(640 - 160);
  }
  const line = await page.locator('#commit-line').boundingBox();
  const button = await page.locator('#commit').boundingBox();
  expect(Math.abs(line.y + line.height / 2 - (button.y + button.height / 2))).toBeLessThan(24); // side by side

  // The keypad open (its 125–200 were under the old sticky button): no button is covered.
  await page.locator('.points .btn.link').first().click();
  await expect(page.locator('.keypad').first()).toBeVisible();
  await padded(page);
  expect(await coveredButtons(page)).toEqual([]);

  // Commit: the notice names the hand, with 撤销 of exactly that entry.
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(1);
  await expect(page.locator('#commit-notice')).toContainText('第 1 副已记录');
  const stored = await page.locator('#commit-notice').getAttribute('data-entry');
  expect((await storedEntries(page, matchId(page))).at(-1)).toMatchObject({ id: stored, op: { type: 'hand' } });
  await padded(page);
  expect(await coveredButtons(page)).toEqual([]);

  // An untouched form asks first: declined, nothing is stored; the question names the verdict.
  await page.waitForTimeout(300);
  await page.click('#commit');
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain(await page.locator('#commit-line').textContent());
  await expect(page.locator('#history li.hand-row')).toHaveCount(1);

  // 撤销 in the notice voids that hand.
  await page.click('#commit-notice-undo');
  await expect(page.locator('#history li.hand-row')).toHaveCount(0);
  await expect(page.locator('#commit-notice')).toContainText('第 1 副已撤销');
  const es = await storedEntries(page, matchId(page));
  expect(es.at(-1).op).toMatchObject({ type: 'void', target: stored });

  // Accepted, the untouched form is stored, and named.
  answer = 'accept';
  await page.waitForTimeout(300);
  await page.click('#commit');
  expect(asked).toHaveLength(2);
  await expect(page.locator('#history li.hand-row')).toHaveCount(1);
  await expect(page.locator('#commit-notice')).toContainText('第 1 副已记录');
  // Touching the form again: the line is the next hand's, the notice goes.
  await page.fill('#points', '40');
  await page.press('#points', 'Tab');
  await expect(page.locator('#commit-notice')).toHaveCount(0);

  // English: the same bar, translated.
  const url = page.url();
  await page.goto('/settings');
  await page.click('button[data-lang="en"]');
  await page.goto(url);
  await ready(page);
  await expect(page.locator('#commit')).toHaveText('Commit hand');
  await padded(page);
  expect(await coveredButtons(page)).toEqual([]);
});

test('掼蛋 double tribute from 北 and 南: tribute before play, each box labelled as stored, exported and shown so', async ({ page }) => {
  await newGuandan(page);
  // Hand 1: 东 头游, 西 二游 → 双下, 蓝队 +3 (2→5); 北 and 南 pay before hand 2.
  for (const s of ['E', 'W', 'N']) await page.click(`#gd-seat-${s}`);
  await expect(page.locator('#gd-verdict')).toContainText('双下');
  await page.click('#gd-commit');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(1);
  await expect(page.locator('#gd-due')).toContainText('双贡');

  await page.click('button[data-tribute="paid"]');
  const north = page.locator('.gd-pay[data-payer="N"]');
  const south = page.locator('.gd-pay[data-payer="S"]');
  // No card yet: in payer order.
  await expect(north.locator('.gd-pay-head')).toHaveText('北 → 东');
  await expect(south.locator('.gd-pay-head')).toHaveText('南 → 西');
  // 北 gives ♠3, 南 ♥A: 南's is the larger, so it goes to 头游 东; 北's to 西. The boxes say so.
  await north.locator('button[data-card-rank="3"]').click();
  await north.locator('button[data-card-suit="S"]').click();
  await south.locator('button[data-card-rank="A"]').click();
  await south.locator('button[data-card-suit="H"]').click();
  await expect(north.locator('.gd-pay-head')).toHaveText('北 → 西');
  await expect(south.locator('.gd-pay-head')).toHaveText('南 → 东');
  await expect(north.locator('.gd-return-pair')).toContainText('西 → 北');
  await expect(south.locator('.gd-return-pair')).toContainText('东 → 南');
  // The returns typed in each box: 西 gives 北 ♣4, 东 gives 南 ♦6.
  for (const [box, r, s] of [[north, '4', 'C'], [south, '6', 'D']]) {
    await box.locator('input.gd-confirm').check();
    await box.locator(`button[data-return-rank="${r}"]`).click();
    await box.locator(`button[data-return-suit="${s}"]`).click();
  }
  await expect(page.locator('#gd-trib-ok')).toContainText('南 先出');

  // The tribute panel comes before the finishing order (tribute is paid before play).
  const tribTop = (await page.locator('#gd-tribute').boundingBox()).y;
  const orderTop = (await page.locator('#gd-seat-N').boundingBox()).y;
  expect(tribTop).toBeLessThan(orderTop);

  // Hand 2 played: 南 头游, 北 二游 → 双下 for 红队.
  for (const s of ['S', 'N', 'E']) await page.click(`#gd-seat-${s}`);
  await expect(page.locator('#gd-verdict')).toContainText('双下');
  // The bar says the same verdict; no button is under it, the tribute panel open.
  await expect(page.locator('#gd-commit-line')).toHaveText(await page.locator('#gd-verdict').textContent());
  await padded(page);
  expect(await coveredButtons(page)).toEqual([]);
  await page.click('#gd-commit');
  await expect(page.locator('#gd-history li.hand-row')).toHaveCount(2);
  await expect(page.locator('#gd-commit-notice')).toContainText('第 2 副已记录');

  // Stored as labelled, and exported so.
  const labelled = [
    { from: 'N', to: 'W', card: { rank: '3', suit: 'S' }, returned: { rank: '4', suit: 'C' }, highest_confirmed: true },
    { from: 'S', to: 'E', card: { rank: 'A', suit: 'H' }, returned: { rank: '6', suit: 'D' }, highest_confirmed: true },
  ];
  const hands = (await storedEntries(page, matchId(page))).filter((e) => e.op.type === 'hand');
  expect(hands[1].op.hand.guandan.tribute.payments).toEqual(labelled);
  expect(hands[1].op.hand.guandan.tribute.leads).toBe('S');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#gd-export')]);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  const exportedHands = exported.matches[0].entries.filter((e) => e.op.type === 'hand');
  expect(exportedHands[1].op.hand.guandan.tribute.payments).toEqual(labelled);
  // The history row says the same.
  const row = page.locator('#gd-history li.hand-row').first();
  await row.locator('summary').click();
  await expect(row).toContainText('♥A');
});

test('升级: points typed on the keyboard reach the bar\'s verdict while typing, before the field is left', async ({ page }) => {
  await newShengji(page);
  const verdict = page.locator('.commit-bar .bar-line');
  const field = page.locator('#points');
  await field.click();
  await field.fill('');
  await page.keyboard.type('80');
  // Still focused: no change event yet.
  await expect(field).toBeFocused();
  await expect(verdict).toContainText('80');
  await page.keyboard.type('5');
  await expect(field).toBeFocused();
  await expect(verdict).toContainText('80'); // 805 is not a score: the verdict keeps 80
  await field.fill('');
  await page.keyboard.type('25');
  await expect(field).toBeFocused();
  await expect(verdict).toContainText('25');
});

test('升级: a typed score that is refused is not replaced by the last valid one: the bar says why and nothing is stored', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await newShengji(page);
  const line = page.locator('#commit-line');
  const field = page.locator('#points');
  const rows = page.locator('#history li.hand-row');
  await field.click();
  await field.fill('');
  await page.keyboard.type('60');
  await expect(line).toContainText('60');
  // 93 typed over it, the commit pressed without leaving the field first.
  await field.fill('');
  await page.keyboard.type('93');
  await expect(line).toContainText('“93”');
  await page.click('#commit');
  await expect(page.locator('#commit-error')).toContainText('“93”');
  await expect(rows).toHaveCount(0);
  // 250 (its prefix 25 is a score) and Enter: refused, 25 not stored.
  await field.fill('');
  await page.keyboard.type('250');
  await page.keyboard.press('Enter');
  await page.click('#commit');
  await expect(page.locator('#commit-error')).toContainText('“250”');
  await expect(rows).toHaveCount(0);
  // A step makes the field a score again: the commit stores what is shown.
  await page.locator('.stepper .btn.step', { hasText: '−5' }).first().click();
  await expect(field).toHaveValue('20');
  await expect(line).not.toContainText('“');
  await page.click('#commit');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('20');
});

test('升级: while a typed score is refused the live preview shows the refusal, not the last valid verdict', async ({ page }) => {
  await newShengji(page);
  const preview = page.locator('#preview');
  const field = page.locator('#points');
  await field.click();
  await field.fill('');
  await page.keyboard.type('85');
  await expect(page.locator('#preview-verdict')).toContainText('85');
  // 93: not a multiple of 5. The preview says why, as the bar does; no verdict of 85.
  await field.fill('');
  await page.keyboard.type('93');
  await expect(page.locator('#commit-line')).toContainText('“93”');
  await expect(preview).toContainText('“93”');
  await expect(page.locator('#preview-verdict')).toHaveCount(0);
  await expect(preview).not.toContainText('85');
  // 250 and Enter: out of range, refused the same way.
  await field.fill('');
  await page.keyboard.type('250');
  await page.keyboard.press('Enter');
  await expect(preview).toContainText('“250”');
  await expect(page.locator('#preview-verdict')).toHaveCount(0);
  // A valid score again: its verdict is back.
  await field.fill('');
  await page.keyboard.type('60');
  await expect(page.locator('#preview-verdict')).toContainText('60');
  await expect(preview.locator('.field-error')).toHaveCount(0);
});
