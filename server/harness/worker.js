'use strict';
// One Apps Script "execution" thread: runs server/Code.gs, unmodified, in a vm context that provides the services it
// uses. Every call to SpreadsheetApp, PropertiesService or LockService is a synchronous round trip to the main
// thread's Workbook (Atomics.wait until it answers), so scripts in several workers interleave as on the real service.

const { parentPort, workerData, receiveMessageOnPort } = require('worker_threads');
const fs = require('fs');
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
  return adopt(reply.message.result);
}

function range(sheet, row, col, rows = 1, cols = 1) {
  const args = [sheet.id, row, col, rows, cols];
  return {
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
  };
}

function sheetObject(info) {
  if (!info) return null;
  const sheet = {
    getName: () => info.name,
    getSheetId: () => info.id,
    getRange: (row, col, rows, cols) => {
      if (typeof row !== 'number') throw new ContextError('The harness supports getRange(row, column, numRows, numColumns) only');
      return range(info, row, col, rows === undefined ? 1 : rows, cols === undefined ? 1 : cols);
    },
    getLastRow: () => rpc('getLastRow', info.id),
    getLastColumn: () => rpc('getLastColumn', info.id),
    getMaxRows: () => rpc('getMaxRows', info.id),
    insertRowsAfter: (after, count) => { rpc('insertRowsAfter', info.id, after, count); return sheet; },
    getDataRange: () => range(info, 1, 1, Math.max(1, rpc('getLastRow', info.id)), Math.max(1, rpc('getLastColumn', info.id))),
    appendRow: (values) => { rpc('appendRow', info.id, values); return sheet; },
    deleteRow: (row) => { rpc('deleteRows', info.id, row, 1); return sheet; },
    deleteRows: (row, count) => { rpc('deleteRows', info.id, row, count); return sheet; },
    hideColumns: (col, count) => { rpc('hideColumns', info.id, col, count === undefined ? 1 : count); },
    setFrozenRows: (rows) => { rpc('setFrozenRows', info.id, rows); },
    hideSheet: () => { rpc('hideSheet', info.id); return sheet; }
  };
  return sheet;
}

const spreadsheet = {
  getSheets: () => rpc('getSheets').map(sheetObject),
  getSheetByName: (name) => sheetObject(rpc('getSheetByName', name)),
  insertSheet: (name, index) => sheetObject(rpc('insertSheet', name, index)),
  getSpreadsheetTimeZone: () => rpc('timeZone')
};

const properties = {
  getProperty: (key) => rpc('getProperty', key),
  setProperty: (key, value) => { rpc('setProperty', key, value); return properties; },
  setProperties: (values) => { rpc('setProperties', Object.assign({}, values)); return properties; },
  deleteProperty: (key) => { rpc('deleteProperty', key); return properties; },
  getProperties: () => rpc('getProperties')
};

const lock = {
  tryLock: (ms) => rpc('tryLock', ms),
  waitLock: (ms) => {
    if (!rpc('tryLock', ms)) throw new ContextError('Lock timeout: another process was holding the lock for too long.');
  },
  releaseLock: () => { rpc('releaseLock'); },
  hasLock: () => rpc('hasLock')
};

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

Object.assign(context, {
  SpreadsheetApp: {
    getActive: () => spreadsheet,
    getActiveSpreadsheet: () => spreadsheet,
    openById: () => spreadsheet,
    flush: () => {}
  },
  PropertiesService: { getScriptProperties: () => properties },
  LockService: { getScriptLock: () => lock },
  ContentService: {
    createTextOutput: textOutput,
    MimeType: { JSON: 'application/json', TEXT: 'text/plain', JAVASCRIPT: 'application/javascript', CSV: 'text/csv' }
  },
  Utilities: {
    getUuid: () => crypto.randomUUID(),
    formatDate: (date, tz, pattern) => formatDate(new Date(date.getTime()), tz, pattern)
  },
  Logger: { log },
  console: { log, info: log, warn: log, error: log }
});

vm.runInContext(fs.readFileSync(scriptPath, 'utf8'), context, { filename: 'Code.gs' });

parentPort.on('message', ({ fn, event, eventKind }) => {
  logs.length = 0;
  try {
    if (typeof context[fn] !== 'function') {
      parentPort.postMessage({ missing: fn });
      return;
    }
    let argument = event === undefined ? undefined : contextJSON.parse(JSON.stringify(event));
    if (eventKind === 'edit') {
      const sheet = spreadsheet.getSheetByName(event.sheet);
      argument = { range: sheet.getRange(event.row, event.col, event.rows, event.cols), value: event.value };
    }
    const result = context[fn](argument);
    const output = result && typeof result.getContent === 'function'
      ? { content: result.getContent(), mimeType: result.getMimeType() }
      : { value: result === undefined ? null : JSON.parse(JSON.stringify(result)) };
    parentPort.postMessage({ output, logs: logs.slice() });
  } catch (error) {
    parentPort.postMessage({ thrown: error && error.message ? error.message : String(error), logs: logs.slice() });
  }
});
