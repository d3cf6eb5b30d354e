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
function start(args, env = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-'));
  const portFile = path.join(dir, 'endpoint');
  const child = spawn(process.execPath, [SCRIPT, '--port-file', portFile, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
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

  it('refuses bad arguments with exit 2 and one line on stderr', () => {
    for (const args of [[], ['--port-file'], ['--port-file', '/tmp/x', '--bogus', '1'], ['--port-file', '/tmp/x', '--token', 'has space']]) {
      const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
      assert.equal(run.status, 2, args.join(' '));
      assert.match(run.stderr, /^household-server: /);
    }
  });
});
