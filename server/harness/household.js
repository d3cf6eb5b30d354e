'use strict';
// The household server as Google serves it, on this machine: server/Code.gs (unmodified) run by a pool of worker
// threads over one Workbook, behind HTTP the way a deployed web app answers.
//
//   GET|POST http://127.0.0.1:P/macros/s/<deployment>/exec[/path]?query
//        runs doGet/doPost, keeps the output, and answers 302 to the echo host (a second listener, another port)
//   GET  http://127.0.0.1:Q/macros/echo?user_content_key=K   the output, with its content type (a POST there: 405)
//
// An exception the script does not catch is answered as the service does: 200 with an HTML error page.

const http = require('http');
const path = require('path');
const crypto = require('crypto');
const { Worker, MessageChannel } = require('worker_threads');
const { Workbook } = require('./workbook');
const { outerPage, panelPage } = require('./page-host');

const SCRIPT = path.join(__dirname, '..', 'Code.gs');
const MIME = { 'application/json': 'application/json; charset=utf-8', 'text/plain': 'text/plain; charset=utf-8', 'text/html': 'text/html; charset=utf-8' };

class Execution {
  constructor(workbook, scriptPath, number) {
    const channel = new MessageChannel();
    this.flag = new Int32Array(new SharedArrayBuffer(4));
    this.port = channel.port1;
    this.number = number;
    this.holder = null;
    this.worker = new Worker(path.join(__dirname, 'worker.js'), {
      workerData: { port: channel.port2, flag: this.flag.buffer, scriptPath },
      transferList: [channel.port2]
    });
    this.worker.unref();
    this.port.unref();
    this.port.on('message', async ({ method, args }) => {
      let reply;
      try {
        reply = { result: await workbook.call(method, args, this.holder) };
      } catch (error) {
        reply = { error: error.message };
      }
      this.port.postMessage(reply);
      Atomics.store(this.flag, 0, 1);
      Atomics.notify(this.flag, 0);
    });
  }

  run(fn, event, eventKind, holder, costModel, extra = {}) {
    this.holder = holder;
    return new Promise((resolve, reject) => {
      const onError = (error) => reject(error);
      this.worker.once('error', onError);
      this.worker.once('message', (message) => {
        this.worker.off('error', onError);
        resolve(message);
      });
      this.worker.postMessage({ fn, event, eventKind, costModel, ...extra });
    });
  }
}

class Household {
  /**
   * @param {object} options
   * @param {string} [options.token]  the shared token, as if set by setup() or in Project Settings
   * @param {number} [options.executions]  how many scripts may run at once (the service allows 30)
   * @param {number} [options.callLatencyMs]  how long each call into a service takes (the cost model; 0: none)
   * @param {number} [options.requestLatencyMs]  what each request to /exec costs besides its calls (0: nothing)
   */
  constructor({ token, executions = 6, scriptPath = SCRIPT, timeZone = 'Asia/Tokyo', callLatencyMs = 0, requestLatencyMs = 0 } = {}) {
    this.callLatencyMs = callLatencyMs;
    this.requestLatencyMs = requestLatencyMs;
    this.resetStats();
    this.workbook = new Workbook({ timeZone });
    if (token !== undefined) this.workbook.setProperty('KAKEIBO_TOKEN', token);
    this.idle = [];
    this.queue = [];
    this.executions = [];
    for (let i = 0; i < executions; i++) {
      const execution = new Execution(this.workbook, scriptPath, i);
      this.executions.push(execution);
      this.idle.push(execution);
    }
    this.runs = 0;
    this.outputs = new Map();
    this.requests = []; // {method, path, query, host, contentType, body}
    this.arrivals = []; // [{method, count, resolve}] waiting for requests to /exec
    this.faults = []; // [{how, method, month, times, seconds}]
    this.holding = []; // answers held (fault `hold`), each waiting for a release
    this.released = 0; // releases sent before their answer was held
    this.deployment = 'AKfycb-kakeibo-harness';
  }

  /**
   * Makes the next `times` requests of `method` (to /exec; GETs optionally only for `month`, "2024-03") fail `how`:
   *   status500  500 text/plain, the script not run
   *   html       the script not run; the answer is an HTML error page (what a broken deployment shows)
   *   truncated  the script runs; the answer is cut in half
   *   drop       GET: the connection is closed, the script not run; POST: the script runs (its writes are kept),
   *              then the connection is closed with no answer
   *   delay      the answer comes `seconds` later (after the script ran)
   *   hold       the answer comes when `release` says (after the script ran): a client is known to wait for it
   *   stop       the script is ended at its call number `afterCalls` + 1 (as the service ends one that runs too long):
   *              that call and every later one fail, `finally` blocks included; the answer is the service's error page
   */
  fail(fault) {
    const hows = ['status500', 'html', 'truncated', 'drop', 'delay', 'hold', 'stop'];
    if (!hows.includes(fault.how)) throw new Error(`unknown fault ${JSON.stringify(fault.how)} (expected ${hows.join(', ')})`);
    this.faults.push({ method: 'GET', times: 1, seconds: 3, afterCalls: 20, ...fault });
  }

  takeFault(method, month) {
    const fault = this.faults.find((f) => f.method === method && f.times > 0 && (!f.month || f.month === month));
    if (!fault) return null;
    fault.times -= 1;
    return fault;
  }

  /** Waits until `release` lets this answer go (at once when a release came first). */
  hold() {
    if (this.released > 0) {
      this.released -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.holding.push(resolve));
  }

  /** Lets the oldest held answer go, or the next one to be held. */
  release() {
    const next = this.holding.shift();
    if (next) next();
    else this.released += 1;
  }

  /** Resolves once `count` requests of `method` have reached /exec (a client is known to be mid-request). */
  waitFor(method, count) {
    const arrived = () => this.requests.filter((r) => r.method === method && r.path.endsWith('/exec')).length >= count;
    if (arrived()) return Promise.resolve(true);
    return new Promise((resolve) => this.arrivals.push({ arrived, resolve }));
  }

  /** What requests have cost since the start or the last resetStats: {requests, calls, byRequest: [{op, calls, ms, …}]}. */
  stats() {
    return { requests: this.costs.length, calls: this.costs.reduce((sum, c) => sum + c.calls, 0), byRequest: this.costs.slice() };
  }

  resetStats() {
    this.costs = [];
  }

  /** Runs a script function (doGet, doPost, setup, onEdit…) in the next free execution; resolves its result. */
  async run(fn, event, eventKind, stopAfter = null, extra = {}) {
    const execution = this.idle.pop() || await new Promise((resolve) => this.queue.push(resolve));
    const holder = `run-${++this.runs}`;
    try {
      return await execution.run(fn, event, eventKind, holder, { callLatencyMs: this.callLatencyMs, stopAfter }, extra);
    } finally {
      this.workbook.release(holder); // a lock is released when the script ends, as on the real service
      const next = this.queue.shift();
      if (next) next(execution);
      else this.idle.push(execution);
    }
  }

  /** Types values into a sheet as a person would, then fires the onEdit simple trigger as Sheets does. */
  async edit(sheet, row, col, values) {
    this.workbook.type(sheet, row, col, values);
    return this.run('onEdit', { sheet, row, col, rows: 1, cols: values.length, value: values[0] }, 'edit');
  }

  async start() {
    this.echo = http.createServer((req, res) => this.serveEcho(req, res));
    this.exec = http.createServer((req, res) => this.serveExec(req, res).catch((error) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`harness failure: ${error.message}`);
    }));
    await Promise.all([listen(this.echo), listen(this.exec)]);
    this.url = `http://127.0.0.1:${this.exec.address().port}/macros/s/${this.deployment}/exec`;
    this.echoOrigin = `http://127.0.0.1:${this.echo.address().port}`;
    this.execOrigin = `http://127.0.0.1:${this.exec.address().port}`;
    // google.script.run has a method for each of the script's top-level functions whose name doesn't end in _.
    this.callable = (await this.run('__functions')).output.value.filter((name) => !name.endsWith('_'));
    return this;
  }

  async stop() {
    await Promise.all([this.echo, this.exec].filter(Boolean).map((server) => new Promise((resolve) => {
      server.close(() => resolve());
      if (server.closeAllConnections) server.closeAllConnections();
    })));
    await Promise.all(this.executions.map((e) => e.worker.terminate()));
  }

  async serveExec(req, res) {
    const started = Date.now();
    const url = new URL(req.url, 'http://127.0.0.1');
    const body = await readBody(req);
    const contentType = req.headers['content-type'] || '';
    this.requests.push({ method: req.method, path: url.pathname, query: url.search.slice(1), host: req.headers.host, contentType, body: body.toString('utf8'), authorization: req.headers.authorization || '' });
    this.arrivals = this.arrivals.filter((waiter) => (waiter.arrived() ? (waiter.resolve(true), false) : true));
    const prefix = `/macros/s/${this.deployment}/exec`;
    if (url.pathname === `/macros/s/${this.deployment}/callback` && req.method === 'POST') return this.serveCallback(res, body, started);
    if (url.pathname !== prefix && !url.pathname.startsWith(prefix + '/')) return page(res, 404, 'Not Found', 'Sorry, unable to open the file at this time.');
    if (req.method !== 'GET' && req.method !== 'POST') return page(res, 405, 'Error', 'Method not allowed');
    const event = eventObject(url, req.method, body, contentType, url.pathname.slice(prefix.length + 1));
    const fn = req.method === 'GET' ? 'doGet' : 'doPost';
    const year = url.searchParams.get('year');
    const month = url.searchParams.get('month');
    const fault = this.takeFault(req.method, year && month ? `${year}-${String(month).padStart(2, '0')}` : null);
    const cost = { op: opOf(req.method, url, body), calls: 0, ms: 0 };
    this.costs.push(cost);
    if (this.requestLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.requestLatencyMs));
    if (fault && fault.how === 'status500') return page(res, 500, 'Error', 'Internal Server Error');
    if (fault && fault.how === 'html') return this.redirect(res, { content: '<!DOCTYPE html><html><head><title>Error</title></head><body>Script function not found: doGet</body></html>', mimeType: 'text/html' });
    if (fault && fault.how === 'drop' && req.method === 'GET') return req.socket.destroy();
    const result = await this.run(fn, event, undefined, fault && fault.how === 'stop' ? fault.afterCalls : null);
    Object.assign(cost, { calls: result.cost.calls, ms: Date.now() - started, cellsRead: result.cost.cellsRead, cellsWritten: result.cost.cellsWritten, methods: result.cost.methods });
    if (fault && fault.how === 'drop') return req.socket.destroy();
    if (fault && fault.how === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.seconds * 1000));
    if (fault && fault.how === 'hold') await this.hold();
    if (result.missing) return page(res, 200, 'Error', `Script function not found: ${fn}`);
    if (result.output && result.output.metaTags !== undefined) return this.servePage(res, result.output);
    if (result.thrown !== undefined) return page(res, 200, 'Error', `Error: ${escapeHTML(result.thrown)}`);
    if (!result.output || result.output.content === undefined) return page(res, 200, 'Error', 'The script completed but did not return anything.');
    const output = fault && fault.how === 'truncated'
      ? { ...result.output, content: result.output.content.slice(0, Math.floor(result.output.content.length / 2)) }
      : result.output;
    return this.redirect(res, output);
  }

  /** Keeps the output and sends the client to fetch it from the echo host, as the service does. */
  redirect(res, output) {
    const key = crypto.randomBytes(24).toString('base64url');
    this.outputs.set(key, output);
    if (this.outputs.size > 1000) this.outputs.delete(this.outputs.keys().next().value);
    const location = `${this.echoOrigin}/macros/echo?user_content_key=${key}&lib=harness`;
    res.writeHead(302, { 'Content-Type': 'text/html; charset=UTF-8', Location: location, 'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate' });
    res.end(`<HTML><HEAD><TITLE>Moved Temporarily</TITLE></HEAD><BODY><H1>Moved Temporarily</H1>The document has moved <A HREF="${location}">here</A>.</BODY></HTML>`);
  }

  /**
   * What doGet's HtmlService output is served as: an outer page on the /exec host whose sandboxed iframe, on the echo
   * host (another origin, as googleusercontent.com is), holds the output. The outer page carries the title and the two
   * meta tags HtmlService honours, and relays the frame's google.script calls (see page-host.js).
   */
  servePage(res, output) {
    const key = crypto.randomBytes(24).toString('base64url');
    this.outputs.set(key, output);
    if (this.outputs.size > 1000) this.outputs.delete(this.outputs.keys().next().value);
    const html = outerPage({
      title: output.title || '',
      metaTags: output.metaTags.filter((tag) => ['viewport', 'apple-mobile-web-app-capable'].includes(tag.name)),
      frame: `${this.echoOrigin}/userCodeAppPanel?user_content_key=${key}`,
      panelOrigin: this.echoOrigin,
      callback: `/macros/s/${this.deployment}/callback`
    });
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html), 'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate' });
    res.end(html);
  }

  /**
   * A google.script.run call relayed by the outer page: POST {name, args}. Runs the function in an execution, as a
   * web call, at the cost model (the request's latency, then each call's); refuses, as Google does, a name that is not
   * one of the script's top-level functions or ends in _. Answers {ok, value} or {ok: false, error: {name, message}}.
   */
  async serveCallback(res, body, started) {
    let call;
    try {
      call = JSON.parse(body.toString('utf8'));
    } catch (error) {
      call = null;
    }
    const answer = (value) => {
      const text = JSON.stringify(value);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    };
    if (!call || typeof call.name !== 'string' || !Array.isArray(call.args)) {
      return answer({ ok: false, error: { name: 'ScriptError', message: 'expected {"name": …, "args": […]}' } });
    }
    const cost = { op: `run:${call.name.slice(0, 40)}`, calls: 0, ms: 0 };
    this.costs.push(cost);
    const fault = this.takeFault('RUN', null);
    if (this.requestLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.requestLatencyMs));
    if (fault && fault.how === 'status500') {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      return res.end('Internal Server Error');
    }
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(call.name) || call.name.endsWith('_') || !this.callable.includes(call.name)) {
      return answer({ ok: false, error: { name: 'ScriptError', message: `Script function not found: ${call.name.slice(0, 60)}` } });
    }
    const result = await this.run(call.name, undefined, undefined, null, { args: call.args, web: true });
    Object.assign(cost, { calls: result.cost.calls, ms: Date.now() - started, cellsRead: result.cost.cellsRead, cellsWritten: result.cost.cellsWritten, methods: result.cost.methods });
    if (fault && fault.how === 'drop') return res.socket.destroy(); // the script ran; its answer never arrives
    if (fault && fault.how === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.seconds * 1000));
    if (result.missing) return answer({ ok: false, error: { name: 'ScriptError', message: `Script function not found: ${call.name}` } });
    if (result.thrown !== undefined) return answer({ ok: false, error: { name: 'ScriptError', message: result.thrown } });
    return answer({ ok: true, value: result.output.value === undefined ? null : result.output.value });
  }

  serveEcho(req, res) {
    const url = new URL(req.url, 'http://127.0.0.1');
    req.resume();
    this.requests.push({ method: req.method, path: url.pathname, query: url.search.slice(1), host: req.headers.host, contentType: req.headers['content-type'] || '', body: '' });
    if (url.pathname === '/userCodeAppPanel' && req.method === 'GET') {
      const output = this.outputs.get(url.searchParams.get('user_content_key') || '');
      if (!output || output.metaTags === undefined) return page(res, 404, 'Error', 'Sorry, the file you have requested does not exist.');
      const html = panelPage(output.content, { parentOrigin: this.execOrigin, functions: this.callable });
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
      return res.end(html);
    }
    if (url.pathname !== '/macros/echo') return page(res, 404, 'Not Found', 'Not Found');
    if (req.method !== 'GET') return page(res, 405, 'Error 405 (Method Not Allowed)', 'Method Not Allowed');
    const output = this.outputs.get(url.searchParams.get('user_content_key') || '');
    if (!output) return page(res, 404, 'Error', 'Sorry, the file you have requested does not exist.');
    const type = MIME[output.mimeType] || output.mimeType;
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(output.content) });
    res.end(output.content);
  }
}

/** What a request asks, as the stats name it: the change protocol's op, "month" (the app's GET), "items" (its POST). */
function opOf(method, url, body) {
  if (method === 'GET') return url.searchParams.get('op') || (url.searchParams.has('year') ? 'month' : 'GET');
  try {
    const parsed = JSON.parse(body.toString('utf8'));
    if (Array.isArray(parsed)) return 'items';
    if (parsed && typeof parsed.op === 'string') return parsed.op.slice(0, 40);
  } catch (error) {
    // not JSON: named by its method
  }
  return 'POST';
}

/** The `e` of doGet/doPost as Apps Script builds it. */
function eventObject(url, method, body, contentType, pathInfo) {
  const parameters = {};
  const add = (params) => params.forEach((value, name) => { (parameters[name] = parameters[name] || []).push(value); });
  add(url.searchParams);
  if (method === 'POST' && contentType.startsWith('application/x-www-form-urlencoded')) add(new URLSearchParams(body.toString('utf8')));
  const parameter = {};
  Object.keys(parameters).forEach((name) => { parameter[name] = parameters[name][0]; });
  const event = {
    queryString: url.search ? url.search.slice(1) : null,
    parameter,
    parameters,
    contextPath: '',
    contentLength: method === 'POST' ? body.length : -1
  };
  if (pathInfo) event.pathInfo = pathInfo;
  if (method === 'POST') {
    event.postData = { length: body.length, type: contentType.split(';')[0].trim() || 'application/octet-stream', contents: body.toString('utf8'), name: 'postData' };
  }
  return event;
}

function listen(server) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function page(res, status, title, text) {
  const html = `<!DOCTYPE html><html><head><title>${title}</title></head><body><div>${text}</div></body></html>`;
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
  res.end(html);
}

function escapeHTML(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

async function startHousehold(options) {
  return new Household(options).start();
}

module.exports = { Household, startHousehold };
