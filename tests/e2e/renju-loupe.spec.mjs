// 五子棋 at 360 px: an intersection is ~20 px, so a tap 11 px off takes the neighbour. The
// finger shows a loupe (the board magnified above it, the point it would take ringed and
// named); the pending stone shows a close-up with one-step arrows, so the referee moves it
// onto the point meant before confirming.
import { test, expect } from '@playwright/test';

test.use({ viewport: { width: 360, height: 640 }, hasTouch: true });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.__appStarted = false;
    window.addEventListener('TrunkApplicationStarted', () => {
      window.__appStarted = true;
    });
  });
});

test('a tap 11 px off takes the neighbour, the close-up says so and an arrow moves it back', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await page.goto('/new');
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
  await page.click('[data-game="renju"]');
  await page.fill('#rj-p1', '张三');
  await page.fill('#rj-p2', '李四');
  await page.click('#rj-create');
  await expect(page.locator('#rj-board')).toBeVisible();

  // The intersections are small at 360 px.
  const h8 = await page.locator('[data-point="h8"]').boundingBox();
  const i8 = await page.locator('[data-point="i8"]').boundingBox();
  const step = i8.x - h8.x;
  expect(step).toBeLessThan(24);
  await page.locator('[data-point="h8"]').scrollIntoViewIfNeeded();
  const box = await page.locator('[data-point="h8"]').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;

  // The finger down on h8 shows the loupe naming h8; lifted, the loupe goes.
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await expect(page.locator('#rj-loupe')).toHaveAttribute('data-point', 'h8');
  await expect(page.locator('#rj-loupe')).toContainText('h8');
  // Moved 11 px right, it would take i8: the loupe says so before the finger is lifted.
  await page.mouse.move(cx + 11, cy);
  await expect(page.locator('#rj-loupe')).toHaveAttribute('data-point', 'i8');
  await page.mouse.up();
  await expect(page.locator('#rj-loupe')).toHaveCount(0);

  // The tap took i8: the close-up rings i8; ← moves the pending stone to h8; confirm.
  await expect(page.locator('[data-ghost="i8"]')).toHaveCount(1);
  await expect(page.locator('#rj-zoom')).toHaveAttribute('data-point', 'i8');
  await page.click('#rj-nudge-left');
  await expect(page.locator('#rj-zoom')).toHaveAttribute('data-point', 'h8');
  await expect(page.locator('[data-ghost="h8"]')).toHaveCount(1);
  await expect(page.locator('#rj-confirm')).toContainText('h8');
  await page.click('#rj-confirm');
  await expect(page.locator('[data-stone="h8"]')).toHaveCount(1);
  await expect(page.locator('[data-stone="i8"]')).toHaveCount(0);

  // White: an arrow onto an occupied point leaves the stone where it is and says why.
  await page.click('[data-point="i8"]');
  await expect(page.locator('#rj-zoom')).toHaveAttribute('data-point', 'i8');
  await page.click('#rj-nudge-left');
  await expect(page.locator('#rj-error')).toContainText('h8');
  await expect(page.locator('#rj-zoom')).toHaveAttribute('data-point', 'i8');
  // The arrows are thumb-sized.
  for (const k of ['up', 'left', 'right', 'down']) {
    const b = await page.locator(`#rj-nudge-${k}`).boundingBox();
    expect(b.width).toBeGreaterThanOrEqual(44);
    expect(b.height).toBeGreaterThanOrEqual(44);
  }
});
