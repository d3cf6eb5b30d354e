'use strict';
// scripts/household-server: starts on an ephemeral port, writes the endpoint into the port file, serves until killed.

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, spawnSync } = require('child_process');
const { getMonth, op } = require('../harness/client');

const SCRIPT = path.join(__dirname, '..', '..', 'scripts', 'household-server');

/** Starts the server and resolves once the port file exists (the server writes it with a rename when listening). */
function start(args, env = {}, stdin = 'ignore') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-'));
  const portFile = path.join(dir, 'endpoint');
  const child = spawn(process.execPath, [SCRIPT, '--port-file', portFile, ...args], { env: { ...process.env, ...env }, stdio: [stdin, stdin === 'pipe' ? 'pipe' : 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  return new Promise((resolve, reject) => {
    const ready = () => {
      if (!fs.existsSync(portFile)) return;
      watcher.close();
      resolve({ child, dir, url: fs.readFileSync(portFile, 'utf8').trim(), stderr: () => stderr });
    };
    const watcher = fs.watch(dir, ready);
    child.once('exit', (code) => { watcher.close(); reject(new Error(`exited ${code}: ${stderr}`)); });
    ready();
  });
}

function stop(server) {
  return new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.once('exit', (code, signal) => { fs.rmSync(server.dir, { recursive: true, force: true }); resolve({ code, signal }); });
    server.child.kill('SIGTERM');
  });
}

describe('scripts/household-server', () => {
  it('writes the /exec URL into the port file and serves the script there until killed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'token-'));
    const tokenFile = path.join(dir, 'token');
    fs.writeFileSync(tokenFile, 'file-token\n');
    const server = await start(['--token-file', tokenFile]);
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/macros\/s\/[\w-]+\/exec$/);
      const household = { url: server.url };
      assert.deepEqual((await getMonth(household, 2024, 12, 'file-token')).json, []);
      assert.equal((await op(household, 'file-token', { op: 'capabilities' })).json.token, 'ok');
      const ps = fs.readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8');
      assert.ok(!ps.includes('file-token'), 'a token from a file is not on the command line');
    } finally {
      assert.deepEqual(await stop(server), { code: 0, signal: null });
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the token from --token or $KAKEIBO_SERVER_TOKEN', async () => {
    for (const [args, env] of [[['--token', 'arg-token'], {}], [[], { KAKEIBO_SERVER_TOKEN: 'arg-token' }]]) {
      const server = await start(args, env);
      try {
        assert.equal((await op({ url: server.url }, 'arg-token', { op: 'capabilities' })).json.token, 'ok');
      } finally {
        await stop(server);
      }
    }
  });

  it('is steered by JSON lines on stdin with --control, never shows the token, and exits when stdin closes', async () => {
    const server = await start(['--token', 'ctl-token', '--control'], {}, 'pipe');
    const lines = [];
    let waiting = null;
    server.child.stdout.setEncoding('utf8');
    let buffer = '';
    server.child.stdout.on('data', (chunk) => {
      buffer += chunk;
      let at;
      while ((at = buffer.indexOf('\n')) >= 0) {
        lines.push(JSON.parse(buffer.slice(0, at)));
        buffer = buffer.slice(at + 1);
        if (waiting) waiting();
      }
    });
    const send = (cmd) => new Promise((resolve) => {
      const before = lines.length;
      waiting = () => { if (lines.length > before) { waiting = null; resolve(lines[before]); } };
      server.child.stdin.write(JSON.stringify(cmd) + '\n');
    });
    const household = { url: server.url };
    assert.deepEqual(await send({ cmd: 'fail', how: 'status500', method: 'GET' }), { ok: true });
    assert.equal((await getMonth(household, 2024, 12, 'ctl-token')).status, 500);
    await op(household, 'ctl-token', { op: 'changes', changes: [{ changeId: 'k1', kind: 'create', item: { id: 'k1', date: '20241201', name: '茶', price: 150, category: 0 } }] });
    assert.deepEqual(await send({ cmd: 'type', sheet: '2024-12', row: 2, col: 3, values: [160] }), { ok: true });
    const state = await send({ cmd: 'state' });
    assert.equal(state.revision, 2, 'the typed fix got a revision from onEdit');
    assert.deepEqual(state.sheets['2024-12'][1].slice(0, 7), ['2024-12-01', '茶', 160, 0, '', 'k1', 2]);
    assert.ok(state.requests.some((r) => r.body.includes('[token]')));
    assert.ok(!JSON.stringify(state).includes('ctl-token'), 'the token never appears in the control answers');
    assert.deepEqual(await send({ cmd: 'wait', method: 'POST', count: 1 }), { ok: true });
    const stats = await send({ cmd: 'stats' });
    assert.equal(stats.requests, 2, 'the GET answered 500 and the POST');
    assert.deepEqual(stats.byRequest.map((r) => r.op), ['month', 'changes']);
    assert.equal(stats.byRequest[0].calls, 0, 'the 500 ran no script');
    assert.ok(stats.byRequest[1].calls > 0 && stats.calls === stats.byRequest[1].calls);
    assert.ok(stats.byRequest.every((r) => typeof r.ms === 'number'));
    assert.deepEqual(await send({ cmd: 'resetStats' }), { ok: true });
    assert.deepEqual(await send({ cmd: 'stats' }), { requests: 0, calls: 0, byRequest: [] });
    // The cost model set from the control channel: each of the capabilities' 2 calls then takes 30 ms.
    assert.deepEqual(await send({ cmd: 'latency', callMs: 30, requestMs: 0 }), { ok: true });
    await op(household, 'ctl-token', { op: 'capabilities' });
    const slow = (await send({ cmd: 'stats' })).byRequest[0];
    assert.ok(slow.ms >= slow.calls * 30, `${slow.calls} calls in ${slow.ms} ms`);
    assert.equal((await send({ cmd: 'latency', callMs: -1, requestMs: 0 })).ok, false);
    // An answer held until the control channel releases it: a test knows the client waits, without sleeping.
    assert.deepEqual(await send({ cmd: 'latency', callMs: 0, requestMs: 0 }), { ok: true });
    assert.deepEqual(await send({ cmd: 'fail', how: 'hold', method: 'POST' }), { ok: true });
    let answered = false;
    const held = op(household, 'ctl-token', { op: 'since', revision: 0 }).then((r) => { answered = true; return r; });
    assert.deepEqual(await send({ cmd: 'wait', method: 'POST', count: 2 }), { ok: true });
    assert.equal(answered, false, 'the answer waits for the release');
    assert.deepEqual(await send({ cmd: 'release' }), { ok: true });
    assert.equal((await held).json.ok, true);
    // A release sent before the answer is held lets it through when it comes.
    assert.deepEqual(await send({ cmd: 'release' }), { ok: true });
    assert.deepEqual(await send({ cmd: 'fail', how: 'hold', method: 'POST' }), { ok: true });
    assert.equal((await op(household, 'ctl-token', { op: 'since', revision: 0 })).json.ok, true);
    server.child.removeAllListeners('exit');
    const exited = new Promise((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.stdin.end();
    assert.equal(await exited, 0);
    fs.rmSync(server.dir, { recursive: true, force: true });
  });

  it('adds the modelled latency to each call and each request', async () => {
    const fast = await start(['--token', 'lat-token']);
    const slow = await start(['--token', 'lat-token', '--call-latency-ms', '20', '--request-latency-ms', '100']);
    try {
      const time = async (url) => {
        const started = Date.now();
        assert.equal((await op({ url }, 'lat-token', { op: 'capabilities' })).json.token, 'ok');
        return Date.now() - started;
      };
      await time(fast.url);
      // capabilities makes 2 calls: 2 × 20 ms + 100 ms at least, however loaded the machine (a lower bound only).
      const modelled = await time(slow.url);
      assert.ok(modelled >= 140, `modelled request took ${modelled} ms`);
    } finally {
      await stop(fast);
      await stop(slow);
    }
  });

  it('refuses bad arguments with exit 2 and one line on stderr', () => {
    for (const args of [[], ['--port-file'], ['--port-file', '/tmp/x', '--bogus', '1'], ['--port-file', '/tmp/x', '--token', 'has space'],
      ['--port-file', '/tmp/x', '--call-latency-ms', '-1'], ['--port-file', '/tmp/x', '--request-latency-ms', 'slow']]) {
      const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
      assert.equal(run.status, 2, args.join(' '));
      assert.match(run.stderr, /^household-server: /);
    }
  });
});
