// One commit per intent, on the release build with REAL touch taps
// (a touch context, page.touchscreen.tap at the element's centre) and a double click:
// for every game page, a double tap on the commit button stores exactly one new entry, an
// untouched form does not commit by itself (the browser asks, and dismissing stores
// nothing — or, where the blank form is not a hand, nothing is asked and nothing stored),
// and a double tap on 撤销 voids exactly one entry. What is stored is read from
// localStorage (helpers.storedEntries).
import { test, expect } from '@playwright/test';
import { centre, doubleTap, storedEntries, tap } from './helpers.mjs';

// A phone-sized touch screen (taps are real touch events; Chromium makes the clicks).
test.use({ hasTouch: true, viewport: { width: 360, height: 640 } });

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
const entries = (page) => storedEntries(page, matchId(page));
const ofType = (es, type) => es.filter((e) => e.op.type === type);
const hands = async (page) => ofType(await entries(page), 'hand').length;
const voids = async (page) => ofType(await entries(page), 'void').length;

/** Records (and dismisses) every dialog the page opens. */
function dialogs(page, answer = 'dismiss') {
  const seen = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    if (answer === 'accept') d.accept();
    else d.dismiss();
  });
  return seen;
}

/** Lets a press that would come late (a re-render, a storage write) land before counting. */
// 700 ms, then until the app's cool-down after a commit is over (a loaded machine may run late).
const settle = async (page) => {
  await page.waitForTimeout(700);
  await page.waitForFunction(() => !document.body.hasAttribute('data-cooling'));
};

// ---------------------------------------------------------------------------------------
// Set-up of a fresh match of each game, through /new
// ---------------------------------------------------------------------------------------

async function newShengji(page) {
  await page.goto('/new');
  await started(page);
  await page.click('#create');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#commit')).toBeVisible();
}

async function newDuplicate(page) {
  await page.goto('/new');
  await started(page);
  await page.click('[data-game="duplicate"]');
  await page.click('#dup-create');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#dup-commit')).toBeVisible();
}

async function newGuandan(page) {
  await page.goto('/new');
  await started(page);
  await page.evaluate(() => sessionStorage.clear());
  await page.click('button[data-game="guandan"]');
  await page.click('#gd-create');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#gd-commit')).toBeVisible();
}

async function newDoudizhu(page) {
  await page.goto('/new');
  await started(page);
  await page.click('button[data-game="doudizhu"]');
  await page.click('#ddz-create');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#commit')).toBeVisible();
}

async function newSandayi(page) {
  await page.goto('/new');
  await started(page);
  await page.click('button[data-game="sandayi"]');
  await page.click('#sdy-create');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#commit')).toBeVisible();
}

async function newRenju(page) {
  await page.goto('/new');
  await started(page);
  await page.click('[data-game="renju"]');
  await page.click('#rj-create');
  await expect(page.locator('#rj-board')).toBeVisible();
}

// Each game: how to make it, its commit and undo buttons, and how the referee fills in
// one hand by touch (`fill` leaves the form ready to commit).
const GAMES = {
  升级: {
    make: newShengji,
    commit: '#commit',
    undo: '#undo',
    // 40 points: 台下上台, no level change — the match goes on.
    fill: async (page) => {
      await tap(page, '#hand-entry .stepper button:has-text("+20")');
      await expect(page.locator('#points')).toHaveValue('20');
      await tap(page, '#hand-entry .stepper button:has-text("+20")');
      await expect(page.locator('#points')).toHaveValue('40');
      await expect(page.locator('#preview-verdict')).toContainText('40');
    },
    blankIsAHand: true,
  },
  双升: {
    make: newDuplicate,
    commit: '#dup-commit',
    undo: '#undo',
    fill: async (page) => {
      await tap(page, '#dup-entry .stepper button:has-text("+20")');
      await expect(page.locator('#dup-points')).toHaveValue('20');
      await tap(page, '#dup-entry .stepper button:has-text("+20")');
      await expect(page.locator('#dup-points')).toHaveValue('40');
      await expect(page.locator('#dup-preview-score')).toBeVisible();
    },
    blankIsAHand: true,
  },
  掼蛋: {
    make: newGuandan,
    commit: '#gd-commit',
    undo: '#gd-undo',
    fill: async (page) => {
      for (const s of ['N', 'E', 'S']) {
        await tap(page, `#gd-seat-${s}`);
        await expect(page.locator(`#gd-seat-${s}`)).toHaveClass(/selected/);
      }
      // From the second hand on a tribute is due: not recorded here (it is not what is tested).
      if (await page.locator('button[data-tribute="off"]').count()) {
        await tap(page, 'button[data-tribute="off"]');
        await expect(page.locator('button[data-tribute="off"]')).toHaveClass(/selected/);
      }
      await expect(page.locator('#gd-verdict')).toBeVisible();
    },
    blankIsAHand: false,
  },
  斗地主: {
    make: newDoudizhu,
    commit: '#commit',
    undo: '#undo',
    // Everybody passes: a redeal, a complete hand.
    fill: async (page) => {
      for (let k = 0; k < 3; k++) {
        await tap(page, '#ddz-bidding button[data-call="pass"]');
        await expect(page.locator('#ddz-calls li')).toHaveCount(k + 1);
      }
      await expect(page.locator('#ddz-redeal')).toBeVisible();
      await expect(page.locator('#commit')).toBeEnabled();
    },
    blankIsAHand: false,
  },
  三打一: {
    make: newSandayi,
    commit: '#commit',
    undo: '#undo',
    fill: async (page) => {
      await tap(page, '#sdy-first button[data-player="0"]');
      for (let k = 0; k < 4; k++) {
        await tap(page, '#sdy-bidding button[data-call="pass"]');
        await expect(page.locator('#sdy-calls li')).toHaveCount(k + 1);
      }
      await expect(page.locator('#sdy-void')).toBeVisible();
      await expect(page.locator('#commit')).toBeEnabled();
    },
    blankIsAHand: false,
  },
};

for (const [name, g] of Object.entries(GAMES)) {
  test(`${name}: a double tap on commit stores one hand; an untouched form does not commit by itself`, async ({ page }) => {
    const seen = dialogs(page);
    await g.make(page);
    expect(await hands(page)).toBe(0);

    // The referee fills in a hand and double-taps commit (two touch taps 120 ms apart).
    await g.fill(page);
    await doubleTap(page, g.commit);
    await settle(page);
    expect(await hands(page)).toBe(1);
    expect(seen).toEqual([]); // a repeat is ignored without a question

    // Again with a double click (mouse) on a second hand.
    await g.fill(page);
    await page.locator(g.commit).dblclick();
    await settle(page);
    expect(await hands(page)).toBe(2);
    expect(seen).toEqual([]);

    // The blank form after the commit, tapped later: asked and dismissed (升级, 双升, where a
    // blank form is a valid "0 分" hand), or refused without a question (the others, whose
    // blank form is no hand) — nothing is stored either way.
    await tap(page, g.commit);
    await settle(page);
    expect(await hands(page)).toBe(2);
    if (g.blankIsAHand) {
      expect(seen).toHaveLength(1);
      expect(seen[0]).toContain('表单未改动');
    } else {
      expect(seen).toEqual([]);
    }
  });

  test(`${name}: a double tap on 撤销 voids exactly one entry`, async ({ page }) => {
    await g.make(page);
    for (let k = 0; k < 3; k++) {
      await g.fill(page);
      await tap(page, g.commit);
      await expect.poll(() => hands(page)).toBe(k + 1);
      await settle(page);
    }
    const last = (await entries(page)).at(-1).id;
    await expect(page.locator(g.undo)).toBeEnabled();
    await doubleTap(page, g.undo);
    await settle(page);
    const es = await entries(page);
    expect(ofType(es, 'void').map((e) => e.op.target)).toEqual([last]);

    // A double click later: one more (the hand before), not two.
    await page.locator(g.undo).dblclick();
    await settle(page);
    expect(await voids(page)).toBe(2);
  });
}

test('升级: a held Enter key on commit stores one hand; a confirmed untouched form stores one', async ({ page }) => {
  const seen = dialogs(page, 'accept');
  await newShengji(page);
  await GAMES.升级.fill(page);
  await page.focus('#commit');
  // Held down: the first keydown, then repeats (Playwright marks them repeat: true).
  for (let k = 0; k < 5; k++) await page.keyboard.down('Enter');
  await page.keyboard.up('Enter');
  await settle(page);
  expect(await hands(page)).toBe(1);
  expect(seen).toEqual([]);

  // The referee means "0 分" and says so: asked once, confirmed, one hand.
  await tap(page, '#commit');
  await settle(page);
  expect(seen).toHaveLength(1);
  const hs = ofType(await entries(page), 'hand');
  expect(hs).toHaveLength(2);
  expect(hs[1].op.hand.shengji.points).toBe(0);
});

test('双升: a held Enter key on commit stores one board', async ({ page }) => {
  const seen = dialogs(page);
  await newDuplicate(page);
  await GAMES.双升.fill(page);
  await page.focus('#dup-commit');
  for (let k = 0; k < 5; k++) await page.keyboard.down('Enter');
  await page.keyboard.up('Enter');
  await settle(page);
  expect(await hands(page)).toBe(1);
  expect(seen).toEqual([]);
});

test('升级: a never-touched form asks first, dismissing stores nothing', async ({ page }) => {
  const seen = dialogs(page);
  await newShengji(page);
  await doubleTap(page, '#commit');
  await settle(page);
  expect(seen).toHaveLength(1); // the second tap while asking (or right after) asks nothing more
  expect(seen[0]).toContain('0');
  expect(await hands(page)).toBe(0);
});

test('双升: a never-touched form asks first, dismissing stores nothing', async ({ page }) => {
  const seen = dialogs(page);
  await newDuplicate(page);
  await tap(page, '#dup-commit');
  await settle(page);
  expect(seen).toHaveLength(1);
  expect(await hands(page)).toBe(0);
});

// 五子棋: the form is the pending stone (a tap shows a ghost; a second tap on it, or the
// confirm button, places it).
test('五子棋: double taps on confirm and on the point store one stone; a double tap on 撤销 voids one', async ({ page }) => {
  const seen = dialogs(page);
  await newRenju(page);
  const stones = page.locator('#rj-board [data-stone]');

  // No stone is waiting, so there is nothing to confirm.
  await expect(page.locator('#rj-confirm')).toHaveCount(0);

  // A point tapped once (ghost), then a double tap on confirm: one stone.
  await tap(page, '[data-point="h8"]');
  await expect(page.locator('[data-ghost="h8"]')).toHaveCount(1);
  await doubleTap(page, '#rj-confirm');
  await settle(page);
  expect(await hands(page)).toBe(1);
  await expect(stones).toHaveCount(1);

  // A point tapped three times quickly (ghost, place, and one more): one stone.
  const [x, y] = await centre(page, '[data-point="a1"]');
  for (let k = 0; k < 3; k++) {
    await page.touchscreen.tap(x, y);
    await page.waitForTimeout(120);
  }
  await settle(page);
  expect(await hands(page)).toBe(2);
  await expect(stones).toHaveCount(2);

  // A double click on confirm.
  await tap(page, '[data-point="j9"]');
  await page.locator('#rj-confirm').dblclick();
  await settle(page);
  expect(await hands(page)).toBe(3);

  // Undo: a double tap voids the newest stone only.
  const last = (await entries(page)).at(-1).id;
  await doubleTap(page, '#rj-undo');
  await settle(page);
  expect(ofType(await entries(page), 'void').map((e) => e.op.target)).toEqual([last]);
  await expect(stones).toHaveCount(2);
  expect(seen).toEqual([]);
});

// The clock's button changes under the finger (开始 → 暂停 → 继续): a double tap on it
// stores one clock entry, the replacing button is off for the repeat window, and a later
// deliberate tap works.
for (const [name, make, prefix] of [
  ['升级', newShengji, ''],
  ['掼蛋', newGuandan, 'gd-'],
  ['斗地主', newDoudizhu, ''],
]) {
  test(`${name}: a double tap on the clock's button stores one clock entry`, async ({ page }) => {
    await make(page);
    const clocks = async () => ofType(await entries(page), 'clock').length;
    await doubleTap(page, `#${prefix}clock-start`);
    await settle(page);
    expect(await clocks()).toBe(1);
    await expect(page.locator(`#${prefix}clock-pause`)).toBeVisible();
    await doubleTap(page, `#${prefix}clock-pause`);
    await settle(page);
    expect(await clocks()).toBe(2);
    await expect(page.locator(`#${prefix}clock-resume`)).toBeEnabled();
    await tap(page, `#${prefix}clock-resume`);
    await expect.poll(clocks).toBe(3);
  });
}
