'use strict';
// kakeibo's item tags pass through the server in both protocols (an optional "tags" array, like memo) and live in
// the sheet's "タグ Tags" column: found by its header from column O on, made after the last used column the first
// time a tagged item reaches a sheet, so a person's notes in O and beyond are never written over.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { getMonth, postItems, op } = require('../harness/client');

const TOKEN = 'test-token-0123456789';
const trip = { id: 't1', date: '20240810', name: '駅弁', price: 1200, category: 0, categorySub: '', tags: ['旅行', '帰省'] };
const plain = { id: 't2', date: '20240811', name: 'パン', price: 240, category: 0, categorySub: '' };

describe('item tags', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  const revisionOf = async (id, year, month) =>
    (await op(household, TOKEN, { op: 'pull', year, month })).json.rows.find((r) => r.item.id === id);

  it('keeps them in a tags column of their own, answers them back, and leaves untagged items as they were', async () => {
    const posted = await postItems(household, [trip, plain], TOKEN);
    assert.deepEqual(posted.json, [trip, plain]);
    assert.deepEqual((await getMonth(household, 2024, 8, TOKEN)).json, [trip, plain]);
    const rows = household.workbook.values('2024-08');
    assert.equal(rows[0][14], 'タグ Tags', 'a fresh sheet gets the column at O');
    assert.equal(rows.find((r) => r[5] === 't1')[14], '旅行 帰省');
    assert.ok(!rows.find((r) => r[5] === 't2')[14], 'an untagged item has an empty cell');
  });

  it('puts the column after a person\'s notes in a sheet that has none, never over them', async () => {
    await postItems(household, [{ ...plain, id: 'n1', date: '20240901' }], TOKEN);
    const noteRow = household.workbook.values('2024-09').findIndex((r) => r[5] === 'n1') + 1;
    await household.edit('2024-09', 1, 15, ['メモ欄']);
    await household.edit('2024-09', noteRow, 15, ['立替: 母の分']);
    await postItems(household, [{ ...trip, id: 'n2', date: '20240902' }], TOKEN);
    const rows = household.workbook.values('2024-09');
    assert.equal(rows[0][14], 'メモ欄');
    assert.equal(rows[0][15], 'タグ Tags');
    assert.equal(rows.find((r) => r[5] === 'n1')[14], '立替: 母の分', 'the note in O is untouched');
    assert.equal(rows.find((r) => r[5] === 'n2')[15], '旅行 帰省');
    const month = (await getMonth(household, 2024, 9, TOKEN)).json;
    assert.deepEqual(month.find((i) => i.id === 'n2').tags, ['旅行', '帰省']);
    assert.equal(month.find((i) => i.id === 'n1').tags, undefined, 'a note is not a tag');
  });

  it('takes a tag edit through the change protocol (added, removed), reports it with since, and applies a retry once', async () => {
    const held = await revisionOf('t1', 2024, 8);
    const update = { changeId: 'tag-1', kind: 'update', base: held.revision, item: { ...trip, tags: ['旅行', '医療'] } };
    const first = (await op(household, TOKEN, { op: 'changes', changes: [update] })).json;
    assert.equal(first.results[0].status, 'applied');
    assert.deepEqual(first.results[0].row.item.tags, ['旅行', '医療']);
    const again = (await op(household, TOKEN, { op: 'changes', changes: [update] })).json;
    assert.deepEqual(again.results[0], first.results[0], 'the same change id answers the first result');
    const since = (await op(household, TOKEN, { op: 'since', revision: held.revision })).json;
    assert.deepEqual(since.changes.find((c) => c.item.id === 't1').item.tags, ['旅行', '医療']);
    const untag = { changeId: 'tag-2', kind: 'update', base: first.results[0].revision, item: { ...trip, tags: [] } };
    assert.equal((await op(household, TOKEN, { op: 'changes', changes: [untag] })).json.results[0].status, 'applied');
    assert.equal(household.workbook.values('2024-08').find((r) => r[5] === 't1')[14], '', 'the cell is emptied');
    assert.equal((await revisionOf('t1', 2024, 8)).item.tags, undefined);
    const same = { changeId: 'tag-3', kind: 'update', base: (await revisionOf('t1', 2024, 8)).revision, item: { ...trip, tags: undefined } };
    delete same.item.tags;
    assert.equal((await op(household, TOKEN, { op: 'changes', changes: [same] })).json.results[0].status, 'unchanged',
      'no tags and an empty list are the same item');
  });

  it('keeps the tags of a row an update without "tags" changes (a kakeibo from before tags); [] takes them off', async () => {
    await postItems(household, [{ ...trip, id: 'o1', date: '20240815' }], TOKEN);
    const held = await revisionOf('o1', 2024, 8);
    const older = { ...trip, id: 'o1', date: '20240815', price: 1300 };
    delete older.tags;
    const answer = (await op(household, TOKEN, { op: 'changes', changes: [{ changeId: 'old-1', kind: 'update', base: held.revision, item: older }] })).json;
    assert.equal(answer.results[0].status, 'applied');
    assert.deepEqual(answer.results[0].row.item, { ...trip, id: 'o1', date: '20240815', price: 1300 }, 'the price changed, the tags stayed');
    const cleared = { changeId: 'new-1', kind: 'update', base: answer.results[0].revision, item: { ...older, tags: [] } };
    assert.equal((await op(household, TOKEN, { op: 'changes', changes: [cleared] })).json.results[0].row.item.tags, undefined);
  });

  it('gives a hand edit of the tags cell a new revision and reads # and 、 as people type them; a note edit gets none', async () => {
    const before = (await op(household, TOKEN, { op: 'capabilities' })).json.revision;
    const row = household.workbook.values('2024-08').findIndex((r) => r[5] === 't2') + 1;
    await household.edit('2024-08', row, 15, ['#旅行、＃帰省']);
    const afterTags = (await op(household, TOKEN, { op: 'capabilities' })).json.revision;
    assert.ok(afterTags > before, 'editing the tags column is a change of the item');
    assert.deepEqual((await revisionOf('t2', 2024, 8)).item.tags, ['旅行', '帰省']);
    await household.edit('2024-08', row, 16, ['ただのメモ']);
    assert.equal((await op(household, TOKEN, { op: 'capabilities' })).json.revision, afterTags, 'a note beside it is not');
  });

  it('refuses tags that are not a list of short words, and writes nothing of the batch', async () => {
    const before = household.workbook.values('2024-08').length;
    const bad = [{ tags: '旅行' }, { tags: [5] }, { tags: ['a b'] }, { tags: [''] }, { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      { tags: ['x'.repeat(41)] }, { tags: ['a\u0007'] }];
    for (const tags of bad) {
      const answer = await postItems(household, [{ ...plain, id: 'fresh' }, { ...plain, id: 'bad', ...tags }], TOKEN);
      assert.equal(answer.json.ok, false, JSON.stringify(tags));
      assert.equal(answer.json.error.code, 'bad_request');
      assert.match(answer.json.error.message, /tags/);
    }
    assert.equal(household.workbook.values('2024-08').length, before);
  });
});
