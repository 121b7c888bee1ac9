// Drafts everywhere: every game page's half-entered form survives a reload, an update
// (the app's reload) and back/forward; leaving a page by an in-app link while the form is
// changed asks first (declined: the page stays); a committed form leaves no draft and
// nothing to ask about; the update banner lies over the page instead of pushing it down.
import { test, expect } from '@playwright/test';
import { storedEntries } from './helpers.mjs';

test.use({ viewport: { width: 360, height: 640 } });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.__appStarted = false;
    window.addEventListener('TrunkApplicationStarted', () => {
      window.__appStarted = true;
    });
  });
});

async function started(page) {
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
}

const matchId = (page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
const hands = async (page) =>
  (await storedEntries(page, matchId(page))).filter((e) => e.op.type === 'hand').length;

/**
 * Every dialog the page opens. The app's own questions (confirm) are answered by `answers`
 * in turn (then accepted); the browser's leave question (beforeunload: a reload with a
 * changed form) is accepted — the draft is what brings the form back.
 */
function dialogs(page, answers = []) {
  const seen = [];
  page.on('dialog', (d) => {
    seen.push({ type: d.type(), message: d.message() });
    const a = d.type() === 'beforeunload' ? 'accept' : (answers.shift() ?? 'accept');
    if (a === 'accept') d.accept();
    else d.dismiss();
  });
  return seen;
}

async function make(page, game, create, ready) {
  await page.goto('/new');
  await started(page);
  if (game) await page.click(`button[data-game="${game}"], [data-game="${game}"]`);
  await page.click(create);
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator(ready)).toBeVisible();
}

const GAMES = {
  升级: {
    make: (page) => make(page, null, '#create', '#commit'),
    commit: '#commit',
    fill: async (page) => {
      await page.locator('#hand-entry .stepper button:has-text("+20")').click();
      await page.locator('#hand-entry .stepper button:has-text("+20")').click();
      await expect(page.locator('#points')).toHaveValue('40');
    },
    filled: async (page) => expect(page.locator('#points')).toHaveValue('40'),
    blank: async (page) => expect(page.locator('#points')).toHaveValue('0'),
  },
  双升: {
    make: (page) => make(page, 'duplicate', '#dup-create', '#dup-commit'),
    commit: '#dup-commit',
    fill: async (page) => {
      await page.locator('#dup-entry .stepper button:has-text("+20")').click();
      await page.locator('#dup-entry .stepper button:has-text("+20")').click();
      await expect(page.locator('#dup-points')).toHaveValue('40');
    },
    filled: async (page) => expect(page.locator('#dup-points')).toHaveValue('40'),
    blank: async (page) => expect(page.locator('#dup-points')).toHaveValue('0'),
  },
  掼蛋: {
    make: (page) => make(page, 'guandan', '#gd-create', '#gd-commit'),
    commit: '#gd-commit',
    fill: async (page) => {
      for (const s of ['N', 'E', 'S']) await page.click(`#gd-seat-${s}`);
      await expect(page.locator('#gd-seat-S')).toHaveClass(/selected/);
    },
    filled: async (page) => {
      for (const s of ['N', 'E', 'S', 'W']) await expect(page.locator(`#gd-seat-${s}`)).toHaveClass(/selected/);
    },
    blank: async (page) => expect(page.locator('#gd-seat-N')).not.toHaveClass(/selected/),
  },
  斗地主: {
    make: (page) => make(page, 'doudizhu', '#ddz-create', '#commit'),
    commit: '#commit',
    fill: async (page) => {
      for (let k = 0; k < 3; k++) await page.click('#ddz-bidding button[data-call="pass"]');
      await expect(page.locator('#ddz-calls li')).toHaveCount(3);
    },
    filled: async (page) => expect(page.locator('#ddz-calls li')).toHaveCount(3),
    blank: async (page) => expect(page.locator('#ddz-calls li')).toHaveCount(0),
  },
  三打一: {
    make: (page) => make(page, 'sandayi', '#sdy-create', '#commit'),
    commit: '#commit',
    fill: async (page) => {
      await page.click('#sdy-first button[data-player="0"]');
      for (let k = 0; k < 4; k++) await page.click('#sdy-bidding button[data-call="pass"]');
      await expect(page.locator('#sdy-calls li')).toHaveCount(4);
    },
    filled: async (page) => expect(page.locator('#sdy-calls li')).toHaveCount(4),
    blank: async (page) => expect(page.locator('#sdy-calls li')).toHaveCount(0),
  },
  五子棋: {
    make: (page) => make(page, 'renju', '#rj-create', '#rj-board'),
    commit: '#rj-confirm',
    fill: async (page) => {
      await page.click('[data-point="h8"]');
      await expect(page.locator('[data-ghost="h8"]')).toHaveCount(1);
    },
    filled: async (page) => expect(page.locator('[data-ghost="h8"]')).toHaveCount(1),
    blank: async (page) => expect(page.locator('[data-ghost]')).toHaveCount(0),
  },
};

for (const [name, g] of Object.entries(GAMES)) {
  test(`${name}: a half-entered form survives reload and back/forward; leaving asks; a commit leaves no draft`, async ({ page }) => {
    // The first in-app leave is declined, every later question accepted.
    const seen = dialogs(page, ['dismiss']);
    await g.make(page);
    const url = page.url();
    await g.fill(page);

    // Reload (the browser may ask first: accepted): the form is as the referee left it,
    // and nothing was stored.
    await page.reload();
    await started(page);
    await g.filled(page);
    expect(await hands(page)).toBe(0);

    // An in-app link away asks; declined, the page and the form stay.
    await page.click('a.brand');
    await expect.poll(() => seen.filter((d) => d.type === 'confirm').length).toBe(1);
    expect(seen[seen.length - 1].message).toContain('尚未确认');
    await expect(page).toHaveURL(url);
    await g.filled(page);

    // Accepted: home; back: the form again; forward and back once more: still there.
    await page.click('a.brand');
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect(page).toHaveURL(url);
    await g.filled(page);
    await page.goForward();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await g.filled(page);

    // Committed (the restored draft is the referee's own entry: no untouched-form
    // question), the form is blank, a reload brings no draft back and leaving asks nothing.
    const asked = seen.length;
    await page.click(g.commit);
    await expect.poll(() => hands(page)).toBe(1);
    expect(seen.slice(asked)).toEqual([]);
    await page.reload();
    await started(page);
    await g.blank(page);
    await page.click('a.brand');
    await expect(page).toHaveURL(/\/$/);
    expect(seen.slice(asked)).toEqual([]);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('referee-draft')))).toEqual([]);
  });
}

test('an update reloads without asking and keeps the half-entered hand', async ({ page }) => {
  const seen = dialogs(page);
  await GAMES['升级'].make(page);
  await GAMES['升级'].fill(page);
  // A waiting update, as sw-register.js announces it; applying it reloads the page.
  await page.evaluate(() => {
    window.__swApplyUpdate = () => {
      window.location.reload();
      return true;
    };
    window.dispatchEvent(new CustomEvent('sw-update-ready'));
  });
  const reloaded = page.waitForEvent('load');
  await page.click('#update-reload');
  await reloaded;
  await started(page);
  await GAMES['升级'].filled(page);
  expect(seen).toEqual([]);
});

test('an update that finds no waiting version: leaving with a changed form asks again', async ({ page }) => {
  const seen = dialogs(page);
  await GAMES['升级'].make(page);
  await GAMES['升级'].fill(page);
  // The banner is shown, but by the time it is tapped no version waits (sw-register.js's
  // __swApplyUpdate answers false): nothing reloads.
  await page.evaluate(() => {
    window.__swApplyUpdate = () => false;
    window.dispatchEvent(new CustomEvent('sw-update-ready'));
  });
  await page.click('#update-reload');
  await page.waitForTimeout(300);
  expect(seen).toEqual([]);
  // A reload now is the referee's own: the browser asks, the draft is kept.
  await page.reload();
  await started(page);
  expect(seen.map((d) => d.type)).toContain('beforeunload');
  await GAMES['升级'].filled(page);
});

test('the update banner lies over the page: nothing under the thumb moves', async ({ page }) => {
  await GAMES['升级'].make(page);
  const before = await page.locator('#commit').boundingBox();
  const stepper = await page.locator('#hand-entry .stepper').first().boundingBox();
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('sw-update-ready')));
  const banner = page.locator('.banner.update');
  await expect(banner).toBeVisible();
  expect(await banner.evaluate((e) => getComputedStyle(e).position)).toBe('fixed');
  expect(await page.locator('#commit').boundingBox()).toEqual(before);
  expect(await page.locator('#hand-entry .stepper').first().boundingBox()).toEqual(stepper);
  // The banner stays inside the screen and its button is thumb-sized.
  const b = await banner.boundingBox();
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(360);
  for (const b of await page.locator('.banner.update button').all()) {
    expect((await b.boundingBox()).height).toBeGreaterThanOrEqual(44);
  }
});

test('the update banner can be put off: 稍后 hides it and gives the header back', async ({ page }) => {
  await GAMES['升级'].make(page);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('sw-update-ready')));
  await expect(page.locator('.banner.update')).toBeVisible();
  await page.click('#update-later');
  await expect(page.locator('.banner.update')).toHaveCount(0);
  await page.click('a.brand');
  await expect(page).toHaveURL(/\/$/);
});
