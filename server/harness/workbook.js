'use strict';
// The spreadsheet, script properties and script lock that server/Code.gs sees, kept in the harness's main thread.
// Scripts run in worker threads and reach this model one call at a time (as each call to the real services is one
// request to Google), so two requests really do interleave unless the script holds the lock.
//
// Cells behave as a real sheet's: an empty cell reads back as "", numbers as numbers, booleans as booleans; text
// written or typed into a cell not formatted as text ("@") is read the way Sheets reads it ("178" becomes the
// number 178, "2024/12/05" a Date at midnight in the spreadsheet's time zone, "TRUE" a boolean); a leading
// apostrophe forces text; text starting with "=" is a formula (here every formula evaluates to "#ERROR!").

const { formatDate, midnight } = require('./time');

class ScriptError extends Error {}

class Workbook {
  constructor({ timeZone = 'Asia/Tokyo' } = {}) {
    this.timeZone = timeZone;
    this.sheets = []; // [{id, name, cells: [[{value, format}]], hidden: Set, frozen, sheetHidden, style: Map}]
    this.nextSheetId = 1;
    this.properties = new Map();
    this.lockHolder = null;
    this.lockWaiters = []; // [{holder, timeoutMs, grant, expire, timer}]
    this.insertSheet('Sheet1'); // a new spreadsheet's first sheet
  }

  // --- spreadsheet -------------------------------------------------------------------------------------------

  sheetInfo(sheet) {
    return { id: sheet.id, name: sheet.name };
  }

  sheetById(id) {
    const sheet = this.sheets.find((s) => s.id === id);
    if (!sheet) throw new ScriptError('The sheet was deleted.');
    return sheet;
  }

  sheetByName(name) {
    return this.sheets.find((s) => s.name === name) || null;
  }

  insertSheet(name, index) {
    if (this.sheetByName(name)) {
      throw new ScriptError(`A sheet with the name "${name}" already exists. Please enter another name.`);
    }
    // A new sheet has 1000 rows and 26 columns, as in Sheets; a range outside them is an error until rows are added.
    const sheet = { id: this.nextSheetId++, name, cells: [], maxRows: 1000, maxColumns: 26, hidden: new Set(), frozen: 0, sheetHidden: false, style: new Map() };
    if (index === undefined || index === null) this.sheets.push(sheet);
    else if (!Number.isInteger(index) || index < 0 || index > this.sheets.length) throw new ScriptError('The sheet index is out of range.');
    else this.sheets.splice(index, 0, sheet);
    return sheet;
  }

  lastRow(sheet) {
    for (let r = sheet.cells.length; r >= 1; r--) {
      if ((sheet.cells[r - 1] || []).some((cell) => cell && cell.value !== '')) return r;
    }
    return 0;
  }

  lastColumn(sheet) {
    let last = 0;
    sheet.cells.forEach((row) => {
      (row || []).forEach((cell, c) => {
        if (cell && cell.value !== '' && c + 1 > last) last = c + 1;
      });
    });
    return last;
  }

  cell(sheet, r, c) {
    while (sheet.cells.length < r) sheet.cells.push([]);
    const row = sheet.cells[r - 1];
    while (row.length < c) row.push({ value: '', format: '' });
    return row[c - 1];
  }

  peek(sheet, r, c) {
    const row = sheet.cells[r - 1];
    const cell = row && row[c - 1];
    return cell ? cell.value : '';
  }

  checkRange(sheet, r, c, nr, nc) {
    if (!(r >= 1) || !(c >= 1)) throw new ScriptError('Those rows are out of bounds.');
    if (!(nr >= 1)) throw new ScriptError('The number of rows in the range must be at least 1.');
    if (!(nc >= 1)) throw new ScriptError('The number of columns in the range must be at least 1.');
    if (r + nr - 1 > sheet.maxRows || c + nc - 1 > sheet.maxColumns) {
      throw new ScriptError('The coordinates of the range are outside the dimensions of the sheet.');
    }
  }

  getValues(sheet, r, c, nr, nc) {
    this.checkRange(sheet, r, c, nr, nc);
    const out = [];
    for (let i = 0; i < nr; i++) {
      const row = [];
      for (let j = 0; j < nc; j++) {
        const value = this.peek(sheet, r + i, c + j);
        row.push(value instanceof Date ? new Date(value.getTime()) : value);
      }
      out.push(row);
    }
    return out;
  }

  checkShape(values, nr, nc, what) {
    if (!Array.isArray(values) || values.length !== nr) {
      throw new ScriptError(`The number of rows in the ${what} does not match the number of rows in the range. ` +
        `The ${what} has ${Array.isArray(values) ? values.length : 0} but the range has ${nr}.`);
    }
    values.forEach((row) => {
      if (!Array.isArray(row) || row.length !== nc) {
        throw new ScriptError(`The number of columns in the ${what} does not match the number of columns in the range. ` +
          `The ${what} has ${Array.isArray(row) ? row.length : 0} but the range has ${nc}.`);
      }
    });
  }

  setValues(sheet, r, c, nr, nc, values) {
    this.checkRange(sheet, r, c, nr, nc);
    this.checkShape(values, nr, nc, 'data');
    for (let i = 0; i < nr; i++) {
      for (let j = 0; j < nc; j++) {
        const cell = this.cell(sheet, r + i, c + j);
        cell.value = this.entered(values[i][j], cell.format);
      }
    }
  }

  /** What a cell holds after a value is written or typed into it. */
  entered(value, format) {
    if (value === null || value === undefined) return '';
    if (value instanceof Date || Object.prototype.toString.call(value) === '[object Date]') return new Date(value.getTime());
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new ScriptError('Invalid number.');
      return value;
    }
    if (typeof value === 'boolean') return value;
    if (typeof value !== 'string') return String(value);
    if (value.startsWith("'")) return value.slice(1);
    if (value.startsWith('=')) return '#ERROR!';
    if (format === '@') return value;
    const text = value.trim();
    if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return Number(text.replace(/,/g, ''));
    if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
    const date = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
    if (date) return midnight(Number(date[1]), Number(date[2]), Number(date[3]), this.timeZone);
    return value;
  }

  setFormats(sheet, r, c, nr, nc, formats) {
    this.checkRange(sheet, r, c, nr, nc);
    this.checkShape(formats, nr, nc, 'formats');
    for (let i = 0; i < nr; i++) {
      for (let j = 0; j < nc; j++) this.cell(sheet, r + i, c + j).format = String(formats[i][j]);
    }
  }

  setStyle(sheet, r, c, nr, nc, key, value) {
    this.checkRange(sheet, r, c, nr, nc);
    for (let i = 0; i < nr; i++) for (let j = 0; j < nc; j++) sheet.style.set(`${r + i}:${c + j}:${key}`, value);
  }

  insertRowsAfter(sheet, after, n) {
    if (!(after >= 1) || after > sheet.maxRows || !(n >= 1)) throw new ScriptError('Those rows are out of bounds.');
    if (sheet.cells.length > after) sheet.cells.splice(after, 0, ...Array.from({ length: n }, () => []));
    sheet.maxRows += n;
  }

  insertColumnsAfter(sheet, after, n) {
    if (!(after >= 1) || after > sheet.maxColumns || !(n >= 1)) throw new ScriptError('Those columns are out of bounds.');
    sheet.cells.forEach((row) => { if (row && row.length > after) row.splice(after, 0, ...Array(n).fill(undefined)); });
    sheet.maxColumns += n;
  }

  deleteRows(sheet, r, n) {
    if (!(r >= 1) || !(n >= 1) || r + n - 1 > sheet.maxRows) throw new ScriptError('Those rows are out of bounds.');
    if (n >= sheet.maxRows - sheet.frozen) throw new ScriptError('Sorry, it is not possible to delete all non-frozen rows.');
    sheet.cells.splice(r - 1, n);
    sheet.maxRows -= n;
    const moved = new Map();
    sheet.style.forEach((value, key) => {
      const [row, col, name] = key.split(':');
      const at = Number(row);
      if (at < r) moved.set(key, value);
      else if (at >= r + n) moved.set(`${at - n}:${col}:${name}`, value);
    });
    sheet.style = moved;
  }

  // --- properties -------------------------------------------------------------------------------------------

  getProperty(key) {
    return this.properties.has(key) ? this.properties.get(key) : null;
  }

  setProperty(key, value) {
    const text = String(value);
    if (text.length > 9 * 1024) throw new ScriptError('Argument too large: value');
    this.properties.set(String(key), text);
  }

  // --- the script lock ---------------------------------------------------------------------------------------

  /** Resolves true once `holder` has the lock, or false after `timeoutMs`. */
  acquire(holder, timeoutMs) {
    if (this.lockHolder === null || this.lockHolder === holder) {
      this.lockHolder = holder;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter = { holder, timeoutMs };
      const settle = (granted) => {
        clearTimeout(waiter.timer);
        this.lockWaiters = this.lockWaiters.filter((w) => w !== waiter);
        resolve(granted);
      };
      waiter.grant = () => settle(true);
      waiter.expire = () => settle(false);
      waiter.timer = setTimeout(waiter.expire, Math.max(0, timeoutMs));
      this.lockWaiters.push(waiter);
    });
  }

  /** Ends every wait for the lock now, as if its timeout had run out (so a test need not wait 20 s). */
  expireWaits() {
    this.lockWaiters.slice().forEach((waiter) => waiter.expire());
  }

  release(holder) {
    if (this.lockHolder !== holder) return;
    const next = this.lockWaiters[0];
    this.lockHolder = next ? next.holder : null;
    if (next) next.grant();
  }

  // --- the calls a script makes, by name (see worker.js) -----------------------------------------------------

  call(method, args, holder) {
    const [id, r, c, nr, nc, extra] = args;
    switch (method) {
      case 'getSheets': return this.sheets.map((s) => this.sheetInfo(s));
      case 'getSheetByName': {
        const sheet = this.sheetByName(args[0]);
        return sheet ? this.sheetInfo(sheet) : null;
      }
      case 'getNumSheets': return this.sheets.length;
      case 'getIndex': return this.sheets.indexOf(this.sheetById(id)) + 1;
      case 'insertSheet': return this.sheetInfo(this.insertSheet(String(args[0]), args[1]));
      case 'timeZone': return this.timeZone;
      case 'getLastRow': return this.lastRow(this.sheetById(id));
      case 'getLastColumn': return this.lastColumn(this.sheetById(id));
      case 'getValues': return this.getValues(this.sheetById(id), r, c, nr, nc);
      case 'setValues': return this.setValues(this.sheetById(id), r, c, nr, nc, extra);
      case 'setNumberFormats': return this.setFormats(this.sheetById(id), r, c, nr, nc, extra);
      case 'setNumberFormat':
        return this.setFormats(this.sheetById(id), r, c, nr, nc, Array.from({ length: nr }, () => Array(nc).fill(extra)));
      case 'setFontLine': return this.setStyle(this.sheetById(id), r, c, nr, nc, 'line', extra);
      case 'setFontColor': return this.setStyle(this.sheetById(id), r, c, nr, nc, 'color', extra);
      case 'appendRow': {
        const sheet = this.sheetById(id);
        const values = args[1];
        const row = this.lastRow(sheet) + 1;
        sheet.maxRows = Math.max(sheet.maxRows, row);
        return this.setValues(sheet, row, 1, 1, values.length, [values]);
      }
      case 'getMaxRows': return this.sheetById(id).maxRows;
      case 'insertRowsAfter': return this.insertRowsAfter(this.sheetById(id), args[1], args[2]);
      case 'getMaxColumns': return this.sheetById(id).maxColumns;
      case 'insertColumnsAfter': return this.insertColumnsAfter(this.sheetById(id), args[1], args[2]);
      case 'deleteRows': return this.deleteRows(this.sheetById(id), args[1], args[2]);
      case 'hideColumns': {
        const sheet = this.sheetById(id);
        for (let i = 0; i < (args[2] || 1); i++) sheet.hidden.add(args[1] + i);
        return undefined;
      }
      case 'setFrozenRows': this.sheetById(id).frozen = args[1]; return undefined;
      case 'hideSheet': this.sheetById(id).sheetHidden = true; return undefined;
      case 'getProperty': return this.getProperty(args[0]);
      case 'setProperty': return this.setProperty(args[0], args[1]);
      case 'setProperties':
        Object.keys(args[0]).forEach((key) => this.setProperty(key, args[0][key]));
        return undefined;
      case 'deleteProperty': this.properties.delete(String(args[0])); return undefined;
      case 'getProperties': return Object.fromEntries(this.properties);
      case 'tryLock': return this.acquire(holder, args[0]);
      case 'releaseLock': return this.release(holder);
      case 'hasLock': return this.lockHolder === holder;
      default: throw new ScriptError(`The harness does not provide ${method}`);
    }
  }

  // --- for tests: look at the sheet, and change it as a person would ---------------------------------------

  /** A sheet's cells as getValues would give them (row 1 = headers), or null. */
  values(name) {
    const sheet = this.sheetByName(name);
    if (!sheet) return null;
    const rows = this.lastRow(sheet);
    const cols = Math.max(1, this.lastColumn(sheet));
    return rows === 0 ? [] : this.getValues(sheet, 1, 1, rows, cols);
  }

  /** Types values into a row (1-based) starting at column `col`, as a person would in the Sheets editor. */
  type(name, row, col, values) {
    const sheet = this.sheetByName(name) || this.insertSheet(name);
    sheet.maxRows = Math.max(sheet.maxRows, row);
    values.forEach((value, j) => {
      const cell = this.cell(sheet, row, col + j);
      cell.value = this.entered(value, cell.format);
    });
  }

  /** Removes a row as a person would (right click → Delete row). */
  removeRow(name, row) {
    this.deleteRows(this.sheetByName(name), row, 1);
  }

  struckThrough(name, row) {
    const sheet = this.sheetByName(name);
    return sheet.style.get(`${row}:1:line`) === 'line-through';
  }

  formatDate(date, tz, pattern) {
    return formatDate(date, tz, pattern);
  }
}

module.exports = { Workbook, ScriptError };
