'use strict';
// The household's settings (kakeibo's categories, budgets, fixed costs, split, month start): each kept whole in a
// hidden sheet with its own revision from the shared counter; a change based on an older revision is a conflict,
// never an overwrite; the items of both protocols are untouched.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { getMonth, op } = require('../harness/client');

const TOKEN = 'settings-token';

async function settings(household, changes) {
  const answer = await op(household, TOKEN, { op: 'settings', changes });
  assert.equal(answer.json.ok, true, answer.text);
  return answer.json;
}

describe('settings', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('answers none at first, then keeps a setting sent with base 0 at a revision of the shared counter', async () => {
    assert.deepEqual((await settings(household, [])).settings, []);
    const first = await settings(household, [{ key: 'budgets', base: 0, value: '{"food":60000}' }]);
    assert.deepEqual(first.results, [{ key: 'budgets', status: 'applied', revision: 1 }]);
    assert.equal(first.revision, 1);
    assert.deepEqual(first.settings.map((s) => [s.key, s.revision, s.value]), [['budgets', 1, '{"food":60000}']]);
    const capabilities = (await op(household, TOKEN, { op: 'capabilities' })).json;
    assert.equal(capabilities.revision, 1);
    const since = (await op(household, TOKEN, { op: 'since', revision: 0 })).json;
    assert.deepEqual([since.changes, since.settingsRevision], [[], 1], 'since says when a setting last changed');
    assert.deepEqual((await getMonth(household, 2024, 12, TOKEN)).json, [], 'no item appears for a setting');
  });

  it('refuses a change based on an older revision as a conflict with the server value, and keeps that value', async () => {
    await settings(household, [{ key: 'budgets', base: 1, value: '{"food":70000}' }]);
    const stale = await settings(household, [{ key: 'budgets', base: 1, value: '{"food":50000}' }]);
    assert.equal(stale.results[0].status, 'conflict');
    assert.equal(stale.results[0].error.code, 'stale');
    assert.equal(stale.results[0].value, '{"food":70000}');
    assert.equal(stale.settings[0].value, '{"food":70000}');
    const created = await settings(household, [{ key: 'budgets', base: 0, value: '{"food":1}' }]);
    assert.equal(created.results[0].status, 'conflict', 'a second member\'s first value does not replace the first member\'s');
  });

  it('answers the same value again as unchanged, whatever its base (a retry after a lost answer)', async () => {
    const again = await settings(household, [{ key: 'budgets', base: 1, value: '{"food":70000}' }]);
    assert.deepEqual(again.results.map((r) => r.status), ['unchanged']);
    assert.equal(again.revision, 2);
  });

  it('refuses the whole request when one change is malformed, writing nothing', async () => {
    const before = (await settings(household, [])).settings;
    for (const bad of [{ key: 'Bad Key', base: 0, value: '' }, { key: 'x', base: -1, value: '' }, { key: 'x', value: 5, base: 0 },
      { key: 'x', base: 0, value: 'v'.repeat(45001) }]) {
      const answer = await op(household, TOKEN, { op: 'settings', changes: [{ key: 'split', base: 0, value: '{}' }, bad] });
      assert.equal(answer.json.ok, false, JSON.stringify(bad));
      assert.equal(answer.json.error.code, 'bad_request');
    }
    const twice = await op(household, TOKEN, { op: 'settings', changes: [{ key: 'x', base: 0, value: '1' }, { key: 'x', base: 0, value: '2' }] });
    assert.equal(twice.json.error.code, 'bad_request');
    assert.deepEqual((await settings(household, [])).settings, before);
    const wrong = await op(household, 'nope', { op: 'settings', changes: [] });
    assert.equal(wrong.json.error.code, 'bad_token');
  });

  it('keeps a value that looks like a formula as text', async () => {
    const answer = await settings(household, [{ key: 'note', base: 0, value: '=1+1' }]);
    assert.equal(answer.settings.find((s) => s.key === 'note').value, '=1+1');
  });
});
