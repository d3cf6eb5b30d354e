'use strict';
// kakeibo's change protocol: revisions, since, retried change ids, conflicts, tombstones, pull, capabilities.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { getMonth, postItems, op, call, withQuery } = require('../harness/client');

const TOKEN = 'change-token';
const item = (id, date, name, price, category = 0, categorySub = '') => ({ id, date, name, price, category, categorySub });
const create = (changeId, it) => ({ changeId, kind: 'create', item: it });
const update = (changeId, base, it) => ({ changeId, kind: 'update', base, item: it });
const remove = (changeId, base, id) => ({ changeId, kind: 'delete', base, id });

async function changes(household, list, extra = {}) {
  const answer = await op(household, TOKEN, Object.assign({ op: 'changes', changes: list }, extra));
  assert.equal(answer.json.ok, true, answer.text);
  return answer.json;
}

describe('changes', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('applies creates with increasing revisions and answers per change', async () => {
    const answer = await changes(household, [
      create('c1', item('i1', '20241201', '米', 2000)),
      create('c2', item('i2', '20241202', '卵', 300)),
      { changeId: 'c3', kind: 'create', item: { id: 'i3', date: 'tomorrow', name: 'x', price: 1, category: 0 } }
    ]);
    assert.equal(answer.service, 'kakeibo-household');
    assert.deepEqual(answer.results.map((r) => [r.changeId, r.status, r.revision]), [['c1', 'applied', 1], ['c2', 'applied', 2], ['c3', 'rejected', null]]);
    assert.equal(answer.results[2].error.code, 'bad_change');
    assert.deepEqual(answer.results[0].row.item, item('i1', '20241201', '米', 2000));
    assert.equal(answer.revision, 2);
  });

  it('applies a retried change id once and answers the same result', async () => {
    const first = await changes(household, [update('u1', 1, item('i1', '20241201', '米', 2100))]);
    const again = await changes(household, [update('u1', 1, item('i1', '20241201', '米', 2100))]);
    assert.equal(first.results[0].status, 'applied');
    assert.deepEqual(again.results[0], first.results[0]);
    assert.equal(again.revision, first.revision);
    const reused = await changes(household, [update('u1', 1, item('i1', '20241201', '米', 9999))]);
    assert.equal(reused.results[0].status, 'rejected');
    assert.equal(reused.results[0].error.code, 'change_id_reused');
    assert.equal((await getMonth(household, 2024, 12, TOKEN)).json.find((i) => i.id === 'i1').price, 2100);
  });

  it('refuses a change based on a stale revision as a conflict carrying the server version', async () => {
    const answer = await changes(household, [update('u2', 1, item('i1', '20241201', '米', 1800))]);
    const result = answer.results[0];
    assert.equal(result.status, 'conflict');
    assert.equal(result.error.code, 'stale');
    assert.deepEqual(result.row.item, item('i1', '20241201', '米', 2100));
    assert.equal(result.row.revision, 3);
    assert.equal((await getMonth(household, 2024, 12, TOKEN)).json.find((i) => i.id === 'i1').price, 2100);
  });

  it('answers creates of a held id: unchanged when identical, a conflict when not', async () => {
    const answer = await changes(household, [create('c4', item('i2', '20241202', '卵', 300)), create('c5', item('i2', '20241202', '卵', 301))]);
    assert.deepEqual(answer.results.map((r) => [r.status, r.error && r.error.code]), [['unchanged', undefined], ['conflict', 'exists']]);
    assert.equal(household.workbook.values('2024-12').slice(1).filter((row) => row[5] === 'i2').length, 1);
  });

  it('deletes by tombstone: gone from the month, struck through in the sheet, listed by since', async () => {
    const answer = await changes(household, [remove('d1', 2, 'i2')]);
    assert.equal(answer.results[0].status, 'applied');
    assert.equal(answer.results[0].row.deleted, true);
    assert.deepEqual((await getMonth(household, 2024, 12, TOKEN)).json.map((i) => i.id), ['i1']);
    const sheet = household.workbook.values('2024-12');
    const row = sheet.findIndex((r) => r[5] === 'i2') + 1;
    assert.equal(sheet[row - 1][7], true);
    assert.ok(household.workbook.struckThrough('2024-12', row));
    const later = await changes(household, [update('u3', 2, item('i2', '20241202', '卵', 1)), remove('d2', 2, 'i2'), remove('d3', 0, 'nobody')]);
    assert.deepEqual(later.results.map((r) => [r.status, r.error && r.error.code]), [['conflict', 'deleted'], ['unchanged', undefined], ['unchanged', undefined]]);
  });

  it('answers everything since a revision, tombstones included, with the current revision', async () => {
    const all = (await op(household, TOKEN, { op: 'since', revision: 0 })).json;
    assert.equal(all.revision, 4);
    assert.equal(all.through, 4);
    assert.equal(all.more, false);
    assert.deepEqual(all.changes.map((c) => [c.revision, c.item.id, c.deleted]), [[3, 'i1', false], [4, 'i2', true]]);
    const recent = (await op(household, TOKEN, { op: 'since', revision: 3 })).json;
    assert.deepEqual(recent.changes.map((c) => c.item.id), ['i2']);
    const none = (await op(household, TOKEN, { op: 'since', revision: 4 })).json;
    assert.deepEqual(none.changes, []);
    assert.equal(none.through, 4);
  });

  it('pages since with a limit', async () => {
    await changes(household, [1, 2, 3, 4, 5].map((n) => create(`p${n}`, item(`p${n}`, '20250110', `品${n}`, n))));
    const page = (await op(household, TOKEN, { op: 'since', revision: 4, limit: 2 })).json;
    assert.equal(page.more, true);
    assert.deepEqual(page.changes.map((c) => c.revision), [5, 6]);
    assert.equal(page.through, 6);
    const rest = (await op(household, TOKEN, { op: 'since', revision: page.through, limit: 10 })).json;
    assert.equal(rest.more, false);
    assert.deepEqual(rest.changes.map((c) => c.revision), [7, 8, 9]);
    assert.equal(rest.through, 9);
  });

  it('moves an item whose date moved to another month', async () => {
    const answer = await changes(household, [update('m1', 5, item('p1', '20250215', '品1', 1))]);
    assert.equal(answer.results[0].status, 'applied');
    assert.deepEqual((await getMonth(household, 2025, 1, TOKEN)).json.map((i) => i.id), ['p2', 'p3', 'p4', 'p5']);
    assert.deepEqual((await getMonth(household, 2025, 2, TOKEN)).json.map((i) => i.id), ['p1']);
    const since = (await op(household, TOKEN, { op: 'since', revision: 9 })).json;
    assert.deepEqual(since.changes.map((c) => [c.item.id, c.item.date]), [['p1', '20250215']]);
  });

  it('pulls a year or a month as rows with their revisions, tombstones only when asked', async () => {
    const year = (await op(household, TOKEN, { op: 'pull', year: 2024 })).json;
    assert.deepEqual(year.rows.map((r) => [r.item.id, r.revision]), [['i1', 3]]);
    const withDeleted = (await op(household, TOKEN, { op: 'pull', year: 2024, month: 12, includeDeleted: true })).json;
    assert.deepEqual(withDeleted.rows.map((r) => [r.item.id, r.deleted]), [['i1', false], ['i2', true]]);
    assert.equal(year.revision, 10);
  });

  it('gives items the app posts a revision too, so since sees them', async () => {
    await postItems(household, [item('app1', '20250301', 'アプリ', 500)], TOKEN);
    const since = (await op(household, TOKEN, { op: 'since', revision: 10 })).json;
    assert.deepEqual(since.changes.map((c) => [c.revision, c.item.id]), [[11, 'app1']]);
  });

  it('stamps a row edited by hand with a new revision (the onEdit trigger)', async () => {
    const sheet = household.workbook.values('2025-03');
    const row = sheet.findIndex((r) => r[5] === 'app1') + 1;
    await household.edit('2025-03', row, 3, [550]);
    const since = (await op(household, TOKEN, { op: 'since', revision: 11 })).json;
    assert.deepEqual(since.changes.map((c) => [c.revision, c.item.id, c.item.price]), [[12, 'app1', 550]]);
    const stale = await changes(household, [update('h1', 11, item('app1', '20250301', 'アプリ', 600))]);
    assert.equal(stale.results[0].status, 'conflict', 'a change based on the version before the hand edit is refused');
    await household.edit('2025-03', row, 8, ['TRUE']);
    const deleted = (await op(household, TOKEN, { op: 'since', revision: 12 })).json;
    assert.deepEqual(deleted.changes.map((c) => [c.item.id, c.deleted]), [['app1', true]]);
    assert.ok(household.workbook.struckThrough('2025-03', row));
  });

  it('reads an update of a row typed by hand (no revision) as based on revision 0', async () => {
    household.workbook.type('2025-04', 1, 1, ['日付 Date', '品名 Name', '金額 Price', '分類 Category', '小分類 Subcategory', 'ID']);
    household.workbook.type('2025-04', 2, 1, ['2025/04/01', '手書き', '100', '1', '', 'hand']);
    const pulled = (await op(household, TOKEN, { op: 'pull', year: 2025, month: 4 })).json;
    assert.deepEqual(pulled.rows.map((r) => [r.item.id, r.revision, r.item.date]), [['hand', 0, '20250401']]);
    const answer = await changes(household, [update('h2', 0, item('hand', '20250401', '手書き', 120, 1))]);
    assert.equal(answer.results[0].status, 'applied');
    assert.equal(answer.results[0].row.item.price, 120);
  });

  it('refuses bad envelopes as errors', async () => {
    const codes = [];
    for (const body of [{ op: 'changes' }, { op: 'changes', changes: Array(2001).fill(create('x', item('x', '20250101', 'x', 1))) },
      { op: 'changes', changes: [], since: -1 }, { op: 'since' }, { op: 'since', revision: -1 }, { op: 'since', revision: 0, limit: 0 }, { op: 'pull', year: '2024' }, { op: 'fly' }]) {
      codes.push((await op(household, TOKEN, body)).json.error.code);
    }
    codes.push((await call(household.url, { method: 'POST', body: JSON.stringify({ protocol: 2, token: TOKEN, op: 'since', revision: 0 }) })).json.error.code);
    codes.push((await op(household, 'wrong', { op: 'since', revision: 0 })).json.error.code);
    assert.deepEqual(codes, ['bad_request', 'too_large', 'bad_request', 'bad_request', 'bad_request', 'bad_request', 'bad_request', 'bad_request', 'unsupported_protocol', 'bad_token']);
  });
});

describe('a write request stopped midway (the 6-minute limit)', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('never hands a revision out twice, and since still finds the rows it wrote', async () => {
    await changes(household, [create('s1', item('s1', '20240101', '前', 1))]);
    // What a request that reserved revisions 2–20 and wrote one row before it was stopped leaves behind.
    household.workbook.setProperty('KAKEIBO_RESERVED', '20');
    household.workbook.type('2023-05', 2, 1, ['2023-05-01', '途中', 5, 1, '', 'half', 7, false, '']);
    const capabilities = (await op(household, TOKEN, { op: 'capabilities' })).json;
    assert.equal(capabilities.revision, 1, 'the public counter never shows a reservation');
    const since = (await op(household, TOKEN, { op: 'since', revision: 1 })).json;
    assert.deepEqual(since.changes.map((c) => [c.item.id, c.revision]), [['half', 7]]);
    assert.equal(since.through, 7);
    const next = await changes(household, [create('s2', item('s2', '20240102', '後', 2))]);
    assert.equal(next.results[0].revision, 21);
    assert.equal(household.workbook.getProperty('KAKEIBO_RESERVED'), '0', 'nothing reserved any more');
    assert.equal(JSON.parse(household.workbook.getProperty('KAKEIBO_MONTHS'))['2023-05'], 7, 'the months index was rebuilt');
    const later = (await op(household, TOKEN, { op: 'since', revision: 1 })).json;
    assert.deepEqual(later.changes.map((c) => c.revision), [7, 21]);
  });
});

describe('capabilities', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('says which service and protocol it is, whether the token is right, and the revision only to a right token', async () => {
    const right = (await op(household, TOKEN, { op: 'capabilities' })).json;
    assert.equal(right.ok, true);
    assert.equal(right.service, 'kakeibo-household');
    assert.equal(right.protocol, 1);
    assert.equal(right.token, 'ok');
    assert.equal(right.revision, 0);
    assert.deepEqual(right.operations, ['capabilities', 'since', 'pull', 'changes', 'settings']);
    const wrong = (await op(household, 'nope', { op: 'capabilities' })).json;
    assert.equal(wrong.token, 'wrong');
    assert.equal(wrong.revision, undefined);
    const get = (await call(withQuery(household.url, { op: 'capabilities' }))).json;
    assert.equal(get.token, 'missing');
    assert.equal(get.household, right.household);
  });
});

describe('the change log', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('looks up only the change ids a client says it may have sent before (retried), and keeps the log\'s end without asking', async () => {
    const sent = await changes(household, [create('r1', item('r9', '20230109', '茶', 150))], { retried: [] });
    assert.equal(sent.results[0].status, 'applied');
    household.resetStats();
    const retried = await changes(household, [create('r1', item('r9', '20230109', '茶', 150))], { retried: ['r1'] });
    assert.deepEqual(retried.results[0], sent.results[0], 'remembered: the same answer');
    assert.equal(retried.revision, sent.revision);
    const reads = household.stats().byRequest[0].methods;
    assert.ok(reads['Sheet.getLastRow'] >= 1, 'a retry reads the log');
    household.resetStats();
    const fresh = await changes(household, [create('r2', item('r8', '20230108', '茶', 160))], { retried: [] });
    assert.equal(fresh.results[0].status, 'applied');
    const methods = household.stats().byRequest[0].methods;
    assert.equal(methods['Sheet.getLastRow'], undefined, 'new changes: no log read, its end kept in the properties: ' + JSON.stringify(methods));
    const log = household.workbook.values('_changes').slice(1).map((row) => row[0]);
    assert.deepEqual(log.slice(-2), ['r1', 'r2'], 'appended after the last entry');
  });
});
