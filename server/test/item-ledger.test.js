'use strict';
// kakeibo's ledger of accounts passes through the server (script 1.4.0): a transfer names the account the money went
// to ("transfer"), a line merged into another item names that item ("merged"), a line split apart again is marked
// ("apart"). Each lives in a column found by its header; the app's GET leaves transfers and merged lines out; an
// update without the keys (a kakeibo before accounts) keeps the row's, as one without "tags" does.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { getMonth, op } = require('../harness/client');

const TOKEN = 'test-token-0123456789';
const card = { id: 'rc:1', date: '20241102', name: 'まいばすけっと', price: 1284, category: 0, categorySub: '', payment: '楽天カード' };
const typed = { id: 'u1', date: '20241102', name: '夕食の材料', price: 1284, category: 0, categorySub: 0, merged: 'rc:1' };
const bill = { id: 'yu:1', date: '20241127', name: '自払 ラクテンカードサービス', price: 45210, category: 9, categorySub: '', payment: 'ゆうちょ銀行', transfer: '楽天カード' };
const split = { id: 'mf:1', date: '20241103', name: 'AMAZON', price: 3280, category: 5, categorySub: '', apart: true };

describe('the ledger of accounts', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  const create = (items, prefix) => items.map((item, i) => ({ changeId: prefix + i, kind: 'create', item }));
  const rowOf = async (id) => (await op(household, TOKEN, { op: 'pull', year: 2024, month: 11 })).json.rows.find((r) => r.item.id === id);

  it('keeps a transfer, a merge and a split in columns of their own and answers them back', async () => {
    const answer = (await op(household, TOKEN, { op: 'changes', changes: create([card, typed, bill, split], 'c') })).json;
    assert.deepEqual(answer.results.map((r) => r.status), ['applied', 'applied', 'applied', 'applied']);
    assert.deepEqual((await rowOf('u1')).item, typed);
    assert.deepEqual((await rowOf('yu:1')).item, bill);
    assert.deepEqual((await rowOf('mf:1')).item, split);
    const header = household.workbook.values('2024-11')[0];
    for (const name of ['振替先 Transfer to', '合算先 Merged into', '分離 Apart']) assert.ok(header.includes(name), name);
  });

  it('leaves transfers and merged lines out of the app\'s month: it counts each purchase once', async () => {
    const month = (await getMonth(household, 2024, 11, TOKEN)).json;
    assert.deepEqual(month.map((i) => i.id).sort(), ['mf:1', 'rc:1']);
  });

  it('takes a merge off with "merged": null, and keeps it on an update that does not say (an older kakeibo)', async () => {
    const held = await rowOf('u1');
    const older = { changeId: 'old-1', kind: 'update', base: held.revision, item: { ...typed, name: '夕飯の材料', merged: undefined } };
    const kept = (await op(household, TOKEN, { op: 'changes', changes: [older] })).json.results[0];
    assert.equal(kept.status, 'applied');
    assert.equal(kept.row.item.merged, 'rc:1', 'an update without "merged" keeps the row\'s');
    const unmerge = { changeId: 'new-1', kind: 'update', base: kept.revision, item: { ...typed, name: '夕飯の材料', merged: null, apart: true } };
    const taken = (await op(household, TOKEN, { op: 'changes', changes: [unmerge] })).json.results[0];
    assert.equal(taken.status, 'applied');
    assert.equal(taken.row.item.merged, undefined);
    assert.equal(taken.row.item.apart, true);
    assert.ok((await getMonth(household, 2024, 11, TOKEN)).json.some((i) => i.id === 'u1'), 'split apart, it is a purchase again');
  });

  it('refuses a transfer or a merge that is not text, and an apart that is not a boolean', async () => {
    for (const bad of [{ ...bill, transfer: 5 }, { ...typed, merged: ' x' }, { ...split, apart: 'yes' }, { ...bill, transfer: 'x'.repeat(31) }]) {
      const result = (await op(household, TOKEN, { op: 'changes', changes: [{ changeId: 'bad-' + Math.random(), kind: 'create', item: { ...bad, id: 'bad' } }] })).json.results[0];
      assert.equal(result.status, 'rejected', JSON.stringify(bad));
    }
  });

  it('says its version (1.4.0 brought the ledger; 1.5.0 the page; 1.6.0 legs)', async () => {
    assert.equal((await op(household, TOKEN, { op: 'capabilities' })).json.version, '1.6.0');
  });
});
