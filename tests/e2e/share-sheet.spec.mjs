// The result sheet shared: a match's sheet as a PNG picture
// (1080 px wide, growing with the hands, its pixels equal to a second render of the
// drawing list the file carries), an event's standings as a picture, and the A4 print of
// a sheet and of blank recording sheets (from the match page and from an event's table),
// printed to PDF by Chromium: page count read from the PDF's page objects, the printed
// text read from the page in print media (what the PDF shows).
import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ready } from './helpers.mjs';

async function fresh(page, lang) {
  await page.goto('/');
  await ready(page);
  await page.evaluate((lang) => {
    localStorage.clear();
    localStorage.setItem('referee.settings', JSON.stringify({ lang }));
  }, lang);
  await page.goto('/');
  await ready(page);
}

async function openSample(page) {
  await page.click('#open-sample');
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.locator('#share-png')).toBeVisible();
}

/** The PNG's size and its drawing list (the `referee-drawing` iTXt chunk). */
function parsePng(buf) {
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  let width = 0;
  let height = 0;
  let drawing = null;
  while (at < buf.length) {
    const len = buf.readUInt32BE(at);
    const type = buf.subarray(at + 4, at + 8).toString('latin1');
    const data = buf.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    } else if (type === 'iTXt') {
      const nul = data.indexOf(0);
      if (data.subarray(0, nul).toString('latin1') === 'referee-drawing') {
        // keyword NUL, flag, method, language NUL, translated keyword NUL, text.
        let p = nul + 3;
        p = data.indexOf(0, p) + 1;
        p = data.indexOf(0, p) + 1;
        drawing = JSON.parse(data.subarray(p).toString('utf8'));
      }
    }
    at += 12 + len;
  }
  return { width, height, drawing };
}

async function sharePng(page, button) {
  const download = page.waitForEvent('download');
  await page.click(button);
  const d = await download;
  expect(d.suggestedFilename()).toMatch(/\.png$/);
  const buf = await readFile(await d.path());
  return { buf, ...parsePng(buf), name: d.suggestedFilename() };
}

/**
 * Decodes the PNG in the page and paints its drawing list again on a fresh canvas; returns
 * the share of pixels that differ (any channel by more than 24), the dark pixels of the
 * picture, and the text runs with no ink in their box.
 */
async function compare(page, buf, drawing) {
  return page.evaluate(
    async ({ b64, drawing }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const w = bmp.width;
      const h = bmp.height;
      const a = new OffscreenCanvas(w, h).getContext('2d');
      a.drawImage(bmp, 0, 0);
      const got = a.getImageData(0, 0, w, h).data;
      // The reference: the same list, painted by this test's own painter.
      const r = new OffscreenCanvas(w, h).getContext('2d');
      const scale = w / drawing.width;
      r.scale(scale, scale);
      r.textBaseline = 'top';
      for (const it of drawing.items) {
        if (it.op === 'rect') {
          r.fillStyle = it.fill;
          r.fillRect(it.x, it.y, it.w, it.h);
        } else if (it.op === 'line') {
          r.strokeStyle = it.color;
          r.lineWidth = it.width;
          r.beginPath();
          r.moveTo(it.x1, it.y1);
          r.lineTo(it.x2, it.y2);
          r.stroke();
        } else {
          r.font = `${it.bold ? 'bold ' : ''}${it.size}px sans-serif`;
          r.fillStyle = it.color;
          r.fillText(it.text, it.x, it.y);
        }
      }
      const want = r.getImageData(0, 0, w, h).data;
      let differ = 0;
      let dark = 0;
      for (let i = 0; i < got.length; i += 4) {
        const d = Math.max(
          Math.abs(got[i] - want[i]),
          Math.abs(got[i + 1] - want[i + 1]),
          Math.abs(got[i + 2] - want[i + 2]),
        );
        if (d > 24) differ++;
        if (got[i] < 128 && got[i + 1] < 128 && got[i + 2] < 128) dark++;
      }
      // Each text run left ink in its box (the font has the characters).
      const inkless = [];
      for (const it of drawing.items.filter((x) => x.op === 'text')) {
        r.font = `${it.bold ? 'bold ' : ''}${it.size}px sans-serif`;
        const tw = Math.max(1, Math.ceil(r.measureText(it.text).width * scale));
        const x0 = Math.floor(it.x * scale);
        const y0 = Math.floor(it.y * scale);
        const box = a.getImageData(x0, y0, Math.min(tw, w - x0), Math.ceil(it.size * 1.2 * scale)).data;
        let ink = 0;
        for (let i = 0; i < box.length; i += 4) if (box[i] < 160 || box[i + 1] < 160 || box[i + 2] < 160) ink++;
        if (ink === 0 && it.text.trim()) inkless.push(it.text);
      }
      return { w, h, differ: differ / (w * h), differing: differ, dark, inkless };
    },
    { b64: buf.toString('base64'), drawing },
  );
}

function texts(drawing) {
  return drawing.items.filter((x) => x.op === 'text').map((x) => x.text);
}

test('the sample match as a picture: 1080 px wide, every hand, its pixels as the drawing list; one more hand makes it longer', async ({ page }) => {
  await fresh(page, 'zh-CN');
  await openSample(page);
  const png = await sharePng(page, '#share-png');
  expect(png.name).toMatch(/炒地皮|升级|\.png$/);
  expect(png.width).toBe(1080);
  expect(png.drawing.width).toBe(1080);
  expect(png.height).toBe(Math.ceil(png.drawing.height));
  expect(png.height).toBeGreaterThan(1200);
  const all = texts(png.drawing).join('\n');
  expect(all).toContain('成绩单');
  expect(all).toMatch(/胜者|比赛进行中/);
  expect(all).toContain('记录 (南北)');
  // Every hand of the history has its row (numbered from 1).
  const hands = await page.locator('#history li.hand-row').count();
  expect(hands).toBeGreaterThanOrEqual(11);
  for (let i = 1; i <= hands; i++) expect(texts(png.drawing)).toContain(String(i));
  const cmp = await compare(page, png.buf, png.drawing);
  expect(cmp.w).toBe(1080);
  expect(cmp.dark).toBeGreaterThan(5000);
  expect(cmp.inkless).toEqual([]);
  console.log(`picture ${cmp.w}×${cmp.h}: ${cmp.differing} pixels differ from the reference render, ${cmp.dark} dark`);
  expect(cmp.differing).toBeLessThan(50);
  // The check sees a change: one hand's level drawn otherwise differs.
  const changed = structuredClone(png.drawing);
  const run = changed.items.find((x) => x.op === 'text' && x.text === '145');
  run.text = '146';
  expect((await compare(page, png.buf, changed)).differing).toBeGreaterThan(20);

  // One more hand: a taller picture.
  await page.fill('#points', '40');
  await page.press('#points', 'Tab');
  await page.click('#commit');
  await expect(page.locator('#history li.hand-row')).toHaveCount(hands + 1);
  const longer = await sharePng(page, '#share-png');
  expect(longer.width).toBe(1080);
  expect(longer.height).toBeGreaterThan(png.height + 30);
});

test('in English the picture has no Han character but the sample names', async ({ page }) => {
  await fresh(page, 'en');
  await openSample(page);
  const png = await sharePng(page, '#share-png');
  const all = texts(png.drawing);
  expect(all).toContain('Declarer');
  expect(all.join(' ')).toMatch(/Result\s+sheet/);
  const names = await page.evaluate(() => {
    const m = Object.keys(localStorage).find((k) => k.startsWith('referee.match.'));
    const s = JSON.parse(localStorage.getItem(m)).match;
    return JSON.stringify(s.setup) + s.title;
  });
  for (const t of all) {
    for (const ch of t.match(/\p{Script=Han}/gu) || []) expect(names, `${ch} in "${t}"`).toContain(ch);
  }
  const cmp = await compare(page, png.buf, png.drawing);
  expect(cmp.differing).toBeLessThan(50);
});

/** Pages of a PDF: its `/Type /Page` objects (not `/Pages`). */
function pdfPages(buf) {
  return (buf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) || []).length;
}

/** The text the PDF itself holds, page by page (pdf.js, as a PDF reader extracts it). */
async function pdfText(buf) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(buf), disableFontFace: true, isEvalSupported: false }).promise;
  const pages = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((x) => x.str).join(''));
  }
  return pages;
}

/** The text shown in print media: what the PDF holds. */
async function printedText(page) {
  await page.emulateMedia({ media: 'print' });
  const text = await page.evaluate(() => document.body.innerText);
  // Back to no emulation (a page.pdf() after `screen` would print the screen's CSS).
  await page.emulateMedia({ media: null });
  return text;
}

test('A4 print of the result sheet and of the blank recording sheet', async ({ page }) => {
  await fresh(page, 'zh-CN');
  await openSample(page);
  await page.click('#share-print');
  await expect(page.locator('#print-doc')).toBeVisible();
  await expect(page.locator('#print-doc .print-table tbody tr')).not.toHaveCount(0);
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfPages(pdf)).toBe(1);
  const inPdf = await pdfText(pdf);
  expect(inPdf).toHaveLength(1);
  expect(inPdf[0]).toContain('成绩单');
  expect(inPdf[0]).toContain('南北');
  expect(inPdf[0]).not.toContain('撤销');
  const text = await printedText(page);
  expect(text).toContain('成绩单');
  expect(text).toContain('记录 (南北)');
  expect(text).not.toContain('撤销'); // the page under the sheet is not printed
  expect(text).not.toContain('打印'); // nor the preview's buttons
  await page.click('#print-close');
  await expect(page.locator('#print-doc')).toHaveCount(0);

  await page.click('#share-blank');
  await expect(page.locator('#print-doc')).toContainText('空白记录表');
  await expect(page.locator('#print-doc .print-table tbody tr')).toHaveCount(30);
  const blank = await page.pdf({ format: 'A4' });
  const pages = pdfPages(blank);
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(pages).toBe(2); // 30 rows of 8 mm
  const blankPdf = await pdfText(blank);
  expect(blankPdf).toHaveLength(2);
  expect(blankPdf[0]).toContain('空白记录表');
  expect(blankPdf.join('')).toContain('庄家');
  expect(blankPdf.join('')).toContain('裁判');
  const btext = await printedText(page);
  expect(btext).toContain('空白记录表');
  expect(btext).toContain('庄家');
  expect(btext).toContain('裁判');
});

const TEAMS = ['红队', '蓝队', '绿队', '黄队'];

test("an event table's blank sheet prints with its round and table; the standings as a picture", async ({ page }) => {
  await fresh(page, 'zh-CN');
  await page.goto('/events');
  await ready(page);
  await page.fill('#ev-name', '健康杯');
  await page.click('#ev-create');
  await page.fill('#en-bulk', TEAMS.map((t) => `${t}: ${t}甲, ${t}乙`).join('\n'));
  await page.click('#en-add');
  await expect(page.locator('#entrants tbody tr')).toHaveCount(4);
  await page.click('button[data-tab="add"]');
  await page.selectOption('#comp-format', 'jiankang-chaodipi-ko');
  await page.click('#comp-add');
  await page.fill('#draw-seed', '7');
  await page.click('#draw-go');
  await page.click('#gen-schedule');
  const fx = page.locator('.round[data-round="1"] .fixture').first();
  await fx.locator('.fx-more summary').click();
  await fx.locator('button.blank-sheet').first().click();
  const doc = page.locator('#print-doc');
  await expect(doc).toContainText('空白记录表');
  await expect(doc).toContainText('健康杯');
  await expect(doc).toContainText(/第 1 轮 · 第 \d+ 桌/);
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdfPages(pdf)).toBeGreaterThanOrEqual(1);
  const evPdf = (await pdfText(pdf)).join('');
  expect(evPdf).toContain('空白记录表');
  expect(evPdf).toContain('健康杯');
  expect(evPdf).toMatch(/红队|蓝队|绿队|黄队/);
  const text = await printedText(page);
  expect(text).toContain('空白记录表');
  expect(text).toMatch(/红队|蓝队|绿队|黄队/);
  await page.click('#print-close');

  const png = await sharePng(page, '#ev-standings-png');
  expect(png.width).toBe(1080);
  const all = texts(png.drawing).join('\n');
  for (const t of TEAMS) expect(all).toContain(t);
  const cmp = await compare(page, png.buf, png.drawing);
  expect(cmp.inkless).toEqual([]);
  expect(cmp.differing).toBeLessThan(50);
});
