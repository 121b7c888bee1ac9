// Clocks on elapsed time: the device clock is set forward or back while a
// match clock or a bury countdown runs (Playwright's clock: `setSystemTime` moves Date.now()
// and leaves performance.now() alone, as a real change of the device time does), and a
// countdown is reloaded and left and come back to. Nothing of a jump counts, the jump is
// shown, and verdicts and overruns wait for the referee, showing the time they rest on.
import { test, expect } from '@playwright/test';
import { storedEntries, ready } from './helpers.mjs';

const SAMPLE = 'sample-chaodipi';

/** Opens the sample 升级 match (its clock started 58:20 ago; limit 120 minutes). */
async function openSample(page) {
  await page.goto('/');
  await ready(page);
  await page.click('#open-sample');
  await expect(page.locator('#scoreboard')).toBeVisible();
}

/** Moves the device's wall clock by `ms` (performance.now() does not move). */
async function setDeviceClock(page, ms) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.setSystemTime(new Date(now + ms));
}

/** The sample with a 20 s bury limit (as the tester's preset), opened again. */
async function sampleWithBuryTimer(page) {
  await openSample(page);
  await page.evaluate((id) => {
    const key = `referee.match.${id}`;
    const doc = JSON.parse(localStorage.getItem(key));
    doc.match.setup.preset.timing.bury_seconds = 20;
    localStorage.setItem(key, JSON.stringify(doc));
  }, SAMPLE);
  await page.reload();
  await ready(page);
  await expect(page.locator('#scoreboard')).toBeVisible();
  const bury = page.locator('.timers button').first();
  await expect(bury).toContainText('20s');
  return bury;
}

const countdownValue = async (page) => Number((await page.locator('#countdown .big-number').textContent()).trim());

for (const [label, jump] of [['+3 min', 3 * 60_000], ['+1 h', 3_600_000]]) {
  test(`device time ${label} near the limit: no time-up, the jump is shown, the verdict waits for the referee`, async ({ page }) => {
    await page.clock.install({ time: new Date('2026-03-01T09:00:00') });
    await openSample(page);
    await expect(page.locator('#match-clock')).toContainText('58:2');
    // 61 minutes really pass: 1:59:2x of 2:00:00.
    await page.clock.fastForward('01:01:00');
    await expect(page.locator('#match-clock')).toContainText('1:59:');
    await expect(page.locator('#time-up')).toHaveCount(0);
    await setDeviceClock(page, jump);
    await page.clock.runFor(2_000);
    await expect(page.locator('#match-clock')).toContainText('1:59:');
    await expect(page.locator('#time-up')).toHaveCount(0);
    await expect(page.locator('#clock-jump')).toBeVisible();
    await expect(page.locator('#clock-jump')).toContainText(jump > 600_000 ? '+1:00:00' : '+3:00');
    await expect(page.locator('#clock-jump')).toContainText('未计入计时');
    // Nothing was written for it.
    const entries = await storedEntries(page, SAMPLE);
    expect(entries.filter((e) => e.op.type === 'time_verdict')).toHaveLength(0);
    // The time really runs out: the banner, and a verdict only when the referee taps it,
    // showing the elapsed time it rests on.
    await page.clock.fastForward('01:10');
    await expect(page.locator('#time-up')).toBeVisible();
    await expect(page.locator('#time-verdict')).toContainText('用时 2:00:');
    expect((await storedEntries(page, SAMPLE)).filter((e) => e.op.type === 'time_verdict')).toHaveLength(0);
    await page.click('#time-verdict');
    await expect(page.locator('#game-winner')).toContainText('时间到');
    const verdict = (await storedEntries(page, SAMPLE)).find((e) => e.op.type === 'time_verdict');
    expect(verdict.op.elapsed_ms).toBeGreaterThanOrEqual(7_200_000);
    expect(verdict.op.elapsed_ms).toBeLessThan(7_200_000 + 60_000);
  });
}

test('device time −1 h, then 暂停: the seconds played stay', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-01T09:00:00') });
  await openSample(page);
  await page.click('#clock-pause');
  await expect(page.locator('#clock-resume')).toBeVisible();
  const paused = (await page.locator('#match-clock').textContent()).trim();
  expect(paused).toMatch(/^58:2\d/);
  await page.click('#clock-resume');
  await expect(page.locator('#clock-pause')).toBeVisible();
  await page.clock.fastForward('00:46');
  await setDeviceClock(page, -3_600_000);
  await page.clock.runFor(1_000);
  await page.click('#clock-pause');
  await expect(page.locator('#clock-resume')).toBeVisible();
  // 58:2x + 47 s, not 58:2x.
  await expect(page.locator('#match-clock')).toContainText(/^59:[01]\d/);
  await expect(page.locator('#match-clock')).not.toHaveText(paused);
  await expect(page.locator('#clock-jump')).toContainText('−1:00:00');
  const pauses = (await storedEntries(page, SAMPLE)).filter((e) => e.op.type === 'clock' && e.op.action === 'pause');
  expect(pauses.at(-1).op.elapsed_ms).toBeGreaterThan(58 * 60_000 + 20_000 + 45_000);
  // And after a reload the stored log gives the same.
  await page.reload();
  await ready(page);
  await expect(page.locator('#match-clock')).toContainText(/^59:[01]\d/);
});

test('device time −1 h, then set right while the page reloads: the correction is not time played', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-01T09:00:00') });
  await openSample(page);
  await expect(page.locator('#match-clock')).toContainText('58:2');
  await setDeviceClock(page, -3_600_000);
  await page.clock.runFor(3_000);
  await expect(page.locator('#clock-jump')).toBeVisible();
  await expect(page.locator('#match-clock')).toContainText('58:2');
  // No tick between setting the clock right and the reload: the page never sees it.
  await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 500));
  await setDeviceClock(page, 3_600_000);
  await page.reload();
  await page.clock.resume();
  await ready(page);
  await expect(page.locator('#match-clock')).toContainText('58:');
  await expect(page.locator('#match-clock')).not.toContainText('1:58:');
  // The hour is shown as a jump the referee may count.
  await expect(page.locator('#clock-jump')).toContainText('+1:00:00');
  await expect(page.locator('#clock-jump')).toContainText('未计入计时');
});

test('device time +30 s during a 20 s bury countdown: no overrun', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-01T09:00:00') });
  const bury = await sampleWithBuryTimer(page);
  await bury.click();
  await expect(page.locator('#countdown')).toBeVisible();
  await page.clock.fastForward('00:08');
  await setDeviceClock(page, 30_000);
  await page.clock.runFor(1_500);
  await expect(page.locator('#countdown')).not.toHaveClass(/over/);
  await expect(page.locator('#log-overrun')).toHaveCount(0);
  const left = await countdownValue(page);
  expect(left).toBeGreaterThanOrEqual(9);
  expect(left).toBeLessThanOrEqual(12);
  await expect(page.locator('#clock-jump')).toContainText('+0:30');
  // Really over: the overrun waits for the referee and shows what it rests on.
  await page.clock.fastForward('00:15');
  await expect(page.locator('#log-overrun')).toBeVisible();
  await expect(page.locator('#log-overrun')).toContainText('/ 20s');
  expect((await storedEntries(page, SAMPLE)).filter((e) => e.op.type === 'overrun')).toHaveLength(0);
  await page.click('#log-overrun');
  const overrun = (await storedEntries(page, SAMPLE)).find((e) => e.op.type === 'overrun');
  // 8 + 1.5 + 15 s fast-forwarded, plus the real seconds the test takes on a loaded
  // machine; never the +30 s of the jump.
  expect(overrun.op.seconds).toBeGreaterThanOrEqual(2);
  expect(overrun.op.seconds).toBeLessThanOrEqual(15);
});

test('a bury countdown survives a reload and going home and back', async ({ page }) => {
  const bury = await sampleWithBuryTimer(page);
  await bury.click();
  await expect(page.locator('#countdown')).toBeVisible();
  await page.waitForTimeout(3_000);
  const before = await countdownValue(page);
  expect(before).toBeLessThanOrEqual(18);
  await page.reload();
  await ready(page);
  await expect(page.locator('#countdown')).toBeVisible();
  const after = await countdownValue(page);
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThanOrEqual(before - 3);
  // Home and back: still there, still counting.
  await page.click('a.brand');
  await expect(page.locator('#open-sample')).toBeVisible();
  await page.goBack();
  await expect(page.locator('#countdown')).toBeVisible();
  const back = await countdownValue(page);
  expect(back).toBeLessThanOrEqual(after);
  expect(back).toBeGreaterThanOrEqual(after - 4);
  // Stopped: gone, and not back after a reload.
  await page.locator('#countdown button', { hasText: '停止' }).click();
  await expect(page.locator('#countdown')).toHaveCount(0);
  await page.reload();
  await ready(page);
  await expect(page.locator('#scoreboard')).toBeVisible();
  await expect(page.locator('#countdown')).toHaveCount(0);
});

test('device time +1 h, then a game lost by ruling: the clock it stops banks the time played, not the jump', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-01T09:00:00') });
  await openSample(page);
  await expect(page.locator('#clock-pause')).toBeVisible();
  await page.clock.fastForward('00:10');
  await setDeviceClock(page, 3_600_000);
  await page.clock.runFor(1_000);
  // The ruling ends the game, which stops its clock (an implied pause, no clock entry).
  await page.locator('#ruling-panel > summary').click();
  await page.click('button[data-ruling-team="A"]');
  await page.click('#ruling-game-lost');
  await page.fill('#ruling-reason', '暗示');
  await page.fill('#ruling-rule', '000 §一(五)4');
  await page.fill('#ruling-referee', '王裁判');
  page.once('dialog', (d) => d.accept());
  await page.click('#ruling-commit');
  await expect(page.locator('#game-winner')).toBeVisible();
  // 58:2x + 11 s, not 1:58:3x.
  await expect(page.locator('#match-clock')).toContainText(/^58:[345]\d/);
  const entries = await storedEntries(page, SAMPLE);
  const ruling = entries.find((e) => e.op.type === 'ruling');
  const before = entries.filter((e) => e.op.type !== 'ruling').at(-1);
  expect(ruling.at_ms - Math.max(before.at_ms, Date.parse('2026-03-01T09:00:00'))).toBeLessThan(60_000);
  // The stored log gives the same after a reload.
  await page.reload();
  await ready(page);
  await expect(page.locator('#match-clock')).toContainText(/^58:[345]\d/);
});
