'use strict';
// The one table of what syncs (LIMITS, mirrored by kakeibo's SyncLimits.swift): the server trims the table's space
// (U+FEFF too), puts text in NFC, counts code points, and takes dates from 1900-01-01 to 2999-12-31 — at both edges.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { postItems } = require('../harness/client');

const TOKEN = 'test-token-0123456789';
const item = (id, fields) => ({ id, date: '20241203', name: '牛乳', price: 100, category: 0, categorySub: '', ...fields });

describe('the table of limits', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  const accepted = async (raw) => {
    const answer = await postItems(household, [raw], TOKEN);
    return answer.status === 200 && Array.isArray(answer.json) ? answer.json[0] : null;
  };

  it('trims U+FEFF and the ideographic space and puts text in NFC, as kakeibo does at entry', async () => {
    const stored = await accepted(item('l1', { name: '牛乳\uFEFF', shop: '\u3000か\u3099か\u3099', memo: 'Cafe\u0301' }));
    assert.equal(stored.name, '牛乳');
    assert.equal(stored.shop, 'がが');
    assert.equal(stored.memo, 'Café');
  });

  it('counts code points: 30 sushi are a shop (60 UTF-16 units), 31 are not; a name of 200 is taken, 201 is not', async () => {
    assert.ok(await accepted(item('l2', { shop: '🍣'.repeat(30) })));
    assert.equal(await accepted(item('l3', { shop: '🍣'.repeat(31) })), null);
    assert.ok(await accepted(item('l4', { name: '🍣'.repeat(200) })));
    assert.equal(await accepted(item('l5', { name: '🍣'.repeat(201) })), null);
    assert.ok(await accepted(item('l6', { shop: 'か\u3099'.repeat(30) })), '30 in NFC though 60 as typed');
  });

  it('takes dates from 1900-01-01 to 2999-12-31', async () => {
    assert.ok(await accepted(item('d1', { date: '19000101' })));
    assert.ok(await accepted(item('d2', { date: '29991231' })));
    assert.equal(await accepted(item('d3', { date: '18991231' })), null);
    assert.equal(await accepted(item('d4', { date: '30000101' })), null);
  });
});
