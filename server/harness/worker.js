'use strict';
// One Apps Script "execution" thread: runs server/Code.gs, unmodified, in a vm context that provides the services it
// uses. Every call to SpreadsheetApp, PropertiesService or LockService is a synchronous round trip to the main
// thread's Workbook (Atomics.wait until it answers), so scripts in several workers interleave as on the real service.
//
// The cost model: every call the script makes into SpreadsheetApp, a Spreadsheet, a Sheet, a Range,
// PropertiesService, the Properties, LockService or the Lock is counted (by method), and waits `callLatencyMs` when
// that is set, as each such call is a round trip to Google's storage on the real service. Utilities, ContentService
// and Logger run inside the execution there too, and are not counted. A run may be stopped after `stopAfter` calls:
// that call and every later one throw, as when the service ends an execution (6 minutes), and nothing after it is
// written — `finally` blocks included.

const { parentPort, workerData, receiveMessageOnPort } = require('worker_threads');
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const crypto = require('crypto');
const { formatDate } = require('./time');

const { port, flag: flagBuffer, scriptPath } = workerData;
const flag = new Int32Array(flagBuffer);
const context = vm.createContext({});
const ContextError = vm.runInContext('Error', context);
const ContextDate = vm.runInContext('Date', context);
const contextJSON = vm.runInContext('JSON', context);
const logs = [];
const pause = new Int32Array(new SharedArrayBuffer(4));
/** What the current run has cost so far, and how it is modelled (set for each run). */
let cost = { calls: 0, methods: {}, cellsRead: 0, cellsWritten: 0 };
let model = { callLatencyMs: 0, stopAfter: null };

function tick(name) {
  if (model.stopAfter !== null && cost.calls >= model.stopAfter) {
    throw new ContextError('Exceeded maximum execution time');
  }
  cost.calls += 1;
  cost.methods[name] = (cost.methods[name] || 0) + 1;
  if (model.callLatencyMs > 0) Atomics.wait(pause, 0, 0, model.callLatencyMs);
}

/** Makes every method of a service object a counted call (in place, so methods returning the object stay counted). */
function counted(kind, object) {
  Object.keys(object).forEach((key) => {
    const method = object[key];
    if (typeof method !== 'function') return;
    object[key] = (...args) => {
      tick(`${kind}.${key}`);
      return method(...args);
    };
  });
  return object;
}

/** Values from the main thread, with Dates made in the script's own realm (so `instanceof Date` holds there). */
function adopt(value) {
  if (value instanceof Date) return new ContextDate(value.getTime());
  if (Array.isArray(value)) return value.map(adopt);
  return value;
}

function rpc(method, ...args) {
  Atomics.store(flag, 0, 0);
  port.postMessage({ method, args });
  Atomics.wait(flag, 0, 0);
  let reply = receiveMessageOnPort(port);
  while (!reply) {
    Atomics.wait(flag, 0, 1, 1); // the reply is posted before the flag is raised; this only waits out its delivery
    reply = receiveMessageOnPort(port);
  }
  if (reply.message.error !== undefined) throw new ContextError(reply.message.error);
  if (method === 'getValues') cost.cellsRead += args[3] * args[4];
  if (method === 'setValues') cost.cellsWritten += args[3] * args[4];
  return adopt(reply.message.result);
}

function range(sheet, row, col, rows = 1, cols = 1) {
  const args = [sheet.id, row, col, rows, cols];
  return counted('Range', {
    getValues: () => rpc('getValues', ...args),
    getValue: () => rpc('getValues', sheet.id, row, col, 1, 1)[0][0],
    setValues: (values) => { rpc('setValues', ...args, values); return range(sheet, row, col, rows, cols); },
    setValue: (value) => { rpc('setValues', ...args, Array.from({ length: rows }, () => Array(cols).fill(value))); return range(sheet, row, col, rows, cols); },
    setNumberFormat: (format) => { rpc('setNumberFormat', ...args, format); return range(sheet, row, col, rows, cols); },
    setNumberFormats: (formats) => { rpc('setNumberFormats', ...args, formats); return range(sheet, row, col, rows, cols); },
    setFontLine: (line) => { rpc('setFontLine', ...args, line); return range(sheet, row, col, rows, cols); },
    setFontColor: (color) => { rpc('setFontColor', ...args, color); return range(sheet, row, col, rows, cols); },
    getRow: () => row,
    getColumn: () => col,
    getNumRows: () => rows,
    getNumColumns: () => cols,
    getLastRow: () => row + rows - 1,
    getSheet: () => sheetObject(sheet)
  });
}

function sheetObject(info) {
  if (!info) return null;
  const sheet = counted('Sheet', {
    getName: () => info.name,
    getIndex: () => rpc('getIndex', info.id),
    getSheetId: () => info.id,
    getRange: (row, col, rows, cols) => {
      if (typeof row !== 'number') throw new ContextError('The harness supports getRange(row, column, numRows, numColumns) only');
      return range(info, row, col, rows === undefined ? 1 : rows, cols === undefined ? 1 : cols);
    },
    getRangeList: (notations) => counted('RangeList', {
      getRanges: () => notations.map((notation) => {
        const cell = /^([A-Z]+)(\d+)$/.exec(String(notation));
        if (!cell) throw new ContextError('The harness supports range lists of single cells ("A12") only');
        const col = cell[1].split('').reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0);
        return range(info, Number(cell[2]), col, 1, 1);
      })
    }),
    getLastRow: () => rpc('getLastRow', info.id),
    getLastColumn: () => rpc('getLastColumn', info.id),
    getMaxRows: () => rpc('getMaxRows', info.id),
    insertRowsAfter: (after, count) => { rpc('insertRowsAfter', info.id, after, count); return sheet; },
    getMaxColumns: () => rpc('getMaxColumns', info.id),
    insertColumnsAfter: (after, count) => { rpc('insertColumnsAfter', info.id, after, count); return sheet; },
    getDataRange: () => range(info, 1, 1, Math.max(1, rpc('getLastRow', info.id)), Math.max(1, rpc('getLastColumn', info.id))),
    appendRow: (values) => { rpc('appendRow', info.id, values); return sheet; },
    deleteRow: (row) => { rpc('deleteRows', info.id, row, 1); return sheet; },
    deleteRows: (row, count) => { rpc('deleteRows', info.id, row, count); return sheet; },
    hideColumns: (col, count) => { rpc('hideColumns', info.id, col, count === undefined ? 1 : count); },
    setFrozenRows: (rows) => { rpc('setFrozenRows', info.id, rows); },
    hideSheet: () => { rpc('hideSheet', info.id); return sheet; }
  });
  return sheet;
}

const spreadsheet = counted('Spreadsheet', {
  getSheets: () => rpc('getSheets').map(sheetObject),
  getNumSheets: () => rpc('getNumSheets'),
  getSheetByName: (name) => sheetObject(rpc('getSheetByName', name)),
  insertSheet: (name, index) => sheetObject(rpc('insertSheet', name, index)),
  getSpreadsheetTimeZone: () => rpc('timeZone')
});

const properties = counted('Properties', {
  getProperty: (key) => rpc('getProperty', key),
  setProperty: (key, value) => { rpc('setProperty', key, value); return properties; },
  setProperties: (values) => { rpc('setProperties', Object.assign({}, values)); return properties; },
  deleteProperty: (key) => { rpc('deleteProperty', key); return properties; },
  getProperties: () => rpc('getProperties')
});

const lock = counted('Lock', {
  tryLock: (ms) => rpc('tryLock', ms),
  waitLock: (ms) => {
    if (!rpc('tryLock', ms)) throw new ContextError('Lock timeout: another process was holding the lock for too long.');
  },
  releaseLock: () => { rpc('releaseLock'); },
  hasLock: () => rpc('hasLock')
});

function textOutput(content) {
  const output = {
    content: String(content === undefined ? '' : content),
    mimeType: 'text/plain',
    getContent: () => output.content,
    setContent: (text) => { output.content = String(text); return output; },
    append: (text) => { output.content += String(text); return output; },
    getMimeType: () => output.mimeType,
    setMimeType: (type) => { output.mimeType = type; return output; }
  };
  return output;
}

const log = (...args) => { logs.push(args.map(String).join(' ')); };

/** HtmlService's output of a file of the project: server/<name>.html beside Code.gs, as the editor's HTML files are. */
function htmlOutput(content) {
  const output = {
    content: String(content),
    mimeType: 'text/html',
    title: '',
    metaTags: [],
    getContent: () => output.content,
    setContent: (text) => { output.content = String(text); return output; },
    append: (text) => { output.content += String(text); return output; },
    setTitle: (title) => { output.title = String(title); return output; },
    getTitle: () => output.title,
    addMetaTag: (name, value) => { output.metaTags.push({ name: String(name), content: String(value) }); return output; },
    setXFrameOptionsMode: () => output,
    setFaviconUrl: () => output,
    getMimeType: () => 'text/html'
  };
  return output;
}

/** Who runs the current call: the owner (the editor's Run, a trigger) or a caller of the web app (nobody signed in). */
let caller = 'owner';
const OWNER = 'owner@example.com';

Object.assign(context, {
  SpreadsheetApp: counted('SpreadsheetApp', {
    getActive: () => spreadsheet,
    getActiveSpreadsheet: () => spreadsheet,
    openById: () => spreadsheet,
    flush: () => {}
  }),
  PropertiesService: counted('PropertiesService', { getScriptProperties: () => properties }),
  LockService: counted('LockService', { getScriptLock: () => lock }),
  ContentService: {
    createTextOutput: textOutput,
    MimeType: { JSON: 'application/json', TEXT: 'text/plain', JAVASCRIPT: 'application/javascript', CSV: 'text/csv' }
  },
  Utilities: {
    getUuid: () => crypto.randomUUID(),
    formatDate: (date, tz, pattern) => formatDate(new Date(date.getTime()), tz, pattern)
  },
  HtmlService: {
    createHtmlOutputFromFile: (name) => {
      const file = path.join(path.dirname(scriptPath), `${String(name).replace(/\.html$/, '')}.html`);
      if (!/^[A-Za-z0-9_-]+$/.test(String(name).replace(/\.html$/, '')) || !fs.existsSync(file)) {
        throw new ContextError(`No HTML file named ${name} was found.`);
      }
      return htmlOutput(fs.readFileSync(file, 'utf8'));
    },
    createHtmlOutput: (html) => htmlOutput(html === undefined ? '' : html),
    XFrameOptionsMode: { ALLOWALL: 'ALLOWALL', DEFAULT: 'DEFAULT' }
  },
  Session: {
    getActiveUser: () => ({ getEmail: () => (caller === 'owner' ? OWNER : '') }),
    getEffectiveUser: () => ({ getEmail: () => OWNER })
  },
  Logger: { log },
  console: { log, info: log, warn: log, error: log }
});

const before = new Set(Object.keys(context));
vm.runInContext(fs.readFileSync(scriptPath, 'utf8'), context, { filename: 'Code.gs' });
/** The script's own top-level functions: what google.script.run may name (those not ending in _). */
const scriptFunctions = new Set(Object.keys(context).filter((key) => !before.has(key) && typeof context[key] === 'function'));

parentPort.on('message', ({ fn, event, eventKind, costModel, args, web }) => {
  logs.length = 0;
  cost = { calls: 0, methods: {}, cellsRead: 0, cellsWritten: 0 };
  model = { callLatencyMs: 0, stopAfter: null, ...costModel };
  caller = web ? 'web' : 'owner';
  try {
    if (fn === '__functions') {
      parentPort.postMessage({ output: { value: Array.from(scriptFunctions).sort() }, logs: [], cost });
      return;
    }
    // google.script.run reaches only the script's own top-level functions, and none whose name ends in _.
    if (typeof context[fn] !== 'function' || (web && (!scriptFunctions.has(fn) || fn.endsWith('_')))) {
      parentPort.postMessage({ missing: fn, cost });
      return;
    }
    let argument = event === undefined ? undefined : contextJSON.parse(JSON.stringify(event));
    if (eventKind === 'edit') {
      const sheet = spreadsheet.getSheetByName(event.sheet);
      argument = { range: sheet.getRange(event.row, event.col, event.rows, event.cols), value: event.value };
    }
    const result = args !== undefined
      ? context[fn](...contextJSON.parse(JSON.stringify(args)))
      : context[fn](argument);
    const output = result && typeof result.getContent === 'function'
      ? { content: result.getContent(), mimeType: result.getMimeType(), title: result.title, metaTags: result.metaTags }
      : { value: result === undefined ? null : JSON.parse(JSON.stringify(result)) };
    parentPort.postMessage({ output, logs: logs.slice(), cost });
  } catch (error) {
    parentPort.postMessage({ thrown: error && error.message ? error.message : String(error), logs: logs.slice(), cost });
  }
});
