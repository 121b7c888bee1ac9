// The ruling panel keeps its own draft: a half-typed ruling survives a reload (the panel
// opens again with it), its commit removes that draft but not the hand form's (leaving
// still asks while the hand is changed), and an edit of a ruling deleted meanwhile is
// dropped after the reload, not restored.
import { test, expect } from '@playwright/test';
import { storedEntries } from './helpers.mjs';

test.use({ viewport: { width: 360, height: 640 } });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.__appStarted = false;
    window.addEventListener('TrunkApplicationStarted', () => (window.__appStarted = true));
  });
});

async function started(page) {
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
}

/** A new 升级 match (the default game). */
async function make(page) {
  await page.goto('/new');
  await started(page);
  await page.click('#create');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#commit')).toBeVisible();
}

const matchId = (page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
const drafts = (page) =>
  page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('referee-draft')).sort());

/** Answers the app's questions (confirm) with `answers` in turn, then accepts; accepts the browser's leave question. */
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

const panel = (page) => page.locator('#ruling-panel');

test('a half-typed ruling survives a reload; its commit leaves the hand draft and its leave question', async ({ page }) => {
  // The ruling's confirmation accepted, the in-app leave declined.
  const seen = dialogs(page, ['accept', 'dismiss']);
  await make(page);
  const id = matchId(page);
  // A half-entered hand, then a half-typed ruling.
  await page.locator('#hand-entry .stepper button:has-text("+20")').click();
  await page.locator('#hand-entry .stepper button:has-text("+20")').click();
  await expect(page.locator('#points')).toHaveValue('40');
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-warning');
  await page.fill('#ruling-reason', '拖延时间');
  await page.fill('#ruling-referee', '裁判甲');
  expect(await drafts(page)).toEqual([`referee-draft:ruling:${id}`, `referee-draft:shengji:${id}`].sort());

  await page.reload();
  await started(page);
  await expect(panel(page)).toHaveAttribute('open', '');
  await expect(page.locator('button[data-ruling-team="A"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#ruling-warning')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#ruling-reason')).toHaveValue('拖延时间');
  await expect(page.locator('#ruling-referee')).toHaveValue('裁判甲');
  await expect(page.locator('#points')).toHaveValue('40');

  // Recorded: the ruling's draft goes, the hand's stays.
  await page.click('#ruling-commit');
  await expect(page.locator('#rulings li.ruling-row')).toHaveCount(1);
  await expect(page.locator('#ruling-reason')).toHaveValue('');
  expect((await storedEntries(page, id)).filter((e) => e.op.type === 'ruling')).toHaveLength(1);
  await expect.poll(() => drafts(page)).toEqual([`referee-draft:shengji:${id}`]);

  // The hand is still changed: an in-app link away asks (declined: the page stays).
  const url = page.url();
  const asked = seen.filter((d) => d.type === 'confirm').length;
  await page.click('a.brand');
  await expect.poll(() => seen.filter((d) => d.type === 'confirm').length).toBe(asked + 1);
  await expect(page).toHaveURL(url);

  // A reload brings the hand back, and no ruling: the panel stays closed.
  await page.reload();
  await started(page);
  await expect(page.locator('#points')).toHaveValue('40');
  expect(await panel(page).evaluate((d) => d.open)).toBe(false);
});

test('an edit of a ruling deleted before the reload is dropped, the rest of the draft kept', async ({ page }) => {
  dialogs(page);
  await make(page);
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-warning');
  await page.fill('#ruling-reason', '拖延时间');
  await page.fill('#ruling-referee', '裁判甲');
  await page.click('#ruling-commit');
  const row = page.locator('#rulings li.ruling-row');
  await expect(row).toHaveCount(1);

  // Loaded for editing and changed, then deleted (as another tab could).
  await row.locator('button.ruling-edit').click();
  await expect(page.locator('#ruling-editing')).toBeVisible();
  await page.fill('#ruling-reason', '改过的原因');
  await row.locator('button.delete').click();
  await expect(row).toHaveCount(0);

  await page.reload();
  await started(page);
  await expect(panel(page)).toHaveAttribute('open', '');
  await expect(page.locator('#ruling-editing')).toHaveCount(0);
  await expect(page.locator('#ruling-reason')).toHaveValue('');
  await expect(page.locator('button[data-ruling-team="A"]')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('#ruling-referee')).toHaveValue('裁判甲');
  await expect(page.locator('#commit')).toBeVisible();
});
