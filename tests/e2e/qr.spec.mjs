// Table → desk by QR code, no file: the table's 二维码传送 animation is recorded from its
// canvas into a y4m video with a third of its frames missing, a second Chromium plays that
// video as its camera (--use-file-for-fake-video-capture) on a fresh profile, and the
// desk's 扫码导入 reads it, shows the import's preview and merges: the desk then has the
// match with the same entries as importing the table's exported file gives.
import { test, expect, chromium } from '@playwright/test';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../../playwright.config.mjs';
import { storedEntries, ready } from './helpers.mjs';

const DIR = mkdtempSync(join(tmpdir(), 'qr-e2e-'));
const W = 640;
const H = 480;

/** Grey pictures (base64, one byte a pixel) of the next `count` frames the canvas shows. */
function recordFrames(page, count) {
  return page.evaluate(async (count) => {
    const c = document.getElementById('qr-canvas');
    const cx = c.getContext('2d');
    const out = [];
    let last = null;
    while (out.length < count) {
      await new Promise((r) => setTimeout(r, 30));
      const n = c.dataset.frame;
      if (n === last) continue;
      last = n;
      const d = cx.getImageData(0, 0, c.width, c.height).data;
      let s = '';
      for (let i = 0; i < d.length; i += 4) s += String.fromCharCode(d[i]);
      out.push({ side: c.width, y: btoa(s) });
    }
    return out;
  }, count);
}

/** A YUV4MPEG2 video (640×480, 5 frames a second, 4:2:0) of the grey frames, centred on white. */
function writeY4m(path, frames) {
  const head = Buffer.from(`YUV4MPEG2 W${W} H${H} F5:1 Ip A1:1 C420jpeg\n`);
  const parts = [head];
  for (const f of frames) {
    const grey = Buffer.from(f.y, 'base64');
    const y = Buffer.alloc(W * H, 255);
    const [ox, oy] = [(W - f.side) >> 1, (H - f.side) >> 1];
    for (let r = 0; r < f.side; r++) grey.copy(y, (oy + r) * W + ox, r * f.side, (r + 1) * f.side);
    parts.push(Buffer.from('FRAME\n'), y, Buffer.alloc((W / 2) * (H / 2) * 2, 128));
  }
  writeFileSync(path, Buffer.concat(parts));
}

test('a match goes table → desk by QR codes through a camera and merges as its file does', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  // The table: the sample match, its export file, and its QR animation recorded.
  const table = await (await browser.newContext()).newPage();
  await table.goto('/');
  await ready(table);
  await table.click('#open-sample');
  await expect(table.locator('#scoreboard')).toBeVisible();
  const id = table.url().split('/').pop();
  const [dl] = await Promise.all([table.waitForEvent('download'), table.click('#export-match')]);
  const file = readFileSync(await dl.path());
  await table.click('#qr-send');
  await expect(table.locator('#qr-screen')).toBeVisible();
  const k = Number(await table.locator('#qr-canvas').getAttribute('data-fragments'));
  expect(k).toBeGreaterThan(3);
  await expect(table.locator('#qr-counter')).toContainText(`${k}`);
  // Five rounds' worth: on a loaded machine the recorder itself can miss frames of the
  // animation (its 30 ms polls run late), and the desk's camera loops over what was
  // recorded, so the recording must hold enough to finish (three rounds once left one
  // fragment out for good: 15 / 16 received).
  const frames = await recordFrames(table, 5 * k);
  // A third of the frames missed (every third one), the rest in the order shown.
  const kept = frames.filter((_, i) => i % 3 !== 1);
  const video = join(DIR, 'table.y4m');
  writeY4m(video, kept);
  const tableEntries = await storedEntries(table, id);
  await table.click('#qr-close');
  await expect(table.locator('#qr-screen')).toHaveCount(0);

  // The desk: another browser whose camera plays the recording, nothing stored yet.
  const deskBrowser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH || '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const ctx = await deskBrowser.newContext({ baseURL, permissions: ['camera'] });
    const desk = await ctx.newPage();
    await desk.goto('/');
    await ready(desk);
    await desk.click('#scan-import');
    await expect(desk.locator('#qr-scan')).toBeVisible();
    await expect(desk.locator('#scan-status')).toContainText(`${k}`, { timeout: 30_000 });
    // The same preview as a file's, then the same merge.
    await expect(desk.locator('#import-preview')).toBeVisible({ timeout: 90_000 });
    await expect(desk.locator('#qr-scan')).toBeHidden();
    await expect(desk.locator('#import-preview')).toContainText('11');
    await desk.click('#import-confirm');
    await expect(desk.locator('#import-done')).toContainText('1');
    const scanned = await storedEntries(desk, id);
    expect(scanned).toEqual(tableEntries);

    // The table's file imported on another fresh desk gives the same entries.
    const other = await (await deskBrowser.newContext({ baseURL })).newPage();
    await other.goto('/');
    await ready(other);
    await other.setInputFiles('#import-file', { name: 'table.json', mimeType: 'application/json', buffer: file });
    await other.click('#import-confirm');
    await expect(other.locator('#import-done')).toContainText('1');
    expect(await storedEntries(other, id)).toEqual(scanned);
    // The match page opens on the desk with the sample's hands.
    await desk.goto(`/match/${id}`);
    await expect(desk.locator('#scoreboard')).toBeVisible({ timeout: 30_000 });
  } finally {
    await deskBrowser.close();
  }
});

test('a scan that is stopped turns the camera off and changes nothing', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.click('#scan-import');
  // Chromium's default fake camera (no QR code) or no camera at all: either way no import.
  await page.waitForTimeout(1500);
  if (await page.locator('#qr-scan').isVisible()) {
    await page.click('#scan-stop');
    await expect(page.locator('#qr-scan')).toBeHidden();
  }
  await expect(page.locator('#import-preview')).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('referee.match.')).length)).toBe(0);
});

test('a camera the browser refuses is said in the UI language, not in the browser’s words', async ({ page }) => {
  for (const [name, said] of [['NotFoundError', '本机没有找到摄像头'], ['NotAllowedError', '没有使用摄像头的权限']]) {
    await page.addInitScript((name) => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', name));
    }, name);
    await page.goto('/');
    await ready(page);
    await page.click('#scan-import');
    await expect(page.locator('#scan-error')).toContainText(`无法使用摄像头: ${said}`);
    await expect(page.locator('#scan-error')).not.toContainText(name);
  }
});
