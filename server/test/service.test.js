'use strict';
// The service around the script: the 302 to another host over real HTTP, and requests running at the same time.

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHousehold } = require('../harness/household');
const { request, call, getMonth, postItems, op, withQuery } = require('../harness/client');

const TOKEN = 'service-token';
const item = (id, date, price) => ({ id, date, name: `品 ${id}`, price, category: 1, categorySub: '' });

describe('the 302 dance', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  it('answers /exec with a 302 to another origin, whose GET gives the JSON', async () => {
    const first = await request(withQuery(household.url, { year: 2024, month: 12, token: TOKEN }));
    assert.equal(first.status, 302);
    const location = new URL(first.headers.location);
    assert.equal(location.hostname, '127.0.0.1');
    assert.notEqual(location.port, new URL(household.url).port, 'the answer is served by another origin');
    assert.equal(location.pathname, '/macros/echo');
    assert.ok(!first.headers.location.includes(TOKEN), 'the redirect does not carry the token');
    const answer = await request(first.headers.location);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(answer.text, '[]');
  });

  it('applies a POST on the first hop: the answer is fetched by GET; a POST to the echo host is refused', async () => {
    const first = await request(withQuery(household.url, { token: TOKEN }), { method: 'POST', body: JSON.stringify([item('p1', '20241201', 100)]) });
    assert.equal(first.status, 302);
    assert.equal((await getMonth(household, 2024, 12, TOKEN)).json.length, 1, 'stored before the answer is fetched');
    assert.equal((await request(first.headers.location, { method: 'POST', body: '[]' })).status, 405);
    const answer = await request(first.headers.location);
    assert.deepEqual(JSON.parse(answer.text).map((i) => i.id), ['p1']);
  });

  it('never shows the script a header: a token sent as Authorization is not seen', async () => {
    const url = withQuery(household.url, { year: 2024, month: 12 });
    const first = await request(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const answer = JSON.parse((await request(first.headers.location)).text);
    assert.equal(answer.error.code, 'bad_token');
    const body = JSON.stringify({ op: 'since', revision: 0, token: TOKEN });
    assert.equal((await call(household.url, { method: 'POST', body, contentType: 'text/plain' })).json.ok, true, 'the body is read whatever its type');
  });

  it('answers another path with 404 and another method with 405, as HTML', async () => {
    const notFound = await request(household.url.replace('/exec', '/dev'));
    assert.equal(notFound.status, 404);
    assert.match(notFound.headers['content-type'], /text\/html/);
    assert.equal((await request(household.url, { method: 'PUT', body: '{}' })).status, 405);
  });
});

describe('requests at the same time', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN, executions: 8 }); });
  after(() => household.stop());

  it('loses no write when many clients post at once: every item stored once, every revision distinct', async () => {
    const posts = [];
    for (let n = 0; n < 12; n++) {
      const items = [0, 1, 2, 3, 4].map((k) => item(`c${n}-${k}`, `2024120${1 + (k % 3)}`, n * 10 + k));
      if (n % 2 === 0) posts.push(postItems(household, items, TOKEN));
      else posts.push(op(household, TOKEN, { op: 'changes', changes: items.map((it) => ({ changeId: `ch-${it.id}`, kind: 'create', item: it })) }));
      posts.push(postItems(household, [item('shared', '20241215', 1)], TOKEN));
    }
    const answers = await Promise.all(posts);
    answers.forEach((answer) => assert.notEqual(answer.json.ok, false, answer.text));
    const since = (await op(household, TOKEN, { op: 'since', revision: 0 })).json;
    const ids = since.changes.map((c) => c.item.id);
    assert.equal(ids.length, 61);
    assert.equal(new Set(ids).size, 61, 'no id stored twice');
    const revisions = since.changes.map((c) => c.revision);
    assert.equal(new Set(revisions).size, 61, 'no revision handed out twice');
    assert.equal(since.revision, Math.max(...revisions));
    const month = (await getMonth(household, 2024, 12, TOKEN)).json;
    assert.equal(month.length, 61);
  });

  it('lets exactly one of several updates based on the same revision through; the others get a conflict', async () => {
    const base = (await op(household, TOKEN, { op: 'pull', year: 2024, month: 12 })).json.rows.find((r) => r.item.id === 'shared');
    const attempts = [1, 2, 3, 4, 5, 6].map((n) => op(household, TOKEN, {
      op: 'changes', changes: [{ changeId: `race-${n}`, kind: 'update', base: base.revision, item: { ...base.item, price: 1000 + n } }]
    }));
    const results = (await Promise.all(attempts)).map((a) => a.json.results[0]);
    const appliedOnes = results.filter((r) => r.status === 'applied');
    assert.equal(appliedOnes.length, 1);
    results.filter((r) => r.status !== 'applied').forEach((r) => {
      assert.equal(r.status, 'conflict');
      assert.deepEqual(r.row.item, appliedOnes[0].row.item, 'each conflict carries the version that won');
    });
    const month = (await getMonth(household, 2024, 12, TOKEN)).json;
    assert.equal(month.find((i) => i.id === 'shared').price, appliedOnes[0].row.item.price);
  });

  it('answers "busy" when the lock is not free within the wait, and writes nothing', async () => {
    const workbook = household.workbook;
    assert.equal(await workbook.acquire('another-execution', 0), true);
    const pending = op(household, TOKEN, { op: 'changes', changes: [{ changeId: 'blocked', kind: 'create', item: item('blocked', '20241201', 1) }] });
    await new Promise((resolve) => {
      const check = () => (workbook.lockWaiters.length > 0 ? resolve() : setImmediate(check));
      check();
    });
    assert.equal(workbook.lockWaiters[0].timeoutMs, 20000, 'the script waits a bounded time');
    workbook.expireWaits(); // the wait runs out now rather than in 20 s
    const answer = (await pending).json;
    workbook.release('another-execution');
    assert.equal(answer.ok, false);
    assert.equal(answer.error.code, 'busy');
    assert.equal((await getMonth(household, 2024, 12, TOKEN)).json.filter((i) => i.id === 'blocked').length, 0);
    const retried = (await op(household, TOKEN, { op: 'changes', changes: [{ changeId: 'blocked', kind: 'create', item: item('blocked', '20241201', 1) }] })).json;
    assert.equal(retried.results[0].status, 'applied', 'a change refused as busy was not logged: its retry applies');
  });
});

describe('faults the harness can inject', () => {
  let household;
  before(async () => { household = await startHousehold({ token: TOKEN }); });
  after(() => household.stop());

  const change = (changeId, id) => ({ op: 'changes', changes: [{ changeId, kind: 'create', item: item(id, '20240301', 5) }] });

  it('drops the connection after a POST ran: the change is kept, and its retry answers as the first time would have', async () => {
    household.fail({ how: 'drop', method: 'POST' });
    await assert.rejects(op(household, TOKEN, change('lost-1', 'lost')), /socket hang up|ECONNRESET/);
    const since = (await op(household, TOKEN, { op: 'since', revision: 0 })).json;
    assert.deepEqual(since.changes.map((c) => c.item.id), ['lost']);
    const retry = (await op(household, TOKEN, change('lost-1', 'lost'))).json;
    assert.deepEqual(retry.results.map((r) => [r.status, r.revision]), [['applied', 1]]);
  });

  it('answers 500, an HTML page, a truncated body, or nothing, only for the requests named', async () => {
    household.fail({ how: 'status500', method: 'GET', month: '2024-03' });
    household.fail({ how: 'html', method: 'GET', month: '2024-04' });
    household.fail({ how: 'truncated', method: 'GET', month: '2024-03' });
    household.fail({ how: 'drop', method: 'GET', month: '2024-05' });
    assert.equal((await getMonth(household, 2024, 4, TOKEN)).type, 'text/html; charset=utf-8');
    assert.equal((await getMonth(household, 2024, 3, TOKEN)).status, 500);
    const cut = await getMonth(household, 2024, 3, TOKEN);
    assert.equal(cut.json, undefined);
    assert.ok(cut.text.startsWith('[{"id":"lost"'));
    await assert.rejects(getMonth(household, 2024, 5, TOKEN), /socket hang up|ECONNRESET/);
    assert.equal((await getMonth(household, 2024, 3, TOKEN)).json.length, 1, 'each fault happens as often as asked, then no more');
    assert.deepEqual(household.faults.map((f) => f.times), [0, 0, 0, 0, 0]);
  });

  it('tells when requests have arrived, without sleeping to guess', async () => {
    household.fail({ how: 'delay', method: 'GET', seconds: 0 });
    const count = household.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/exec')).length;
    const arrived = household.waitFor('GET', count + 1);
    const answer = getMonth(household, 2024, 3, TOKEN);
    assert.equal(await arrived, true);
    assert.equal((await answer).json.length, 1);
  });
});
