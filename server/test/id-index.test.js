'use strict';
// The id index (server/Code.gs, "The book"): a write request reads only the months its ids live in, and the index
// stays right when a person edits the sheet, when a sheet appears by hand, and when a request is stopped midway.

const { describe, it, beforeEach, afterEach } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { getMonth, op, postItems } = require('../harness/client');

const TOKEN = 'index-token';
const item = (id, date, name, price) => ({ id, date, name, price, category: 1, categorySub: '' });
const create = (changeId, it) => ({ changeId, kind: 'create', item: it });

async function changes(household, list) {
  const answer = await op(household, TOKEN, { op: 'changes', changes: list });
  assert.equal(answer.json.ok, true, answer.text);
  return answer.json;
}

/** How many rows of the sheets hold the id. */
function copies(household, id) {
  return household.workbook.sheets.filter((s) => /^\d{4}-\d{2}$/.test(s.name))
    .reduce((n, s) => n + household.workbook.values(s.name).slice(1).filter((row) => row[5] === id).length, 0);
}

/** The month sheets a request read (Range.getValues on a month sheet is all a request reads of one). */
function monthsRead(household) {
  return household.stats().byRequest.map((r) => r.methods['Range.getValues'] || 0);
}

describe('id index', () => {
  let household;
  beforeEach(async () => {
    household = await startHousehold({ token: TOKEN });
    const seed = [];
    for (let m = 1; m <= 12; m++) {
      const month = String(m).padStart(2, '0');
      for (let k = 0; k < 5; k++) seed.push(create(`s-${m}-${k}`, item(`i-${m}-${k}`, `2024${month}0${k + 1}`, `品${k}`, 100 * m + k)));
    }
    await changes(household, seed);
  });
  afterEach(() => household.stop());

  it('reads only the months the changed ids live in', async () => {
    household.resetStats();
    const answer = await changes(household, [{ changeId: 'u1', kind: 'update', base: 1, item: item('i-1-0', '20240101', '米', 1) }]);
    assert.equal(answer.results[0].status, 'applied');
    // the change log, the id's bucket and its month: three reads, not one per month
    assert.deepEqual(monthsRead(household), [3]);
    household.resetStats();
    const moved = await changes(household, [{ changeId: 'u2', kind: 'update', base: answer.revision, item: item('i-1-0', '20240601', '米', 1) }]);
    assert.equal(moved.results[0].status, 'applied');
    assert.deepEqual((await getMonth(household, 2024, 6, TOKEN)).json.map((i) => i.id).sort(), ['i-1-0', 'i-6-0', 'i-6-1', 'i-6-2', 'i-6-3', 'i-6-4']);
    assert.equal(copies(household, 'i-1-0'), 1);
    const again = await changes(household, [create('c-again', item('i-1-0', '20240601', '米', 1))]);
    assert.equal(again.results[0].status, 'unchanged', 'the moved id is found in its new month');
  });

  it('finds an id a person typed into the sheet (the onEdit trigger indexes it)', async () => {
    const rows = household.workbook.values('2024-03').length;
    await household.edit('2024-03', rows + 1, 1, ['2024-03-20', '手書き', 500, 1, '', 'hand-1']);
    const answer = await changes(household, [create('c-hand', item('hand-1', '20240320', '手書き', 500))]);
    assert.equal(answer.results[0].status, 'unchanged');
    assert.equal(copies(household, 'hand-1'), 1);
  });

  it('finds an id in a sheet a person added by hand, without a trigger (the sheets were counted)', async () => {
    household.workbook.type('2023-07', 1, 1, ['日付 Date', '品名 Name', '金額 Price', '分類 Category', '小分類 Subcategory', 'ID']);
    household.workbook.type('2023-07', 2, 1, ['2023-07-01', '写し', 700, 1, '', 'copied-1']);
    const answer = await changes(household, [create('c-copied', item('copied-1', '20230701', '写し', 700))]);
    assert.equal(answer.results[0].status, 'unchanged');
    assert.equal(copies(household, 'copied-1'), 1);
    household.resetStats();
    await changes(household, [create('c-later', item('later-1', '20240102', '後', 1))]);
    assert.deepEqual(monthsRead(household), [3], 'the indexes, rebuilt, are trusted again');
  });

  it('finds every id when the index sheet was deleted or a cell of it damaged by hand', async () => {
    const ids = household.workbook.sheetByName('_ids');
    household.workbook.sheets = household.workbook.sheets.filter((s) => s !== ids);
    household.workbook.type('Notes', 1, 1, ['a note']); // a sheet added: the number of sheets is the same
    const answer = await changes(household, [create('c-del', item('i-2-1', '20240202', '品1', 201))]);
    assert.equal(answer.results[0].status, 'unchanged');
    assert.equal(copies(household, 'i-2-1'), 1);
    const rows = household.workbook.values('_ids');
    assert.ok(rows.slice(1).some((row) => String(row[0]).includes('"i-2-1"')), 'the index was rebuilt');
    rows.slice(1).forEach((row, b) => { if (String(row[0]).includes('"i-4-2"')) household.workbook.type('_ids', b + 2, 1, ['消した']); });
    const again = await changes(household, [create('c-dmg', item('i-4-2', '20240403', '品2', 402))]);
    assert.equal(again.results[0].status, 'unchanged');
    assert.equal(copies(household, 'i-4-2'), 1);
  });

  it('appends again an id whose row a person deleted, and mends the index', async () => {
    household.workbook.removeRow('2024-05', 2);
    const gone = household.workbook.values('2024-05').slice(1).map((row) => row[5]);
    assert.ok(!gone.includes('i-5-0'));
    const answer = await changes(household, [create('c-back', item('i-5-0', '20240501', '品0', 500))]);
    assert.equal(answer.results[0].status, 'applied');
    assert.equal(copies(household, 'i-5-0'), 1);
    household.resetStats();
    await changes(household, [create('c-next', item('n-1', '20240502', '次', 1))]);
    assert.ok(monthsRead(household)[0] <= 3, 'the index is trusted again');
  });

  it('repairs a write stopped midway: the next request reads every month, and nothing is held twice', async () => {
    household.resetStats();
    await changes(household, [create('probe-a', item('probe-a', '20240910', 'A', 1)), create('probe-b', item('probe-b', '20241110', 'B', 2))]);
    const calls = household.stats().byRequest[0].calls;
    for (let afterCalls = 4; afterCalls < calls; afterCalls += 3) {
      household.fail({ how: 'stop', method: 'POST', afterCalls });
      const tag = `stop-${afterCalls}`;
      const list = [create(`${tag}-a`, item(`${tag}-a`, '20240910', 'A', 1)), create(`${tag}-b`, item(`${tag}-b`, '20241110', 'B', 2))];
      const stopped = await op(household, TOKEN, { op: 'changes', changes: list });
      assert.notEqual(stopped.json && stopped.json.ok, true, `stopped after ${afterCalls} calls`);
      assert.match(stopped.text, /Exceeded maximum execution time/);
      const retried = await changes(household, list);
      assert.ok(retried.results.every((r) => r.status === 'applied' || r.status === 'unchanged'), JSON.stringify(retried.results));
      assert.equal(copies(household, `${tag}-a`), 1);
      assert.equal(copies(household, `${tag}-b`), 1);
      const since = (await op(household, TOKEN, { op: 'since', revision: 0 })).json;
      const revisions = since.changes.map((c) => c.revision);
      assert.equal(new Set(revisions).size, revisions.length, 'no revision handed out twice');
      assert.ok(since.changes.some((c) => c.item.id === `${tag}-b`));
    }
    const app = await postItems(household, [item('app-9', '20241201', 'アプリ', 9)], TOKEN);
    assert.equal(app.json.length, 1);
  });

  it('mends an index sheet whose making was stopped before its rows were added (1,000 rows for 1,024 buckets)', async () => {
    const index = household.workbook.sheetByName('_ids');
    index.cells = index.cells.slice(0, 1000);
    index.maxRows = 1000;
    const many = [];
    for (let k = 0; k < 40; k++) many.push(create(`short-${k}`, item(`short-${k}`, '20240601', '多い', k + 1)));
    const answer = await changes(household, many);
    assert.ok(answer.results.every((r) => r.status === 'applied'), JSON.stringify(answer.results.map((r) => r.status)));
    assert.ok(index.maxRows >= 1025);
    assert.equal(copies(household, 'short-39'), 1);
  });
});
