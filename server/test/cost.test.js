'use strict';
// The cost model (issue #23): calls into the services per request, counted by the harness, at 1 month and at ten
// years of history. A request's cost must not grow with the months the household has.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { getMonth, op, postItems } = require('../harness/client');

const TOKEN = 'cost-token';
const LAST = '2024-12';

function month(index) {
  const year = 2015 + Math.floor(index / 12);
  return `${year}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function item(id, name, date) {
  return { id, date, name, price: 100 + (id.length % 7), category: 1 };
}

/** A household of `months` months ending with 2024-12, `perMonth` items each, seeded 500 changes a request. */
async function seeded(months, perMonth) {
  const household = await startHousehold({ token: TOKEN });
  const all = [];
  for (let m = 120 - months; m < 120; m++) {
    const name = month(m);
    for (let k = 0; k < perMonth; k++) {
      all.push({ changeId: `seed-${name}-${k}`, kind: 'create', item: item(`${name}-${k}`, `品${k}`, `${name.replace('-', '')}${String((k % 28) + 1).padStart(2, '0')}`) });
    }
  }
  for (let from = 0; from < all.length; from += 500) {
    const answer = (await op(household, TOKEN, { op: 'changes', changes: all.slice(from, from + 500) })).json;
    assert.equal(answer.ok, true, JSON.stringify(answer.error));
  }
  return household;
}

/** What a member's daily sync costs: another member pushed one item, this one pushes one and receives it. */
async function dailySync(household, tag) {
  const known = (await op(household, TOKEN, { op: 'capabilities' })).json.revision;
  const other = await op(household, TOKEN, { op: 'changes', changes: [{ changeId: `other-${tag}`, kind: 'create', item: item(`other-${tag}`, '牛乳', '20241230') }] });
  assert.equal(other.json.results[0].status, 'applied');
  household.resetStats();
  const pushed = await op(household, TOKEN, { op: 'changes', changes: [{ changeId: `mine-${tag}`, kind: 'create', item: item(`mine-${tag}`, 'パン', '20241231') }] });
  assert.equal(pushed.json.results[0].status, 'applied');
  const received = await op(household, TOKEN, { op: 'since', revision: known });
  assert.deepEqual(received.json.changes.map((c) => c.item.id), [`other-${tag}`, `mine-${tag}`]);
  return household.stats();
}

/** The same daily sync as kakeibo 1.1 makes it: one `changes` whose answer carries what the other member changed. */
async function dailySyncInOne(household, tag) {
  const known = (await op(household, TOKEN, { op: 'capabilities' })).json.revision;
  await op(household, TOKEN, { op: 'changes', changes: [{ changeId: `other1-${tag}`, kind: 'create', item: item(`other1-${tag}`, '牛乳', '20241230') }] });
  household.resetStats();
  const pushed = await op(household, TOKEN, {
    op: 'changes', since: known, retried: [], changes: [{ changeId: `mine1-${tag}`, kind: 'create', item: item(`mine1-${tag}`, 'パン', '20241231') }]
  });
  assert.equal(pushed.json.results[0].status, 'applied');
  assert.deepEqual(pushed.json.since.changes.map((c) => c.item.id), [`other1-${tag}`]);
  assert.equal(pushed.json.since.through, pushed.json.revision);
  return household.stats();
}

/** The calls of one request of each kind a member makes. */
async function requests(household) {
  household.resetStats();
  assert.equal((await getMonth(household, 2024, 12, TOKEN)).status, 200);
  const revision = (await op(household, TOKEN, { op: 'capabilities' })).json.revision;
  await op(household, TOKEN, { op: 'since', revision });
  await op(household, TOKEN, { op: 'pull', year: 2024, month: 12 });
  await postItems(household, [item('app-1', 'お茶', '20241229')], TOKEN);
  const byOp = {};
  household.stats().byRequest.forEach((r) => { byOp[r.op] = r.calls; });
  return byOp;
}

describe('cost', () => {
  let small;
  let large;
  before(async () => {
    small = await seeded(1, 300);
    large = await seeded(120, 300);
  });
  after(() => Promise.all([small.stop(), large.stop()]));

  it('counts each request and its calls, and starts afresh on resetStats', async () => {
    small.resetStats();
    await getMonth(small, 2024, 12, TOKEN);
    const stats = small.stats();
    assert.equal(stats.requests, 1);
    assert.equal(stats.byRequest[0].op, 'month');
    assert.ok(stats.byRequest[0].calls > 0);
    assert.equal(stats.calls, stats.byRequest[0].calls);
    assert.ok(stats.byRequest[0].methods['Range.getValues'] >= 1);
    small.resetStats();
    assert.deepEqual(small.stats(), { requests: 0, calls: 0, byRequest: [] });
  });

  it('makes a daily sync (push 1, receive 1) cost the same calls at 1 month and at 120 months × 300 items', async (t) => {
    const one = await dailySync(small, 'small');
    const ten = await dailySync(large, 'large');
    t.diagnostic(`daily sync [op, calls, cells read]: 1 month ${JSON.stringify(one.byRequest.map((r) => [r.op, r.calls, r.cellsRead]))}, ` +
      `120 months ${JSON.stringify(ten.byRequest.map((r) => [r.op, r.calls, r.cellsRead]))}`);
    assert.ok(Math.abs(ten.calls - one.calls) <= one.calls * 0.1, `1 month: ${one.calls} calls, 120 months: ${ten.calls}`);
  });

  it('makes the daily sync one request of at most 32 calls (2.4 s at 50 ms a call and 0.8 s a request), at 1 month and 120', async (t) => {
    const one = await dailySyncInOne(small, 'small');
    const ten = await dailySyncInOne(large, 'large');
    t.diagnostic(`daily sync in one request: 1 month ${one.calls} calls, 120 months ${ten.calls}`);
    assert.equal(ten.requests, 1);
    assert.ok(Math.abs(ten.calls - one.calls) <= one.calls * 0.1, `1 month: ${one.calls} calls, 120 months: ${ten.calls}`);
    assert.ok(ten.calls <= 32, `${ten.calls} calls: ${ten.calls * 50 + 800} ms at the model`);
  });

  it('makes each kind of request cost the same calls at 1 month and at 120 months', async (t) => {
    const one = await requests(small);
    const ten = await requests(large);
    t.diagnostic(`calls per request: 1 month ${JSON.stringify(one)}, 120 months ${JSON.stringify(ten)}`);
    Object.keys(one).forEach((name) => {
      assert.ok(Math.abs(ten[name] - one[name]) <= one[name] * 0.1, `${name}: 1 month ${one[name]} calls, 120 months ${ten[name]}`);
    });
  });
});
