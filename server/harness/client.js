'use strict';
// A small HTTP client for the tests: one request, or the whole dance a household client does (the request to /exec,
// then a GET of the 302's Location, as browsers and curl -L do for a 302 after a POST).

const http = require('http');

function request(url, { method = 'GET', body, contentType = 'application/json', headers: extra = {} } = {}) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const headers = { ...extra };
    if (body !== undefined) {
      headers['Content-Type'] = contentType;
      headers['Content-Length'] = Buffer.byteLength(body);
    }
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Sends the request and follows the 302 with a GET; resolves {status, type, text, json, first}. */
async function call(url, options = {}) {
  const first = await request(url, options);
  let final = first;
  if (first.status === 302) final = await request(first.headers.location);
  let json;
  try {
    json = JSON.parse(final.text);
  } catch (error) {
    json = undefined;
  }
  return { status: final.status, type: final.headers['content-type'], text: final.text, json, first };
}

function withQuery(url, query) {
  const target = new URL(url);
  Object.keys(query).forEach((name) => target.searchParams.set(name, String(query[name])));
  return target.toString();
}

/** The app's GET of a month. */
function getMonth(household, year, month, token) {
  return call(withQuery(household.url, token === undefined ? { year, month } : { year, month, token }));
}

/** The app's POST of items. */
function postItems(household, items, token) {
  return call(token === undefined ? household.url : withQuery(household.url, { token }), { method: 'POST', body: JSON.stringify(items) });
}

/** A change-protocol request: POST {"protocol":1,"token":…,"op":…}. */
function op(household, token, body) {
  return call(household.url, { method: 'POST', body: JSON.stringify(Object.assign({ protocol: 1, token }, body)) });
}

module.exports = { request, call, withQuery, getMonth, postItems, op };
