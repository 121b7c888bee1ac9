// Never change the record by accident, the cases a break-it pass found open: on the release
// build, with REAL touch taps on a phone-sized screen.
// * A tap that lands on the page within the repeat window after a commit does nothing
//   (the page re-rendered under the finger: the second tap of a double tap on 确认 used to
//   pick the next hand's 进贡).
// * Every button that appends an entry besides the hand form (a ruling, next game, next
//   round, a forfeit, sign-off) stores one entry for a double tap.
// * Behind the referee's back (a second tab): a 五子棋 stone pending when the match is signed
//   off goes, and the referee is told; a hand being edited that is deleted is said at the
//   top of the screen and what was typed can be put back as a new hand; a hand corrected
//   elsewhere while being edited is not replaced without asking.
import { test, expect } from '@playwright/test';
import { centre, doubleTap, rowAction, storedEntries, tap } from './helpers.mjs';

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
const ofType = async (page, type) => (await storedEntries(page, matchId(page))).filter((e) => e.op.type === type);
const drafts = (page) => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('referee-draft')));
/** Lets a press that would come late (a re-render, a storage write) land before counting. */
// 700 ms, then until the app's cool-down after a commit is over (a loaded machine may run late).
const settle = async (page) => {
  await page.waitForTimeout(700);
  await page.waitForFunction(() => !document.body.hasAttribute('data-cooling'));
};

/** Every dialog the page opens, answered `answer` (accept or dismiss). */
function dialogs(page, answer = 'accept') {
  const seen = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    if (answer === 'accept') d.accept();
    else d.dismiss();
  });
  return seen;
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

async function openSample(page) {
  await page.goto('/');
  await started(page);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.reload();
  await started(page);
  await page.click('#open-sample');
  await expect(page).toHaveURL(/\/match\/sample-chaodipi$/);
  await expect(page.locator('#scoreboard')).toBeVisible();
}

test('掼蛋: a tap right after 确认 does not pick the next hand\'s 进贡', async ({ page }) => {
  const seen = dialogs(page);
  await newGuandan(page);
  for (const s of ['N', 'E', 'S']) await tap(page, `#gd-seat-${s}`);
  await tap(page, '#gd-commit');
  await expect.poll(async () => (await ofType(page, 'hand')).length).toBe(1);
  await settle(page);
  // Hand 2, a tribute due: where its 进贡 is now is where the next hand's will be.
  for (const s of ['E', 'N', 'W']) await tap(page, `#gd-seat-${s}`);
  await tap(page, 'button[data-tribute="off"]');
  await settle(page);
  const [px, py] = await centre(page, 'button[data-tribute="paid"]');
  const c = await page.locator('#gd-commit').boundingBox();
  const t0 = Date.now();
  await page.touchscreen.tap(c.x + c.width / 2, c.y + c.height / 2);
  const t1 = Date.now();
  await page.touchscreen.tap(px, py);
  expect(t1 - t0, 'the second tap came this late (ms): too slow a machine for a double tap').toBeLessThan(450);
  await settle(page);
  expect(await ofType(page, 'hand')).toHaveLength(2);
  const paid = page.locator('button[data-tribute="paid"]').first();
  await expect(paid).toBeVisible();
  await expect(paid).not.toHaveClass(/selected/);
  expect(await drafts(page)).toEqual([]);
  expect(seen).toEqual([]);
  // A deliberate tap later works.
  await tap(page, 'button[data-tribute="paid"]');
  await expect(paid).toHaveClass(/selected/);
});

test('升级: double taps on a ruling, 下一局 and 签字 store one entry each', async ({ page }) => {
  const seen = dialogs(page);
  await openSample(page);
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-game-lost');
  await page.fill('#ruling-reason', '暗示');
  await page.fill('#ruling-rule', '000 §一(五)4');
  await page.fill('#ruling-referee', '王裁判');
  await settle(page);
  const before = seen.length;
  await doubleTap(page, '#ruling-commit');
  await settle(page);
  expect(await ofType(page, 'ruling')).toHaveLength(1);
  expect(seen.length - before).toBe(1); // its own question, once
  await expect(page.locator('#next-game')).toBeVisible();

  await doubleTap(page, '#next-game');
  await settle(page);
  expect(await ofType(page, 'next_game')).toHaveLength(1);

  await page.locator('#result-sheet summary').click();
  await page.fill('#referee-name', '裁判甲');
  const asked = seen.length;
  await doubleTap(page, '#sign-off');
  await settle(page);
  expect(await ofType(page, 'sign_off')).toHaveLength(1);
  // The second tap did not press what replaced the button (reopen: "a reason is needed").
  expect(seen.slice(asked)).toEqual([]);
});

test('掼蛋: double taps on a forfeit and on 下一轮 store one entry each', async ({ page }) => {
  const seen = dialogs(page);
  await newGuandan(page);
  await page.locator('#gd-forfeit summary').click();
  await tap(page, 'button[data-forfeit-team="B"]');
  await tap(page, 'button[data-forfeit-reason="Withdrew"]');
  await settle(page);
  await doubleTap(page, '#gd-ff-commit');
  await settle(page);
  const forfeits = (await ofType(page, 'hand')).filter((e) => e.op.hand.guandan.forfeit);
  expect(forfeits).toHaveLength(1);
  expect(seen).toHaveLength(1); // the forfeit's own question, once
  await expect(page.locator('#gd-round-end')).toBeVisible();
  if (await page.locator('#gd-next-round').count()) {
    await doubleTap(page, '#gd-next-round');
    await settle(page);
    expect(await ofType(page, 'next_game')).toHaveLength(1);
    // The second tap did not land on the new round's form either.
    expect(await drafts(page)).toEqual([]);
    await expect(page.locator('#gd-order')).not.toContainText('›');
  }
});

test('五子棋: a pending stone goes when another tab signs the match off, and the referee is told', async ({ context }) => {
  const a = await context.newPage();
  const seen = dialogs(a);
  await a.goto('/new');
  await started(a);
  await a.evaluate(() => sessionStorage.clear());
  await a.click('[data-game="renju"]');
  await a.click('#rj-create');
  await expect(a.locator('#rj-board')).toBeVisible();
  await tap(a, '[data-point="h8"]');
  await expect(a.locator('[data-ghost="h8"]')).toHaveCount(1);
  expect(await drafts(a)).toHaveLength(1);

  const b = await context.newPage();
  dialogs(b);
  await b.goto(a.url());
  await started(b);
  await b.locator('#rj-sheet summary').click();
  await b.fill('#rj-referee', '裁判乙');
  await b.click('#rj-sign-off');
  await expect.poll(async () => (await ofType(b, 'sign_off')).length).toBe(1);

  await expect(a.locator('[data-ghost="h8"]')).toHaveCount(0);
  await expect(a.locator('#notice')).toContainText('未确认的落子已取消');
  expect(await drafts(a)).toEqual([]);
  // Leaving asks nothing: there is nothing left to lose.
  await a.click('#notice-close');
  await a.click('a.brand');
  await expect(a).toHaveURL(/\/$/);
  expect(seen).toEqual([]);
});

test('掼蛋: the hand being edited deleted in another tab → said at the top; what was typed can be put back', async ({ context }) => {
  const a = await context.newPage();
  dialogs(a);
  await newGuandan(a);
  const rows = (p) => p.locator('#gd-history li.hand-row');
  for (const order of [['N', 'E', 'S'], ['E', 'N', 'W']]) {
    for (const s of order) await a.click(`#gd-seat-${s}`);
    if (await a.locator('button[data-tribute="off"]').count()) await a.click('button[data-tribute="off"]');
    await a.click('#gd-commit');
  }
  await expect(rows(a)).toHaveCount(2);
  const b = await context.newPage();
  dialogs(b);
  await b.goto(a.url());
  await started(b);
  await expect(rows(b)).toHaveCount(2);

  // Tab A edits hand 1: the order becomes 北 南 东 (西 last).
  await rowAction(rows(a).last(), 'edit');
  await expect(a.locator('#gd-commit')).toHaveText('保存修改');
  await a.click('#gd-seat-E');
  await a.click('#gd-seat-S');
  await a.click('#gd-seat-E');
  // Tab B deletes hand 1.
  await rowAction(rows(b).last(), 'delete');
  await expect(rows(b)).toHaveCount(1);

  // Tab A: said where the referee looks (the top of the screen), out of edit mode.
  const notice = a.locator('#notice');
  await expect(notice).toContainText('正在修改的这一副已被删除');
  const box = await notice.boundingBox();
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(640);
  await expect(a.locator('#gd-commit')).toHaveText('确认本副');
  // What was typed is put back on request, as a new hand, and committed as one.
  await a.click('#notice-action');
  await expect(notice).toHaveCount(0);
  await expect(a.locator('#gd-commit')).toHaveText('确认本副');
  await expect(a.locator('#gd-order')).toContainText('›');
  if (await a.locator('button[data-tribute="off"]').count()) await a.click('button[data-tribute="off"]');
  await a.click('#gd-commit');
  await expect(rows(a)).toHaveCount(2);
  const hands = await ofType(a, 'hand');
  const last = hands.at(-1).op.hand.guandan.order;
  expect(last.slice(0, 3)).toEqual(['N', 'S', 'E']);
  expect((await ofType(a, 'correct'))).toHaveLength(0);
});

test('升级: a hand corrected in another tab while being edited is not replaced without asking', async ({ context }) => {
  const a = await context.newPage();
  const answers = [];
  const seenA = [];
  a.on('dialog', (d) => {
    seenA.push(d.message());
    if (answers.shift() === 'accept') d.accept();
    else d.dismiss();
  });
  await openSample(a);
  const b = await context.newPage();
  dialogs(b);
  await b.goto(a.url());
  await started(b);
  const rows = (p) => p.locator('#history li.hand-row');
  const corrections = async () => (await ofType(a, 'correct')).length;
  const base = await corrections();

  // Both tabs open the newest hand for editing; B changes and saves it first.
  await rowAction(rows(a).first(), 'edit');
  await expect(a.locator('#commit')).toHaveText('保存修改');
  await a.locator('#hand-entry .stepper').first().getByRole('button', { name: '+5', exact: true }).click();
  await rowAction(rows(b).first(), 'edit');
  await expect(b.locator('#commit')).toHaveText('保存修改');
  await b.locator('#hand-entry .stepper').first().getByRole('button', { name: '+10', exact: true }).click();
  await b.click('#commit');
  await expect.poll(corrections).toBe(base + 1);

  // A's save asks; declined, nothing is stored and the form stays.
  answers.push('dismiss');
  await a.click('#commit');
  await expect.poll(() => seenA.length).toBe(1);
  expect(seenA[0]).toContain('已被另一处更正');
  await settle(a);
  expect(await corrections()).toBe(base + 1);
  await expect(a.locator('#commit')).toHaveText('保存修改');
  // Asked again and confirmed: A's correction replaces B's.
  answers.push('accept');
  await a.click('#commit');
  await expect.poll(corrections).toBe(base + 2);
  expect(seenA).toHaveLength(2);
});

test('掼蛋: a hand recorded in another tab while one is typed here is said; this tab\'s own commits and an untouched form say nothing', async ({ context }) => {
  const a = await context.newPage();
  dialogs(a);
  await newGuandan(a);
  const rows = (p) => p.locator('#gd-history li.hand-row');
  const enter = async (p, order) => {
    for (const s of order) await p.click(`#gd-seat-${s}`);
    if (await p.locator('button[data-tribute="off"]').count()) await p.click('button[data-tribute="off"]');
    await p.click('#gd-commit');
  };
  // This tab's own commit: no notice.
  await enter(a, ['N', 'E', 'S']);
  await expect(rows(a)).toHaveCount(1);
  const b = await context.newPage();
  dialogs(b);
  await b.goto(a.url());
  await started(b);
  await expect(rows(b)).toHaveCount(1);
  // Tab B records while tab A's form is untouched: nothing to say.
  await enter(b, ['E', 'N', 'W']);
  await expect(rows(a)).toHaveCount(2);
  await expect(a.locator('#notice')).toHaveCount(0);
  // Tab A starts the next hand, tab B records one: tab A is told, and its form is kept.
  await a.click('#gd-seat-N');
  await a.click('#gd-seat-S');
  await enter(b, ['S', 'W', 'N']);
  await expect(rows(a)).toHaveCount(3);
  await expect(a.locator('#notice')).toContainText('另一个标签页刚记录了');
  await expect(a.locator('#gd-order')).toContainText('›');
  expect(await ofType(a, 'hand')).toHaveLength(3);
  // Tab A records its hand: the notice, about an entry not recorded yet, goes.
  await a.click('#gd-seat-E');
  if (await a.locator('button[data-tribute="off"]').count()) await a.click('button[data-tribute="off"]');
  await a.click('#gd-commit');
  await expect(rows(a)).toHaveCount(4);
  await expect(a.locator('#notice')).toHaveCount(0);
});

test('升级: a hand typed here when another tab ends the game is said not recorded as the form goes', async ({ context }) => {
  const a = await context.newPage();
  dialogs(a);
  await openSample(a);
  const hands = (await ofType(a, 'hand')).length;
  // Tab A types a hand (not recorded).
  await a.locator('#hand-entry .stepper').first().getByRole('button', { name: '+20', exact: true }).click();
  await expect(a.locator('#points')).toHaveValue('20');
  // Tab B records a ruling that ends the game (判负).
  const b = await context.newPage();
  dialogs(b);
  await b.goto(a.url());
  await started(b);
  await b.locator('#ruling-panel > summary').click();
  await b.click('button[data-ruling-team="A"]');
  await b.click('#ruling-game-lost');
  await b.fill('#ruling-reason', '暗示');
  await b.fill('#ruling-rule', '000 §一(五)4');
  await b.fill('#ruling-referee', '王裁判');
  await b.click('#ruling-commit');
  await expect.poll(async () => (await ofType(b, 'ruling')).length).toBe(1);
  // Tab A: the form is gone, and the referee is told the typed hand was not recorded.
  await expect(a.locator('#game-winner')).toBeVisible();
  await expect(a.locator('#hand-entry')).toHaveCount(0);
  await expect(a.locator('#notice')).toContainText('另一个标签页刚记录了');
  await expect(a.locator('#notice')).toContainText('正在输入的内容没有记录');
  expect(await ofType(a, 'hand')).toHaveLength(hands);
});
