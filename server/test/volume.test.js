'use strict';
// Sizes a real sheet imposes: 1000 rows in a new sheet, and the change log kept to its last 5000 entries.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { getMonth, op } = require('../harness/client');

const TOKEN = 'volume-token';

function batch(from, count) {
  return Array.from({ length: count }, (_, k) => {
    const n = from + k;
    return { changeId: `v-${n}`, kind: 'create', item: { id: `v${n}`, date: '20240601', name: `品${n}`, price: n + 1, category: 1 } };
  });
}

describe('volume', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('grows a month sheet and the change log past the 1000 rows a new sheet has', async () => {
    for (let from = 0; from < 1500; from += 500) {
      const answer = (await op(household, TOKEN, { op: 'changes', changes: batch(from, 500) })).json;
      assert.equal(answer.ok, true, JSON.stringify(answer.error));
      assert.ok(answer.results.every((r) => r.status === 'applied'));
    }
    assert.equal((await getMonth(household, 2024, 6, TOKEN)).json.length, 1500);
    const retried = (await op(household, TOKEN, { op: 'changes', changes: batch(0, 3) })).json;
    assert.deepEqual(retried.results.map((r) => [r.status, r.revision]), [['applied', 1], ['applied', 2], ['applied', 3]]);
    assert.equal(retried.revision, 1500);
  });

  it('keeps the last 5000 change ids: an older retry is judged afresh, and a create of a held id stays unchanged', async () => {
    for (let from = 1500; from < 6500; from += 500) {
      assert.equal((await op(household, TOKEN, { op: 'changes', changes: batch(from, 500) })).json.ok, true);
    }
    const log = household.workbook.values('_changes');
    assert.ok(log.length - 1 <= 6000 && log.length - 1 >= 5000, `log holds ${log.length - 1}`);
    const old = (await op(household, TOKEN, { op: 'changes', changes: batch(0, 1) })).json.results[0];
    assert.equal(old.status, 'unchanged');
    const recent = (await op(household, TOKEN, { op: 'changes', changes: batch(6499, 1) })).json.results[0];
    assert.equal(recent.status, 'applied');
    assert.equal(recent.revision, 6500);
  });
});
