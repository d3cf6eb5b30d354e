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
