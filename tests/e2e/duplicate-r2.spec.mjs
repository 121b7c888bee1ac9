// 双升 at RULES.md revision 2 (003): a wrong kitty count accepted costs the offender its 抠底
// (§三2), not accepted makes its board result −20; a show out of its turn bars that seat from
// declaring again on the board (越区亮牌, §三8); the dealer's check of the board against its
// deal record is kept per board and table and shown on the traveller (§二15). The set-up shows
// the preset's readings in words, never as field paths.
import { test, expect } from '@playwright/test';

function instrument() {
  window.__appStarted = false;
  window.addEventListener('TrunkApplicationStarted', () => {
    window.__appStarted = true;
  });
}

async function open(page, path) {
  await page.goto(path);
  await page.waitForFunction(() => window.__appStarted === true, null, { timeout: 30_000 });
}

async function setPoints(page, sel, n) {
  await page.fill(sel, String(n));
  await page.locator(sel).dispatchEvent('change');
}

test('003 r2: kitty count accepted / not accepted, 越区亮牌, the dealer board check', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript(instrument);

  await open(page, '/new');
  await page.click('[data-game="duplicate"]');
  // The preset's readings are words (the 003 kitty-count reading), not field paths.
  await page.click('.dup-new details.preset > summary');
  const reading = page.locator('.dup-new .preset-summary .reading');
  await expect(reading).toContainText('扣底张数错');
  await expect(reading).not.toContainText('penalties.');
  await page.fill('#dup-team-A', '红队');
  await page.fill('#dup-team-B', '蓝队');
  await page.fill('#dup-player-A-1-0', '张伟');
  await page.click('[data-count="4"]');
  await page.click('#dup-create');
  await expect(page).toHaveURL(/\/match\//);

  // Table 1, board 1 (dealer N = 红队): 蓝队 attacks, 60 points and 抠底 10 with a pair (×4),
  // but 蓝队 counted its own bury wrong (it had re-buried) and 红队 accepts the result:
  // no points, and 蓝队's 抠底 does not count → 60, not 100.
  await page.click('#dup-table-1');
  await page.click('[data-board-pick="1"]');
  await page.click('[data-attackers="B"]');
  await setPoints(page, '#dup-points', 60);
  await page.check('#dup-kitty-on');
  await setPoints(page, '#dup-kitty-points', 10);
  await page.click('[data-unit="pair"]');
  await expect(page.locator('#dup-preview-score')).toContainText('100');
  await page.click('[data-kind="kitty_count"]');
  await page.selectOption('li.penalty .pen-team', 'B');
  await expect(page.locator('#dup-preview-score')).toContainText('60');
  await expect(page.locator('.explain', { hasText: '抠底不计' }).first()).toBeVisible();

  // 越区亮牌: East shows out of its turn; the referee marks it, and East's later show is refused.
  await page.click('#dup-declaring > summary');
  await page.click('[data-show-seat="E"]');
  await page.click('[data-show="single:S"]');
  await page.click('#dup-out-of-turn');
  await expect(page.locator('#dup-declaring .shows li').first()).toContainText('越区亮牌');
  await page.click('[data-show="pair:H"]');
  await expect(page.locator('#dup-declaring .field-error')).toContainText('东 本副已越区亮牌, 不能再亮主');
  await expect(page.locator('#dup-declaring .shows li')).toHaveCount(1);
  // South may still counter.
  await page.click('[data-show-seat="S"]');
  await page.click('[data-show="pair:H"]');
  await expect(page.locator('#dup-declaring .shows li')).toHaveCount(2);
  await expect(page.locator('#dup-declaring .field-error')).toHaveCount(0);

  // The dealer checked the board against the deal record: 张伟 (North at table 1) by default.
  await page.click('#dup-check-ok');
  await expect(page.locator('#dup-check-by')).toHaveValue('张伟');
  await page.click('#dup-commit');
  await expect(page.locator('#dup-commit-error')).toHaveCount(0);
  await expect(page.locator('[data-board-pick="1"]')).toHaveClass(/entered/);

  // Table 2, board 1 (dealer N = 蓝队 there): 红队 attacks 50; 蓝队 (the dealer's side) buried
  // the wrong count and 红队 does not accept → 蓝队's board result is −20 whatever the tables.
  await page.click('#dup-table-2');
  await page.click('[data-board-pick="1"]');
  await page.click('[data-attackers="A"]');
  await setPoints(page, '#dup-points', 50);
  await page.click('[data-kind="kitty_count"]');
  await page.selectOption('li.penalty .pen-team', 'B');
  await page.click('[data-refusal="kitty_count"]');
  await page.click('[data-offender="B"]');
  await expect(page.locator('#dup-preview-result')).toContainText('红队 +20');
  await page.click('#dup-check-error');
  await page.fill('#dup-check-by', '李四');
  await page.click('#dup-commit');
  await expect(page.locator('#dup-commit-error')).toHaveCount(0);

  await expect(page.locator('#dup-total-A')).toHaveText('+20');
  await expect(page.locator('#dup-scored')).toHaveText('1/4');
  const board = page.locator('.dup-board[data-board="1"]');
  await expect(board.locator('tr[data-table="1"] .dup-check-badge')).toHaveAttribute('data-check', 'ok');
  await expect(board.locator('tr[data-table="1"] .dup-check-badge')).toContainText('庄家核对无误 (张伟)');
  await expect(board.locator('tr[data-table="2"] .dup-check-badge')).toHaveAttribute('data-check', 'error');
  await expect(board.locator('tr[data-table="2"] .dup-check-badge')).toContainText('核对有误 (李四)');
  await board.locator('tr[data-table="1"] .dup-why').click();
  const detail = board.locator('tr.dup-detail[data-table="1"]');
  await expect(detail).toContainText('抠底不计');
  await expect(detail).toContainText('越区亮牌');

  // Stored: the out-of-turn mark, the board checks and the kitty-count penalty.
  const stored = await page.evaluate(() => {
    const out = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith('referee.match.') || k.startsWith('referee.tail.')) out.push(localStorage.getItem(k));
    }
    return out.join('\n');
  });
  expect(stored).toContain('"out_of_turn":true');
  expect(stored).toContain('"board_check":{"by":"张伟","ok":true}');
  expect(stored).toContain('"board_check":{"by":"李四","ok":false}');
  expect(errors).toEqual([]);
});
