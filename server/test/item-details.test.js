'use strict';
// kakeibo's optional item details (payment, shop, memo, member, personal) pass through the server: kept in columns
// after the existing ones, answered back only when set, so the app's items look exactly as before.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { getMonth, postItems } = require('../harness/client');

const TOKEN = 'test-token-0123456789';
const coffee = {
  id: 'd1', date: '20241203', name: 'コーヒー', price: 178, category: 0, categorySub: 1,
  payment: '現金', shop: 'ドトール', memo: '=朝', member: 'ayumi', personal: true
};
const plain = { id: 'd2', date: '20241204', name: 'パン', price: 240, category: 0, categorySub: '' };

describe('item details', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('keeps them in the columns after the existing ones and answers them back; items without them stay as they were', async () => {
    const posted = await postItems(household, [coffee, plain], TOKEN);
    assert.equal(posted.status, 200);
    assert.deepEqual(posted.json, [coffee, plain]);
    assert.deepEqual((await getMonth(household, 2024, 12, TOKEN)).json, [coffee, plain]);
    const rows = household.workbook.values('2024-12');
    assert.deepEqual(rows[0].slice(9), ['支払方法 Payment', 'お店 Shop', 'メモ Memo', 'メンバー Member', '個人 Personal']);
    const row = rows.find((r) => r[5] === 'd1');
    assert.deepEqual(row.slice(0, 6), ['2024-12-03', 'コーヒー', 178, 0, 1, 'd1']);
    assert.deepEqual(row.slice(9, 13), ['現金', 'ドトール', '=朝', 'ayumi'], 'a memo that looks like a formula is kept as text, not run');
  });

  it('leaves notes typed after the item\'s columns alone: no new revision, never written over', async () => {
    const { op } = require('../harness/client');
    const before = (await op(household, TOKEN, { op: 'capabilities' })).json.revision;
    const row = household.workbook.values('2024-12').findIndex((r) => r[5] === 'd1') + 1;
    await household.edit('2024-12', row, 15, ['立替: 母の分']);
    assert.equal((await op(household, TOKEN, { op: 'capabilities' })).json.revision, before, 'a note is not a change of the item');
    const held = (await getMonth(household, 2024, 12, TOKEN)).json.find((i) => i.id === 'd1');
    const update = { changeId: 'note-1', kind: 'update', base: before, item: { ...held, price: 200 } };
    const rows = (await op(household, TOKEN, { op: 'pull', year: 2024, month: 12 })).json.rows;
    update.base = rows.find((r) => r.item.id === 'd1').revision;
    const answer = (await op(household, TOKEN, { op: 'changes', changes: [update] })).json;
    assert.equal(answer.results[0].status, 'applied');
    const after = household.workbook.values('2024-12').find((r) => r[5] === 'd1');
    assert.equal(after[2], 200);
    assert.equal(after[14], '立替: 母の分', 'the note in column O survives the item\'s update');
  });

  it('refuses a detail that is too long or not text, and writes nothing of the batch', async () => {
    const before = household.workbook.values('2024-12').length;
    for (const bad of [{ memo: 'm'.repeat(101) }, { payment: 5 }, { personal: 'yes' }]) {
      const answer = await postItems(household, [{ ...plain, id: 'fresh' }, { ...plain, id: 'bad', ...bad }], TOKEN);
      assert.equal(answer.json.ok, false, JSON.stringify(bad));
      assert.equal(answer.json.error.code, 'bad_request');
    }
    assert.equal(household.workbook.values('2024-12').length, before);
  });
});
