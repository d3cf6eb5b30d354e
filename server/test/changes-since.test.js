'use strict';
// A `changes` request that carries `since` (issue #23): the answer brings what other requests changed after the
// client's revision, without the request's own rows, so a daily sync is one request and a big push never pages its
// own items back; the limits a request may carry; rewrites in place written a run of rows at a time.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { op } = require('../harness/client');

const TOKEN = 'since-token';
const item = (id, date, price = 100) => ({ id, date, name: `品${id}`, price, category: 1, categorySub: '' });
const create = (changeId, it) => ({ changeId, kind: 'create', item: it });

async function changes(household, list, extra = {}) {
  const answer = await op(household, TOKEN, Object.assign({ op: 'changes', changes: list }, extra));
  assert.equal(answer.json.ok, true, answer.text);
  return answer.json;
}

describe('changes with since', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('answers the other requests\' rows after R, not its own, and moves the cursor past its own writes', async () => {
    await changes(household, [create('a1', item('a1', '20241201')), create('a2', item('a2', '20241105'))]);
    const plain = await changes(household, [create('a3', item('a3', '20241202'))]);
    assert.equal(plain.since, undefined, 'a request without since gets no since');
    assert.deepEqual(plain.limits, { changesPerRequest: 2000, rewritesPerRequest: 500 });
    const mine = await changes(household, [create('b1', item('b1', '20241203'))], { since: 1 });
    assert.deepEqual(mine.results.map((r) => [r.status, r.revision]), [['applied', 4]]);
    assert.deepEqual(mine.since.changes.map((c) => [c.item.id, c.revision]), [['a2', 2], ['a3', 3]]);
    assert.equal(mine.since.more, false);
    assert.equal(mine.since.through, 4, 'through its own write');
    assert.equal(mine.since.revision, 4);
    assert.equal(mine.since.settingsRevision, 0);
    const next = (await op(household, TOKEN, { op: 'since', revision: mine.since.through })).json;
    assert.deepEqual(next.changes, []);
  });

  it('leaves out a row this request rewrote, and answers nothing new with nothing to send', async () => {
    const other = await changes(household, [create('c1', item('c1', '20240301'))]);
    const base = other.results[0].revision;
    const edit = await changes(household, [{ changeId: 'e1', kind: 'update', base, item: item('c1', '20240301', 555) }], { since: base - 1 });
    assert.deepEqual(edit.since.changes, [], 'c1 changed after R, but the answer to the edit carries it');
    assert.equal(edit.since.through, edit.revision);
    const empty = await changes(household, [], { since: edit.revision });
    assert.deepEqual([empty.results, empty.since.changes, empty.since.through], [[], [], edit.revision]);
  });

  it('reads every month when the indexes may be behind, and still finds what a stopped request wrote', async () => {
    const known = (await op(household, TOKEN, { op: 'capabilities' })).json.revision;
    household.workbook.setProperty('KAKEIBO_RESERVED', String(known + 10));
    household.workbook.type('2023-05', 2, 1, ['2023-05-01', '途中', 5, 1, '', 'half', known + 3, false, '']);
    const answer = await changes(household, [create('d1', item('d1', '20241204'))], { since: known });
    assert.deepEqual(answer.since.changes.map((c) => [c.item.id, c.revision]), [['half', known + 3]]);
    assert.equal(answer.results[0].revision, known + 11);
    assert.equal(answer.since.through, known + 11);
  });

  it('pages what others changed as since does, the cursor stopping at the page', async () => {
    const fresh = await startHousehold({ token: TOKEN });
    try {
      const many = Array.from({ length: 2001 }, (_, k) => create(`m${k}`, item(`m${k}`, '20240601')));
      await changes(fresh, many.slice(0, 1000));
      await changes(fresh, many.slice(1000));
      const answer = await changes(fresh, [create('own', item('own', '20240602'))], { since: 0 });
      assert.equal(answer.since.more, true);
      assert.equal(answer.since.changes.length, 2000);
      assert.equal(answer.since.through, 2000);
      const rest = (await op(fresh, TOKEN, { op: 'since', revision: 2000 })).json;
      assert.deepEqual(rest.changes.map((c) => c.item.id), ['m2000', 'own'], 'the rest, this time with its own row');
    } finally {
      await fresh.stop();
    }
  });

  it('refuses a bad since, and more than 500 updates and deletes, before writing anything', async () => {
    const bad = (await op(household, TOKEN, { op: 'changes', changes: [create('x1', item('x1', '20240101'))], since: 'yesterday' })).json;
    assert.equal(bad.error.code, 'bad_request');
    const before = (await op(household, TOKEN, { op: 'capabilities' })).json.revision;
    const deletes = Array.from({ length: 501 }, (_, k) => ({ changeId: `del${k}`, kind: 'delete', base: 1, id: `nothing${k}` }));
    const tooMany = (await op(household, TOKEN, { op: 'changes', changes: [create('x2', item('x2', '20240101'))].concat(deletes) })).json;
    assert.equal(tooMany.error.code, 'too_large');
    assert.match(tooMany.error.message, /500 updates and deletes/);
    assert.equal((await op(household, TOKEN, { op: 'capabilities' })).json.revision, before);
    const creates = Array.from({ length: 2000 }, (_, k) => create(`big${k}`, item(`big${k}`, '20230101')));
    assert.equal((await changes(household, creates)).results.filter((r) => r.status === 'applied').length, 2000);
  });

  it('says which revisions a request wrote, and leaves a member\'s own earlier writes out of since (skip)', async () => {
    const known = (await op(household, TOKEN, { op: 'capabilities' })).json.revision;
    const pushed = await changes(household, [create('s1', item('s1', '20240601')), create('s2', item('s2', '20240701'))]);
    assert.equal(pushed.start, known, 'the revisions after start, up to revision, are its own');
    assert.equal(pushed.revision, known + 2);
    const theirs = await changes(household, [create('t1', item('t1', '20240602'))]);
    const mine = await changes(household, [create('s3', item('s3', '20240603'))]);
    const skip = [[pushed.start + 1, pushed.revision], [mine.start + 1, mine.revision]];
    const answer = (await op(household, TOKEN, { op: 'since', revision: known, skip })).json;
    assert.deepEqual(answer.changes.map((c) => c.item.id), ['t1'], 'only the other member\'s row');
    assert.equal(answer.through, mine.revision);
    const carried = await changes(household, [create('s4', item('s4', '20240604'))], { since: known, skip });
    assert.deepEqual(carried.since.changes.map((c) => c.item.id), ['t1']);
    const paged = (await op(household, TOKEN, { op: 'since', revision: known, limit: 1, skip })).json;
    assert.deepEqual([paged.changes.map((c) => c.item.id), paged.more], [['t1'], true], 'skipped rows are not counted against the limit');
    assert.equal(theirs.start, pushed.revision);
    for (const bad of [[[3, 1]], [[1]], 'x', Array.from({ length: 101 }, () => [1, 2])]) {
      const refused = (await op(household, TOKEN, { op: 'since', revision: known, skip: bad })).json;
      assert.equal(refused.error.code, 'bad_request', JSON.stringify(bad));
    }
    const capabilities = (await op(household, TOKEN, { op: 'capabilities' })).json;
    assert.equal(capabilities.sinceSkip, 100);
    // since's skip came with 1.3.0; a later script keeps it.
    const [major, minor] = capabilities.version.split('.').map(Number);
    assert.ok(major > 1 || (major === 1 && minor >= 3), capabilities.version);
  });
});

describe('rewrites in place', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('writes a run of rewritten rows at once, tombstones struck through, rows between them untouched', async () => {
    const made = await changes(household, Array.from({ length: 300 }, (_, k) => create(`r${k}`, item(`r${k}`, '20240801', k))));
    const revision = Object.fromEntries(made.results.map((r) => [r.row.item.id, r.revision]));
    household.resetStats();
    // r0–r199 edited (one run), then r201, r203 … r299 deleted (50 runs of one row).
    const edits = Array.from({ length: 200 }, (_, k) => ({ changeId: `e${k}`, kind: 'update', base: revision[`r${k}`], item: item(`r${k}`, '20240801', 7000) }));
    const deletes = Array.from({ length: 50 }, (_, k) => 201 + 2 * k).map((k) => ({ changeId: `d${k}`, kind: 'delete', base: revision[`r${k}`], id: `r${k}` }));
    const answer = await changes(household, edits.concat(deletes));
    assert.ok(answer.results.every((r) => r.status === 'applied'));
    const methods = household.stats().byRequest[0].methods;
    assert.equal(methods['Range.setValues'], 1 + 50 + 1, 'the month in 51 runs, and the change log (no id moved month)');
    assert.equal(methods['Range.setFontLine'], 50, 'each tombstone run struck through once');
    const rows = household.workbook.values('2024-08');
    assert.equal(rows.length, 301);
    assert.deepEqual(rows.slice(1, 201).map((r) => r[2]), Array(200).fill(7000));
    for (let k = 200; k < 300; k++) {
      const deleted = k % 2 === 1;
      assert.equal(rows[k + 1][7], deleted, `row of r${k}`);
      assert.equal(household.workbook.struckThrough('2024-08', k + 2), deleted, `style of r${k}`);
      assert.equal(rows[k + 1][2], k, 'the price is as it was');
    }
  });
});
