// Shared by the e2e specs (not a spec itself: playwright.config.mjs runs *.spec.mjs).

/** Every entry stored for match `id`: its value's, then its tail's newer ones (schema 2). */
export const storedEntries = (page, id) =>
  page.evaluate((id) => {
    const es = JSON.parse(localStorage.getItem(`referee.match.${id}`)).match.entries;
    const tail = localStorage.getItem(`referee.tail.${id}`);
    if (tail) {
      const tt = JSON.parse(tail);
      tt.entries.forEach((e, i) => {
        if (tt.from + i >= es.length) es.push(e);
      });
    }
    return es;
  }, id);

/** Opens a history row's actions and presses one of them (`edit`, `delete`). */
export async function rowAction(row, action) {
  await row.locator('summary').click();
  await row.locator(`button.${action}`).click();
}
