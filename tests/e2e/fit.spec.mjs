// Every page fits a phone in every language: at 320×640 and
// 360×640, in 简体, 繁體 and English, each page of the app — home, settings, about, the
// set-up form of each game, each game's match page (the sample, or a match made here, with
// the entry form, keypad, tribute panel and result sheet open), the events list, an event's
// tabs and its competition's tabs, the import dialog — has
// - no horizontal overflow (`scrollWidth <= clientWidth` of the document);
// - every visible button, summary, input and select at least 44 px high, and an icon button
//   (a label of at most two characters) at least 44 px wide as well; a check box or radio is
//   measured by its label row, which is what the thumb taps;
// - every such control on top at its centre once scrolled into view (scrolled to the bottom
//   edge, where the fixed entry bar is: the bar must never cover a control of the page);
// - a visible label for every input and select (a placeholder alone vanishes once typed);
// - in English no Han character but the names a user typed (the sample's, or none: the
//   matches made here have Latin names); in 繁體 no simplified-only character; in every
//   language no raw id (a preset id, a table key such as `reading.x` or `sj.why`, a
//   snake_case field).
// A failure lists every problem of the walk at once.
import { test, expect } from '@playwright/test';
import { ready } from './helpers.mjs';

// Characters of simplified Chinese that 繁體 never writes (each checked against the zh-TW
// column of src/i18n/strings.tsv: none occurs there).
const SIMPLIFIED_ONLY = [
  ...'级记录庄门东发对计时罚规则输赢战队组选设导确认删复盘个们这来说过还关开无当与为',
  ...'张将让进贡报点数总场轮换页项标择档头农钟种历显机读边双结论终证编辑销请错误转',
  ...'举单号样应该从间动么积赛满变续题称简体语载类别阶负败',
].filter((c) => /\p{Script=Han}/u.test(c));

// Built-in preset and competition ids (src/rules, src/tournament/formats.rs).
const PRESET_IDS = [
  'chaodipi-10', 'chaodipi-10-ko', 'gomoku-free', 'guandan-3-2-1', 'guandan-5-3-1', 'guandan-5-3-1-ko',
  'guandan-knockout-60', 'guandan-shift-3rounds', 'jiankang-chaodipi', 'jiankang-chaodipi-ko',
  'jiankang-doudizhu', 'jiankang-doudizhu-groups', 'jiankang-guandan', 'jiankang-guandan-team',
  'nantong-80fen', 'nantong-80fen-team', 'qingpu-sandayi', 'qingpu-sandayi-groups', 'renju-rif',
  'renju-rif-ko', 'round-robin-2-1-0', 'yiyuan-duplicate-ko', 'yiyuan-shuangsheng', 'qingpu-80fen',
];
// First segments of the keys of src/i18n/strings.tsv: `prefix.something` on screen is a key.
const KEY_PREFIXES = [
  'ev', 'gd', 'ddz', 'rj', 'dup', 'err', 'sdy', 'ruling', 'reading', 'io', 'sj', 'sheet', 'pen', 'entry',
  'about', 'new', 'op', 'preset', 'clock', 'home', 'appeal', 'show', 'quarantine', 'hist', 'sb', 'note',
  'game', 'exp', 'end', 'cite', 'suit', 'settings', 'res', 'bar', 'band', 'timer', 'seat', 'nav', 'import',
  'decl', 'check', 'unit', 'sw', 'jack', 'team', 'chart', 'log', 'intent', 'draft', 'common', 'app',
];

// The sample's own names (src/record/sample.rs), typed by a user, never translated, and the
// languages' own names (settings).
const SAMPLE_NAMES = ['简体中文', '繁體中文', '示例', '健康杯', '炒地皮', '红队', '蓝队', '张伟', '李娜', '王强', '刘洋'];
// A term English shows beside its translation on purpose: doudizhu.spec asserts
// "spring (春天)" in the English formula (an existing assertion, kept as it is).
const KEPT_TERMS = ['春天'];

/** Checks the page as it is now; returns its problems, each prefixed with `where`. */
async function audit(page, where, lang) {
  await page.waitForFunction(() => !document.body.hasAttribute('data-cooling'));
  await page.waitForTimeout(50);
  const out = await page.evaluate(
    ({ lang, simplified, presetIds, keyPrefixes, allowed }) => {
      const out = [];
      const de = document.documentElement;
      const vw = de.clientWidth;
      const name = (e) =>
        `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${[...e.classList].map((c) => '.' + c).join('')}`;
      const shown = (e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && e.checkVisibility({ visibilityProperty: true, opacityProperty: true });
      };
      if (de.scrollWidth > vw) {
        // The deepest elements reaching past the right edge name the cause.
        const wide = [...document.body.querySelectorAll('*')]
          .filter((e) => shown(e) && e.getBoundingClientRect().right > vw + 0.5)
          .filter((e) => ![...e.children].some((c) => c.getBoundingClientRect().right > vw + 0.5))
          .slice(0, 4)
          .map((e) => `${name(e)} (${Math.round(e.getBoundingClientRect().right)})`);
        out.push(`overflow: scrollWidth ${de.scrollWidth} > ${vw}: ${wide.join(', ')}`);
      }
      const text = (e) => (e.innerText || e.value || e.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ');
      const controls = [...document.querySelectorAll('button, summary, input, select, textarea')].filter(
        (e) => e.type !== 'hidden' && shown(e),
      );
      const sy = window.scrollY;
      for (const c of controls) {
        const box = c.matches('input[type=checkbox], input[type=radio]') ? c.closest('label') || c : c;
        const r0 = box.getBoundingClientRect();
        const label = text(c).slice(0, 16);
        const icon = c.matches('button') && [...text(c)].length <= 2;
        if (r0.height < 43.5 || (icon && r0.width < 43.5))
          out.push(`small: ${name(c)} "${label}" ${Math.round(r0.width)}×${Math.round(r0.height)}`);
        if (c.matches('input:not([type=checkbox]):not([type=radio]):not([type=button]), select, textarea')) {
          const labels = [...(c.labels || [])];
          const by = (c.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean).map((i) => document.getElementById(i));
          // A cell's input is labelled by its column's header; the expert JSON editor by
          // the summary of the <details> it opens from.
          const cell = c.closest('td');
          const table = cell && cell.closest('table');
          const th = table && table.tHead && table.tHead.rows[0] && table.tHead.rows[0].cells[cell.cellIndex];
          const summary = c.matches('textarea') && c.closest('details') && c.closest('details').querySelector('summary');
          const ok = [...labels, ...by, th, summary].some((l) => l && shown(l) && l.innerText.trim().length > 0);
          if (!ok) out.push(`no visible label: ${name(c)} placeholder "${c.placeholder || ''}"`);
        }
        const bar = c.closest('.commit-bar, header.topbar, nav');
        if (!bar) box.scrollIntoView({ block: 'end', inline: 'nearest', behavior: 'instant' });
        const r = box.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(box === hit || box.contains(hit) || c === hit || c.contains(hit) || (hit.contains(c) && hit.tagName === 'LABEL')))
          out.push(`covered: ${name(c)} "${label}" at (${Math.round(x)}, ${Math.round(y)}) by ${hit ? name(hit) : 'nothing'}`);
      }
      window.scrollTo(0, sy);
      // The text a user sees: rendered text, options of selects, placeholders, titles.
      let seen = document.body.innerText;
      for (const s of document.querySelectorAll('select')) if (shown(s)) seen += '\n' + [...s.options].map((o) => o.text).join('\n');
      for (const e of document.querySelectorAll('[placeholder], [title], [aria-label]'))
        if (shown(e)) seen += '\n' + ['placeholder', 'title', 'aria-label'].map((a) => e.getAttribute(a) || '').join('\n');
      for (const e of document.querySelectorAll('input')) if (shown(e)) seen += '\n' + e.value;
      // The JSON editors show the stored data as it is (for experts): not screen text.
      for (const e of document.querySelectorAll('textarea')) seen = seen.split(e.value).join(' ');
      // A user's own text (names typed in a form, the sample's names) is theirs.
      let t = seen;
      for (const n of allowed) t = t.split(n).join(' ');
      const lines = t.split('\n');
      const report = (what, re) => {
        const bad = [...new Set(lines.filter((l) => re.test(l)).map((l) => l.trim().slice(0, 60)))].slice(0, 6);
        if (bad.length) out.push(`${what}: ${bad.map((b) => JSON.stringify(b)).join(' | ')}`);
      };
      if (lang === 'en') report('Han in English', /\p{Script=Han}/u);
      if (lang === 'zh-TW') report('simplified in 繁體', new RegExp(`[${simplified.join('')}]`, 'u'));
      report('raw preset id', new RegExp(`(^|[^a-z0-9-])(${presetIds.join('|')})($|[^a-z0-9-])`));
      report('raw key', new RegExp(`\\b(${keyPrefixes.join('|')})\\.[a-z_]`));
      report('snake_case id', /\b[a-z]+_[a-z_]+\b/);
      return out;
    },
    { lang, simplified: SIMPLIFIED_ONLY, presetIds: PRESET_IDS, keyPrefixes: KEY_PREFIXES, allowed: [...SAMPLE_NAMES, ...KEPT_TERMS] },
  );
  return out.map((p) => `${where}: ${p}`);
}

/** Opens every `<details>` of `sel` (closed ones) so their content is checked too. */
async function openAll(page, sel = 'main details:not([open]) > summary') {
  for (let i = 0; i < 12; i++) {
    const s = page.locator(sel).first();
    if (!(await s.count())) break;
    await s.evaluate((e) => e.parentElement.setAttribute('open', ''));
  }
}

const LANGS = ['zh-CN', 'zh-TW', 'en'];
const WIDTHS = [320, 360];

async function fresh(page, lang) {
  await page.goto('/');
  await ready(page);
  await page.evaluate((lang) => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('referee.settings', JSON.stringify({ lang }));
  }, lang);
}

async function go(page, path) {
  await page.goto(path);
  await ready(page);
}

async function newMatch(page, game, fill) {
  await go(page, '/new');
  await page.click(`button[data-game="${game}"]`);
  await fill();
  await expect(page).toHaveURL(/\/match\//);
  await ready(page);
}

for (const lang of LANGS) {
  for (const width of WIDTHS) {
    test(`every page fits ${width}×640 in ${lang}: no overflow, 44 px controls, none covered, labels, texts`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 640 });
      const problems = [];
      const check = async (where) => problems.push(...(await audit(page, where, lang)));
      await fresh(page, lang);

      await go(page, '/');
      await check('home');
      await go(page, '/settings');
      await check('settings');
      await go(page, '/about');
      await check('about');

      // The set-up form of each game, its preset details open.
      await go(page, '/new');
      for (const g of ['shengji', 'duplicate', 'guandan', 'doudizhu', 'sandayi', 'renju']) {
        await page.click(`button[data-game="${g}"]`);
        await openAll(page);
        await check(`new ${g}`);
      }

      // The sample (升级): entry form, keypad, history, result sheet.
      await go(page, '/');
      await page.click('#open-sample');
      await expect(page).toHaveURL(/\/match\//);
      await ready(page);
      await check('sample');
      await page.locator('.points .btn.link').first().click();
      await openAll(page);
      await check('sample, keypad and details open');
      // Its 规则 tab (the match's preset as rows), then back to the match.
      await page.click('#tab-rules');
      await check('sample rules tab');
      await page.click('#tab-match');

      // 升级 made here.
      await newMatch(page, 'shengji', async () => {
        await page.fill('#team-a', 'Reds');
        await page.fill('#team-b', 'Blues');
        await page.click('button[data-seat="N"]');
        await page.click('#create');
      });
      await check('shengji match');

      // 掼蛋: one hand so that the next one asks for tribute.
      await newMatch(page, 'guandan', async () => {
        await page.fill('#gd-team-A', 'Reds');
        await page.fill('#gd-team-B', 'Blues');
        for (const [i, s] of ['N', 'E', 'S', 'W'].entries()) {
          const f = page.locator(`#gd-player-${s}`);
          if (await f.count()) await f.fill(`P${i + 1}`);
        }
        await page.click('#gd-create');
      });
      await check('guandan match');
      await page.click('#tab-rules');
      await check('guandan rules tab');
      await page.click('#tab-match');
      for (const s of ['N', 'S', 'E']) await page.click(`#gd-seat-${s}`);
      await page.click('#gd-commit');
      await expect(page.locator('#history li.hand-row, #gd-history li').first()).toBeVisible();
      const paid = page.locator('button[data-tribute="paid"]');
      if (await paid.count()) await paid.click();
      await openAll(page);
      await check('guandan tribute panel and sheet');

      // 双升.
      await newMatch(page, 'duplicate', async () => {
        await page.fill('#dup-team-A', 'Reds');
        await page.fill('#dup-team-B', 'Blues');
        await page.fill('#dup-player-A-1-0', 'Ann');
        await page.click('#dup-create');
      });
      await openAll(page);
      await check('duplicate match');
      await page.click('#tab-rules');
      await check('duplicate rules tab');
      await page.click('#tab-match');

      // 斗地主 and 三打一: one hand each, the result sheet open.
      await newMatch(page, 'doudizhu', async () => {
        for (const [i, n] of ['Ann', 'Bob', 'Cy'].entries()) await page.fill(`#ddz-player-${i}`, n);
        await page.click('#ddz-create');
      });
      await page.click('#ddz-bidding button[data-call="3"]');
      await page.click('#ddz-out button[data-player="0"]');
      await check('doudizhu entry');
      await page.click('#commit');
      await expect(page.locator('#history li.hand-row')).toHaveCount(1);
      await openAll(page);
      await check('doudizhu sheet');
      await page.click('#tab-rules');
      await check('doudizhu rules tab');
      await page.click('#tab-match');

      await newMatch(page, 'sandayi', async () => {
        for (const [i, n] of ['Ann', 'Bob', 'Cy', 'Dan'].entries()) await page.fill(`#sdy-player-${i}`, n);
        await page.click('#sdy-create');
      });
      await check('sandayi, marker card holder asked');
      await page.click('#sdy-first button[data-player="0"]');
      for (let k = 0; k < 4; k++) await page.click('#sdy-bidding button[data-call="pass"]');
      await page.click('#commit');
      await expect(page.locator('#history li.hand-row')).toHaveCount(1);
      await openAll(page);
      await check('sandayi sheet');
      await page.click('#tab-rules');
      await check('sandayi rules tab');
      await page.click('#tab-match');

      // 五子棋.
      await newMatch(page, 'renju', async () => {
        await page.fill('#rj-p1', 'Ann');
        await page.fill('#rj-p2', 'Bob');
        await page.click('#rj-create');
      });
      await openAll(page);
      await check('renju match');
      // A pending stone: its close-up and the one-step arrows.
      await page.click('[data-point="h8"]');
      await expect(page.locator('#rj-zoom')).toBeVisible();
      await check('renju pending stone');
      await page.click('#tab-rules');
      await check('renju rules tab');
      await page.click('#tab-match');

      // The home list with these matches, and its import dialog.
      await go(page, '/');
      await check('home with matches');
      await page.setInputFiles('#import-file', {
        name: 'm.json',
        mimeType: 'application/json',
        buffer: Buffer.from(await page.evaluate(() => {
          const k = Object.keys(localStorage).find((k) => k.startsWith('referee.match.'));
          return localStorage.getItem(k);
        })),
      }).catch(() => {});
      await check('import dialog');

      // Events: the list, an event with entrants, a competition drawn and scheduled.
      await go(page, '/events');
      await check('events');
      await page.fill('#ev-name', 'Cup');
      await page.click('#ev-create');
      await page.fill('#en-bulk', ['Reds', 'Blues', 'Greens', 'Golds'].map((t) => `${t}: ${t} A, ${t} B`).join('\n'));
      await page.click('#en-add');
      await expect(page.locator('#entrants tbody tr')).toHaveCount(4);
      await check('event entrants');
      await page.click('button[data-tab="add"]');
      await check('event add competition');
      await page.selectOption('#comp-format', 'jiankang-guandan-team');
      await check('event add competition (guandan team)');
      await page.click('#comp-add');
      await page.fill('#draw-seed', '7');
      await page.click('#draw-go');
      await page.click('#gen-schedule');
      await openAll(page);
      await check('competition');
      for (const tab of await page.locator('button[data-tab]').evaluateAll((bs) => bs.map((b) => b.dataset.tab))) {
        await page.click(`button[data-tab="${tab}"]`);
        await openAll(page);
        await check(`event tab ${tab}`);
      }
      await go(page, '/events');
      await check('events with one');

      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
}
