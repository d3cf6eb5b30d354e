'use strict';
// A purchase paid in parts passes through the server (script 1.6.0): "legs" names the parts paid from accounts other
// than its payment ([{"payment","price"}]), kept as JSON text in the column whose header is '内訳 Legs'; the price is
// the whole purchase's. An update without "legs" (a kakeibo before them) keeps the row's; "legs": [] takes them off.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { getMonth, op } = require('../harness/client');

const TOKEN = 'test-token-0123456789';
const legs = [{ payment: 'PayPay', price: 100 }];
const daiso = { id: 'pp:1', date: '20240612', name: 'ダイソー', price: 1100, category: 0, categorySub: '', payment: 'クレジット JCB 1234', legs };

describe('a purchase paid in parts', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  const rowOf = async (id) => (await op(household, TOKEN, { op: 'pull', year: 2024, month: 6 })).json.rows.find((r) => r.item.id === id);
  const change = async (c) => (await op(household, TOKEN, { op: 'changes', changes: [c] })).json.results[0];

  it('keeps its legs in a column of their own and answers them back', async () => {
    assert.equal((await change({ changeId: 'c1', kind: 'create', item: daiso })).status, 'applied');
    assert.deepEqual((await rowOf('pp:1')).item, daiso);
    const sheet = household.workbook.values('2024-06');
    const column = sheet[0].indexOf('内訳 Legs');
    assert.ok(column >= 0, 'the legs column');
    assert.deepEqual(JSON.parse(sheet[1][column]), legs);
  });

  it('shows the app the purchase once, at its whole price', async () => {
    const month = (await getMonth(household, 2024, 6, TOKEN)).json;
    assert.deepEqual(month.map((i) => [i.id, i.price]), [['pp:1', 1100]]);
  });

  it('keeps the legs on an update that does not say (an older kakeibo), and takes them off with "legs": []', async () => {
    const held = await rowOf('pp:1');
    const older = { ...daiso, name: 'ダイソー 大崎' };
    delete older.legs;
    const kept = await change({ changeId: 'u1', kind: 'update', base: held.revision, item: older });
    assert.equal(kept.status, 'applied');
    assert.deepEqual(kept.row.item.legs, legs);
    const off = await change({ changeId: 'u2', kind: 'update', base: kept.revision, item: { ...older, legs: [] } });
    assert.equal(off.status, 'applied');
    assert.equal(off.row.item.legs, undefined);
  });

  it('refuses legs that are not parts of the price', async () => {
    const bad = [
      'PayPay', [{ payment: 'PayPay' }], [{ payment: 'PayPay', price: 0 }], [{ payment: 'PayPay', price: 1100 }],
      [{ payment: '', price: 1 }], [{ payment: 'x'.repeat(31), price: 1 }], [{ payment: 'PayPay', price: 1, extra: 1 }],
      Array.from({ length: 9 }, () => ({ payment: 'PayPay', price: 1 })),
    ];
    for (const value of bad) {
      const result = await change({ changeId: 'bad-' + Math.random(), kind: 'create', item: { ...daiso, id: 'bad', legs: value } });
      assert.equal(result.status, 'rejected', JSON.stringify(value));
    }
  });

  it('says its version (1.6.0 brought legs)', async () => {
    assert.equal((await op(household, TOKEN, { op: 'capabilities' })).json.version, '1.6.0');
  });
});
