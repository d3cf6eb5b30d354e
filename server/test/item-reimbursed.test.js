'use strict';
// What insurance paid back on an item ("reimbursed", whole yen, kakeibo's tax medical) passes through the server in
// both protocols and lives in the sheet's "補填 Reimbursed" column, found by its header as the tags column is.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { getMonth, postItems, op } = require('../harness/client');

const TOKEN = 'test-token-0123456789';
const visit = { id: 'r1', date: '20241203', name: '診察', price: 3000, category: 8, categorySub: 0, reimbursed: 1000 };
const plain = { id: 'r2', date: '20241204', name: '薬', price: 800, category: 8, categorySub: 1 };

describe('the amount paid back', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('is kept in a column of its own and answered back; an item without it is as it was', async () => {
    assert.deepEqual((await postItems(household, [visit, plain], TOKEN)).json, [visit, plain]);
    assert.deepEqual((await getMonth(household, 2024, 12, TOKEN)).json, [visit, plain]);
    const rows = household.workbook.values('2024-12');
    assert.equal(rows[0][14], '補填 Reimbursed', 'a fresh sheet gets the column at O');
    assert.equal(rows.find((r) => r[5] === 'r1')[14], 1000);
    assert.ok(!rows.find((r) => r[5] === 'r2')[14]);
  });

  it('goes with a change, and an update without it takes it off', async () => {
    const pulled = await op(household, TOKEN, { op: 'pull', year: 2024, month: 12 });
    const row = pulled.json.rows.find((r) => r.item.id === 'r1');
    assert.equal(row.item.reimbursed, 1000);
    const { reimbursed, ...without } = visit;
    const answer = await op(household, TOKEN, {
      op: 'changes', changes: [{ changeId: 'c-r1', kind: 'update', base: row.revision, item: without }]
    });
    assert.equal(answer.json.results[0].status, 'applied');
    assert.deepEqual((await getMonth(household, 2024, 12, TOKEN)).json[0], without);
    assert.equal(reimbursed, 1000);
  });

  it('refuses an amount that is not whole yen from 0', async () => {
    for (const bad of [-1, 1.5, '1000', 1e11]) {
      const answer = await postItems(household, [{ ...plain, id: 'bad', reimbursed: bad }], TOKEN);
      assert.equal(answer.json.error.code, 'bad_request', String(bad));
    }
  });
});
