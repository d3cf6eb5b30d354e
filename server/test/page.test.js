'use strict';
// The household's phone page (server/Page.html, issue 40) as Code.gs and the harness serve it: what the browser may
// call (the allow-list), setup and rotateToken as web calls, the outer page and its sandboxed frame, and the page's
// two calls — the month as `kakeibo month` counts it, and writes through the change protocol, applied once.
// scripts/test-page drives the page itself in a real browser.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { startHousehold } = require('../harness/household');
const { request, op, getMonth } = require('../harness/client');

const TOKEN = 'page-token';
/** Every function of Code.gs that google.script.run may name: nothing else may lack the trailing _. */
const CALLABLE = ['doGet', 'doPost', 'onEdit', 'pageMonth', 'pageSave', 'rotateToken', 'setup'];
const PAGE = path.join(__dirname, '..', 'Page.html');

const milk = (id, date = '20241203') => ({ id, date, name: '牛乳', price: 198, category: 0, categorySub: '', member: 'ken' });

/** A google.script.run call as the page's outer frame relays it. */
async function run(household, name, ...args) {
  const answer = await request(household.url.replace(/\/exec$/, '/callback'), { method: 'POST', body: JSON.stringify({ name, args }) });
  assert.equal(answer.status, 200, answer.text);
  return JSON.parse(answer.text);
}

async function value(household, name, ...args) {
  const answer = await run(household, name, ...args);
  assert.equal(answer.ok, true, JSON.stringify(answer));
  return answer.value;
}

describe('what the browser may call', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('is the allow-list: every other top-level function of Code.gs ends in _', async () => {
    const functions = (await household.run('__functions')).output.value;
    assert.deepEqual(functions.filter((name) => !name.endsWith('_')).sort(), CALLABLE);
    assert.ok(functions.length > 90, 'the script\'s own functions are all seen');
    assert.deepEqual(household.callable.slice().sort(), CALLABLE, 'google.script.run in the frame offers only these');
  });

  it('refuses names ending in _, names that are not the script\'s top-level functions, and nonsense', async () => {
    for (const name of ['newToken_', 'checkToken_', 'Book_', 'Object', 'Function', 'constructor', 'toString', 'eval',
      'SpreadsheetApp', 'IdIndex_.existing', 'LIMITS', 'nothing', '']) {
      const answer = await run(household, name);
      assert.equal(answer.ok, false, name);
      assert.match(answer.error.message, /Script function not found|expected/, name);
    }
  });

  it('setup and rotateToken refuse a web call, return nothing and leave the token as it was', async () => {
    for (const name of ['setup', 'rotateToken']) {
      const answer = await run(household, name);
      assert.equal(answer.ok, false);
      assert.match(answer.error.message, /only from the Apps Script editor/);
      assert.ok(!JSON.stringify(answer).includes(TOKEN));
      assert.equal(household.workbook.getProperty('KAKEIBO_TOKEN'), TOKEN);
    }
    assert.equal((await household.run('setup')).output.value, null, 'from the editor it runs, and returns nothing');
    assert.equal(household.workbook.getProperty('KAKEIBO_TOKEN'), TOKEN);
  });

  it('gives the entry points nothing a wrong or missing token could use', async () => {
    const answer = await value(household, 'doPost', { postData: { contents: JSON.stringify({ protocol: 1, op: 'pull', year: 2024, token: 'wrong' }) } });
    assert.equal(answer, null, 'a TextOutput is no value google.script.run can return');
    assert.equal((await run(household, 'onEdit', { range: { getSheet: 1 } })).ok, false);
    assert.equal(household.workbook.getProperty('KAKEIBO_REVISION'), null);
  });
});

describe('the page as served', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('answers a plain GET with an outer page whose sandboxed frame, on the second host, holds Page.html', async () => {
    for (const url of [household.url, `${household.url}?hl=en`]) {
      const outer = await request(url);
      assert.equal(outer.status, 200);
      assert.match(outer.headers['content-type'], /^text\/html/);
      assert.match(outer.text, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
      assert.match(outer.text, /<meta name="apple-mobile-web-app-capable" content="yes">/);
      const frame = /<iframe[^>]*sandbox="([^"]+)"[^>]*src="([^"]+)"/.exec(outer.text);
      assert.ok(frame, 'a sandboxed iframe');
      assert.match(frame[1], /allow-scripts/);
      const src = new URL(frame[2].replace(/&amp;/g, '&'));
      assert.equal(src.origin, household.echoOrigin);
      assert.notEqual(src.origin, new URL(household.url).origin);
      const panel = await request(src.toString());
      assert.equal(panel.status, 200);
      assert.match(panel.text, /window\.google = \{/);
      assert.ok(panel.text.includes('<label for="name" id="nameLabel">品名</label>'));
    }
  });

  it('is under 100 KB and loads nothing from another origin', () => {
    const page = fs.readFileSync(PAGE, 'utf8');
    assert.ok(Buffer.byteLength(page) < 100 * 1024, `${Buffer.byteLength(page)} bytes`);
    assert.doesNotMatch(page, /<script[^>]+src=|<link[^>]+href=|<img[^>]+src=|@import|url\(|fetch\(|XMLHttpRequest|import\(/i);
    const urls = page.match(/https?:\/\/[^'" )]+/g) || [];
    assert.deepEqual(urls, ['http://www.w3.org/2000/svg'], 'only the SVG namespace, which is no request');
  });

  it('leaves the app\'s GET of a month and kakeibo\'s POSTs as they were', async () => {
    assert.deepEqual((await getMonth(household, 2024, 12, TOKEN)).json, []);
    assert.equal((await op(household, TOKEN, { op: 'capabilities' })).json.token, 'ok');
  });
});

describe('the page\'s calls', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('refuses a wrong token in both calls and writes nothing', async () => {
    const month = await value(household, 'pageMonth', { token: 'wrong', year: 2024, month: 12 });
    assert.deepEqual([month.ok, month.error.code], [false, 'bad_token']);
    const saved = await value(household, 'pageSave', { token: 'wrong', year: 2024, month: 12, changes: [{ changeId: 'w1', kind: 'create', item: milk('w1') }] });
    assert.deepEqual([saved.ok, saved.error.code], [false, 'bad_token']);
    assert.equal(household.workbook.getProperty('KAKEIBO_REVISION'), null);
    assert.equal(household.workbook.sheets.filter((s) => s.name === '2024-12').length, 0);
  });

  it('writes through the change protocol: the member kept, a resent change applied once, kakeibo sees it', async () => {
    const change = { changeId: 'page-1', kind: 'create', item: milk('p1') };
    const first = await value(household, 'pageSave', { token: TOKEN, year: 2024, month: 12, changes: [change] });
    assert.equal(first.results[0].status, 'applied');
    assert.deepEqual(first.items.map((r) => [r.item.name, r.item.price, r.item.member]), [['牛乳', 198, 'ken']]);
    const again = await value(household, 'pageSave', { token: TOKEN, year: 2024, month: 12, changes: [change] });
    assert.deepEqual(again.results[0], first.results[0], 'the same answer, from the change log');
    assert.equal(again.items.length, 1);
    // The call ran, but its answer never reached the page (the connection dropped): the outbox sends it again.
    household.fail({ how: 'drop', method: 'RUN', times: 1 });
    const lost = { changeId: 'page-2', kind: 'create', item: milk('p2', '20241204') };
    await assert.rejects(request(household.url.replace(/\/exec$/, '/callback'), { method: 'POST', body: JSON.stringify({ name: 'pageSave', args: [{ token: TOKEN, year: 2024, month: 12, changes: [lost] }] }) }));
    const resent = await value(household, 'pageSave', { token: TOKEN, year: 2024, month: 12, changes: [lost] });
    assert.equal(resent.items.length, 2, 'applied once');
    const since = await op(household, TOKEN, { op: 'since', revision: 0 });
    assert.deepEqual(since.json.changes.map((r) => [r.item.id, r.item.member]), [['p1', 'ken'], ['p2', 'ken']]);
  });

  it('edits and deletes based on the row\'s revision, and refuses a stale one', async () => {
    const month = await value(household, 'pageMonth', { token: TOKEN, year: 2024, month: 12 });
    const row = month.items.find((r) => r.item.id === 'p1');
    const edited = await value(household, 'pageSave', { token: TOKEN, year: 2024, month: 12, changes: [
      { changeId: 'page-3', kind: 'update', id: 'p1', base: row.revision, item: { ...row.item, price: 210 } }] });
    assert.equal(edited.results[0].status, 'applied');
    const stale = await value(household, 'pageSave', { token: TOKEN, year: 2024, month: 12, changes: [
      { changeId: 'page-4', kind: 'delete', id: 'p1', base: row.revision }] });
    assert.equal(stale.results[0].status, 'conflict');
    const gone = await value(household, 'pageSave', { token: TOKEN, year: 2024, month: 12, changes: [
      { changeId: 'page-5', kind: 'delete', id: 'p1', base: edited.results[0].revision }] });
    assert.equal(gone.results[0].status, 'applied');
    assert.deepEqual(gone.items.map((r) => r.item.id), ['p2']);
  });

  it('shows the month as kakeibo month counts it: transfers and merged lines out, from the month-start day', async () => {
    const item = (id, date, name, price, extra = {}) => ({ id, date, name, price, category: 0, categorySub: '', ...extra });
    const answer = await op(household, TOKEN, { op: 'changes', changes: [
      { changeId: 'k1', kind: 'create', item: item('k1', '20250110', 'スーパー', 2146) },
      { changeId: 'k2', kind: 'create', item: item('k2', '20250110', 'スーパー(カード明細)', 2146, { merged: 'k1' }) },
      { changeId: 'k3', kind: 'create', item: item('k3', '20250127', 'カード引落', 50000, { payment: 'ゆうちょ銀行', transfer: '楽天カード' }) },
      { changeId: 'k4', kind: 'create', item: item('k4', '20250126', '米', 2000) },
      { changeId: 'k5', kind: 'create', item: item('k5', '20250224', 'パン', 300) },
      { changeId: 'k6', kind: 'create', item: item('k6', '20250225', '卵', 250) }] });
    assert.ok(answer.json.results.every((r) => r.status === 'applied'), answer.text);
    const january = await value(household, 'pageMonth', { token: TOKEN, year: 2025, month: 1 });
    assert.deepEqual(january.items.map((r) => r.item.id).sort(), ['k1', 'k4']);
    const settings = await op(household, TOKEN, { op: 'settings', changes: [{ key: 'month-start', base: 0, value: '25' }] });
    assert.equal(settings.json.results[0].status, 'applied');
    const payday = await value(household, 'pageMonth', { token: TOKEN, year: 2025, month: 1 });
    assert.deepEqual([payday.first, payday.last, payday.settings['month-start']], ['20250125', '20250224', 25]);
    assert.deepEqual(payday.items.map((r) => r.item.id).sort(), ['k4', 'k5'], 'from two sheets, by date');
  });
});
