'use strict';
// The app's protocol, unchanged: GET ?year&month answers the month's items; POST of an array registers them.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { getMonth, postItems, call, withQuery } = require('../harness/client');

const TOKEN = 'test-token-0123456789';
const milk = { id: 'a1', date: '20241203', name: '牛乳', price: 178, category: 0, categorySub: 1 };
const bread = { id: 'a2', date: '2024-12-05', name: 'パン', price: 240, category: 0 };

describe('the app protocol', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('registers posted items and answers them; a GET of the month gives them back, "" for an empty cell', async () => {
    const posted = await postItems(household, [milk, bread], TOKEN);
    assert.equal(posted.status, 200);
    assert.match(posted.type, /^application\/json/);
    const expected = [milk, { id: 'a2', date: '20241205', name: 'パン', price: 240, category: 0, categorySub: '' }];
    assert.deepEqual(posted.json, expected);
    const month = await getMonth(household, 2024, 12, TOKEN);
    assert.deepEqual(month.json, expected);
    assert.deepEqual(household.workbook.values('2024-12')[2].slice(0, 6), ['2024-12-05', 'パン', 240, 0, '', 'a2']);
  });

  it('takes the month with or without a leading zero, and answers [] for a month with no sheet', async () => {
    assert.equal((await getMonth(household, 2024, '012'.slice(1), TOKEN)).json.length, 2);
    assert.deepEqual((await getMonth(household, 2023, 1, TOKEN)).json, []);
  });

  it('never appends an id it already holds, and still lists it in the answer', async () => {
    const again = await postItems(household, [milk, { ...milk, price: 999 }], TOKEN);
    assert.deepEqual(again.json, [milk, milk]);
    const rows = household.workbook.values('2024-12').slice(1).filter((row) => row[5] === 'a1');
    assert.equal(rows.length, 1);
  });

  it('keeps text as text: an id with leading zeros and a name that looks like a formula', async () => {
    const odd = { id: '00123', date: '20241207', name: '=SUM(A1)', price: 1, category: 2, categorySub: '' };
    await postItems(household, [odd], TOKEN);
    const month = await getMonth(household, 2024, 12, TOKEN);
    assert.deepEqual(month.json.find((item) => item.id === '00123'), odd);
  });

  it('never appends twice an id that is also a name JavaScript objects inherit ("constructor", "__proto__")', async () => {
    const odd = ['constructor', '__proto__', 'toString'].map((id) => ({ id, date: '20241208', name: id, price: 1, category: 0, categorySub: '' }));
    await postItems(household, odd, TOKEN);
    await postItems(household, odd, TOKEN);
    const ids = (await getMonth(household, 2024, 12, TOKEN)).json.map((i) => i.id).filter((id) => odd.some((o) => o.id === id));
    assert.deepEqual(ids, ['constructor', '__proto__', 'toString']);
  });

  it('refuses a batch with an invalid item and writes none of it', async () => {
    const before = household.workbook.values('2024-12').length;
    const answer = await postItems(household, [{ ...milk, id: 'fresh' }, { ...milk, id: 'bad', date: '20241232' }], TOKEN);
    assert.equal(answer.json.ok, false);
    assert.equal(answer.json.error.code, 'bad_request');
    assert.match(answer.json.error.message, /item \[1\]/);
    assert.equal(household.workbook.values('2024-12').length, before);
  });

  it('answers rows typed by hand as the sheet has them: a date typed as a Date, price 0, no name, duplicates, no id', async () => {
    const wb = household.workbook;
    wb.type('2024-11', 1, 1, ['日付 Date', '品名 Name', '金額 Price', '分類 Category', '小分類 Subcategory', 'ID']);
    wb.type('2024-11', 2, 1, ['2024/11/05', 'コーヒー', '1,178', '0', '', 'h1']);
    wb.type('2024-11', 3, 1, ['2024/11/06', '', '0', '1', '', 'h2']);
    wb.type('2024-11', 4, 1, ['2024/11/07', '重複', '100', '1', '2', 'h3']);
    wb.type('2024-11', 5, 1, ['2024/11/07', '重複', '100', '1', '2', 'h3']);
    wb.type('2024-11', 6, 1, ['2024/11/08', 'IDなし', '50', '1', '', '']);
    wb.type('2024-11', 7, 1, ['', '', '', '', '', '']);
    wb.type('2024-11', 8, 1, ['11月9日', 'へんな日付', 'たくさん', '1', '', '00777']);
    const typed = wb.values('2024-11')[1][0];
    assert.ok(typed instanceof Date, 'a date typed into a cell reads back as a Date');
    assert.equal(typed.toISOString(), '2024-11-04T15:00:00.000Z', 'midnight in Tokyo');
    const month = await getMonth(household, 2024, 11, TOKEN);
    assert.deepEqual(month.json, [
      { id: 'h1', date: '20241105', name: 'コーヒー', price: 1178, category: 0, categorySub: '' },
      { id: 'h2', date: '20241106', name: '', price: 0, category: 1, categorySub: '' },
      { id: 'h3', date: '20241107', name: '重複', price: 100, category: 1, categorySub: 2 },
      { id: 'h3', date: '20241107', name: '重複', price: 100, category: 1, categorySub: 2 },
      { id: '', date: '20241108', name: 'IDなし', price: 50, category: 1, categorySub: '' },
      { id: '777', date: '11月9日', name: 'へんな日付', price: 'たくさん', category: 1, categorySub: '' }
    ]);
  });

  it('keeps month sheets in calendar order', async () => {
    await postItems(household, [{ ...milk, id: 'oct', date: '20241001' }, { ...milk, id: 'jan', date: '20250101' }], TOKEN);
    const months = household.workbook.sheets.map((s) => s.name).filter((name) => /^\d{4}-\d{2}$/.test(name));
    // 2024-11 was made by hand (above) after 2024-12, and stays where the person put it.
    assert.deepEqual(months, ['2024-10', '2024-12', '2024-11', '2025-01']);
  });

  it('does not append an id that was typed by hand in another month', async () => {
    const answer = await postItems(household, [{ id: 'h1', date: '20241215', name: 'x', price: 1, category: 0 }], TOKEN);
    assert.equal(answer.json[0].date, '20241105');
    assert.equal(household.workbook.values('2024-12').slice(1).filter((row) => row[5] === 'h1').length, 0);
  });
});

describe('the token and malformed requests', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  const refused = async (answer, code) => {
    assert.equal(answer.status, 200);
    assert.equal(answer.json.ok, false);
    assert.equal(answer.json.service, 'kakeibo-household');
    assert.equal(answer.json.protocol, 1);
    assert.equal(answer.json.error.code, code);
    assert.ok(!answer.text.includes(TOKEN), 'the token is never echoed');
  };

  it('refuses a GET or POST without the token, or with a wrong one, and writes nothing', async () => {
    await refused(await getMonth(household, 2024, 12), 'bad_token');
    await refused(await getMonth(household, 2024, 12, TOKEN + 'x'), 'bad_token');
    await refused(await getMonth(household, 2024, 12, TOKEN.slice(0, -1)), 'bad_token');
    await refused(await postItems(household, [milk], 'wrong'), 'bad_token');
    await refused(await postItems(household, [milk]), 'bad_token');
    assert.equal(household.workbook.values('2024-12'), null);
  });

  it('takes the token from the path after /exec, where the app keeps it (its GET replaces the query)', async () => {
    const app = `${household.url}/${TOKEN}`;
    const january = { ...milk, id: 'path-1', date: '20250105' };
    const posted = await call(app, { method: 'POST', body: JSON.stringify([january]) });
    assert.deepEqual(posted.json, [january]);
    assert.deepEqual((await call(withQuery(app, { month: 1, year: 2025 }))).json, [january]);
    await refused(await call(withQuery(`${household.url}/wrong`, { year: 2025, month: 1 })), 'bad_token');
    await refused(await call(`${household.url}/wrong`, { method: 'POST', body: JSON.stringify([january]) }), 'bad_token');
    assert.equal(household.workbook.values('2025-01').length, 2, 'the header and the one row');
  });

  it('answers a wrong method, a missing or broken body and a bad month with an error object', async () => {
    await refused(await call(withQuery(household.url, { op: 'changes', token: TOKEN })), 'wrong_method');
    await refused(await call(`${household.url}/${TOKEN}`), 'bad_request'); // a plain GET is the page (page.test.js)
    await refused(await call(withQuery(household.url, { token: TOKEN }), { method: 'POST', body: '' }), 'bad_request');
    await refused(await call(withQuery(household.url, { token: TOKEN }), { method: 'POST', body: '{"op":' }), 'bad_request');
    await refused(await call(withQuery(household.url, { token: TOKEN }), { method: 'POST', body: '"items"' }), 'bad_request');
    await refused(await getMonth(household, 2024, 13, TOKEN), 'bad_request');
    await refused(await getMonth(household, 24, 1, TOKEN), 'bad_request');
  });

  it('refuses everything but capabilities until setup() has set a token', async () => {
    const fresh = await startHousehold();
    try {
      await refused(await getMonth(fresh, 2024, 12, 'anything'), 'not_configured');
      const capabilities = await call(withQuery(fresh.url, { op: 'capabilities' }));
      assert.equal(capabilities.json.token, 'not_configured');
      const setup = await fresh.run('setup');
      const token = fresh.workbook.getProperty('KAKEIBO_TOKEN');
      assert.match(token, /^[0-9a-f]{64}$/);
      assert.equal(setup.output.value, null, 'setup returns nothing: a google.script.run caller would get what it returns');
      assert.ok(setup.logs.join('\n').includes(token), 'setup prints the token for the household to copy');
      assert.deepEqual((await getMonth(fresh, 2024, 12, token)).json, []);
      await fresh.run('setup');
      assert.equal(fresh.workbook.getProperty('KAKEIBO_TOKEN'), token, 'running setup again keeps the token');
      assert.equal((await fresh.run('rotateToken')).output.value, null);
      assert.notEqual(fresh.workbook.getProperty('KAKEIBO_TOKEN'), token);
    } finally {
      await fresh.stop();
    }
  });
});
