/**
 * kakeibo household server: a Google Apps Script web app in front of this spreadsheet.
 *
 * Paste this whole file into Extensions → Apps Script (bound to the household's sheet), run `setup` once, and
 * deploy as a web app (Execute as: Me, Who has access: Anyone). docs/household-server.md walks through it;
 * docs/sync-protocol.md is the exact protocol.
 *
 * It speaks two protocols on one URL:
 *  - the app's: GET /exec/T?year=2024&month=12 (or ?token=T) answers the month's items as a JSON array; POST of a
 *    JSON array of items to /exec/T (or ?token=T) registers them (an id the sheet already holds is never appended again);
 *  - kakeibo's change protocol: POST {"protocol":1,"token":T,"op":…} for capabilities, since, pull and changes.
 *
 * The sheet stays readable: one sheet per month ("2024-12"), one row per item; three hidden columns hold each
 * row's revision, deleted flag and time of last change. Script properties hold the token, the revision counter
 * and which month last changed at which revision. A hidden sheet "_changes" remembers recent change ids so that a
 * retried change is applied once.
 */

var SERVICE = 'kakeibo-household';
var PROTOCOL = 1;
var SCRIPT_VERSION = '1.6.0';

var TOKEN_PROPERTY = 'KAKEIBO_TOKEN';
var HOUSEHOLD_PROPERTY = 'KAKEIBO_HOUSEHOLD';
var REVISION_PROPERTY = 'KAKEIBO_REVISION';
/** Set while a write request runs: the revisions it may hand out. Still set after it ends means it was stopped midway. */
var RESERVED_PROPERTY = 'KAKEIBO_RESERVED';
var MONTHS_PROPERTY = 'KAKEIBO_MONTHS';
/** How many sheets the spreadsheet had when the months and id indexes were last brought up to date. */
var SHEETS_PROPERTY = 'KAKEIBO_SHEETS';
/** The revision of the last change to a household setting: `since` answers it, so a client asks for them only then. */
var SETTINGS_PROPERTY = 'KAKEIBO_SETTINGS_REVISION';

/** How long a request waits for another one to finish writing before answering "busy". */
var LOCK_WAIT_MS = 20000;
/**
 * Changes (or the app's items) one request may carry, and of them the updates and deletes: a new item costs calls
 * per month it lands in, a row rewritten in place a few calls per run of rows. A client sends 500 until an answer
 * says more (older scripts take 500 of any kind); at the modelled 50 ms a call the worst request within these stays
 * well inside the 6 minutes an execution may run (docs/household-server.md, "Limits").
 */
var MAX_CHANGES = 2000;
var MAX_REWRITES = 500;
var MAX_ITEMS = 2000;
var SINCE_LIMIT = 2000;
/** The most revision spans a request may ask `since` to leave out (`skip`: the asking member's own writes). */
var MAX_SKIP = 100;
var CHANGE_LOG_SHEET = '_changes';
var CHANGE_LOG_KEEP = 5000;
/** The change log's last row after the last request that finished, so that a request of new changes asks no row count. */
var CHANGE_LOG_ROWS_PROPERTY = 'KAKEIBO_CHANGE_LOG_ROWS';
/** The id index (see the book): a hidden sheet of ID_BUCKETS cells; up to ID_BUCKET_READS of them are read one by one. */
var ID_INDEX_SHEET = '_ids';
var ID_BUCKETS = 1024;
var ID_BUCKET_READS = 8;
/** A cell holds at most 50,000 characters. */
var MAX_CELL_CHARS = 50000;
/** The household's settings (kakeibo's categories, budgets, fixed costs, split, month start), one row each. */
var SETTINGS_SHEET = '_settings';
var SETTING_KEY = /^[a-z][a-z0-9-]{0,39}$/;
var MAX_SETTINGS = 20;
/** A cell holds at most 50,000 characters. */
var MAX_SETTING_CHARS = 45000;
var TIME_ZONE = 'Asia/Tokyo';

var HEADERS = [
  '日付 Date', '品名 Name', '金額 Price', '分類 Category', '小分類 Subcategory', 'ID',
  '版 Revision', '削除 Deleted', '更新 Updated',
  '支払方法 Payment', 'お店 Shop', 'メモ Memo', 'メンバー Member', '個人 Personal'
];
var COL = {
  date: 1, name: 2, price: 3, category: 4, sub: 5, id: 6, revision: 7, deleted: 8, updated: 9,
  payment: 10, shop: 11, memo: 12, member: 13, personal: 14
};
var WIDTH = HEADERS.length;
/** The bookkeeping columns kept out of sight (revision, deleted, updated). */
var HIDDEN = 3;
/**
 * The one table of what syncs: every limit and normalisation of an item's text and date, kakeibo's at entry and the
 * server's. kakeibo's Sources/KakeiboValues/Text/SyncLimits.swift holds the same table, and its tests compare the two
 * (the text between the markers is JSON). Text is trimmed of "space" at both ends, put in NFC, refused with any
 * "control" character, and counted in code points. Code point ranges are [first, last].
 */
// LIMITS BEGIN
var LIMITS = {
  "unit": "code points after trimming and NFC",
  "space": [[9, 13], [32, 32], [133, 133], [160, 160], [5760, 5760], [8192, 8202], [8232, 8233], [8239, 8239], [8287, 8287], [12288, 12288], [65279, 65279]],
  "control": [[0, 31], [127, 159], [8232, 8233]],
  "lengths": {"id": [200, 200], "name": [30, 200], "payment": [30, 30], "shop": [30, 30], "memo": [100, 100], "member": [30, 30], "tag": [20, 40]},
  "tags": [10, 10],
  "price": [9999999999, 1000000000000],
  "reimbursed": [9999999999, 9999999999],
  "dates": ["1900-01-01", "2999-12-31"]
};
// LIMITS END
/** A length limit of the table: the server's (index 1). */
function maxLength_(field) { return LIMITS.lengths[field][1]; }
/** Text as it syncs: trimmed of the table's space, in NFC. */
function synced_(text) {
  var scalars = Array.from(text);
  var inSet = function (set, ch) { var c = ch.codePointAt(0); return set.some(function (r) { return c >= r[0] && c <= r[1]; }); };
  var start = 0;
  var end = scalars.length;
  while (start < end && inSet(LIMITS.space, scalars[start])) start++;
  while (end > start && inSet(LIMITS.space, scalars[end - 1])) end--;
  return scalars.slice(start, end).join('').normalize('NFC');
}
/** Whether text holds a character of the table's control set. */
function hasControl_(text) {
  return Array.from(text).some(function (ch) {
    var c = ch.codePointAt(0);
    return LIMITS.control.some(function (r) { return c >= r[0] && c <= r[1]; });
  });
}
/** Text's length as the table counts it. */
function codePoints_(text) { return Array.from(text).length; }
/** Optional text details of an item (kakeibo's payment, shop, memo, member), with their longest length. */
var DETAILS = { payment: maxLength_('payment'), shop: maxLength_('shop'), memo: maxLength_('memo'), member: maxLength_('member') };
/**
 * kakeibo's item tags live in the column whose header (row 1) is TAGS_HEADER, found from column O on: never at a fixed
 * place, since O and beyond are a person's own. A sheet gets the column (after its last used column, over nothing)
 * the first time a tagged item is written to it; a sheet without it holds no tags. The cell holds the tags separated
 * by spaces ("旅行 帰省"); read back, spaces, commas and 、 separate them and a leading # or ＃ is dropped.
 */
var TAGS_HEADER = 'タグ Tags';
var MAX_TAGS = LIMITS.tags[1];
/** The amount of an item's cost paid back (insurance, 高額療養費), for 医療費控除: a column found as the tags column is. */
var REIMBURSED_HEADER = '補填 Reimbursed';
/**
 * kakeibo's ledger of accounts (script 1.4.0): a transfer between two of the household's accounts names the one the
 * money went to (its payment is the one it left); a line merged into another item (the same purchase as another
 * source saw it) names that item's id; a line split apart again is marked so. Each lives in a column found by its
 * header, as the tags column is. The app's GET leaves transfers and merged lines out: they are neither spending nor
 * income, and the item they were merged into counts them once.
 */
var TRANSFER_HEADER = '振替先 Transfer to';
var LEDGER_KEYS = ['transfer', 'merged', 'apart', 'legs'];
var MERGED_HEADER = '合算先 Merged into';
var APART_HEADER = '分離 Apart';
/**
 * A purchase paid in parts (script 1.6.0): the parts paid from accounts other than its payment, as JSON text in the
 * column with this header ([{"payment":"PayPay","price":100}]); the item's price is the whole purchase's, its payment
 * paid the rest. The app's GET shows the purchase at its whole price.
 */
var LEGS_HEADER = '内訳 Legs';
var MAX_LEGS = 8;
var MAX_YEN = LIMITS.reimbursed[1];
/** kakeibo allows 20 code points (LIMITS), the server 40. */
var MAX_TAG_CHARS = maxLength_('tag');
/** Number formats of a written row: text columns as text ("@"), the rest as whole numbers. */
var ROW_FORMATS = ['@', '@', '0', '0', '0', '@', '0', '0', '@', '@', '@', '@', '@', '@'];
var MONTH_SHEET = /^(\d{4})-(\d{2})$/;

// ---------------------------------------------------------------------------------------------------------------
// Entry points

function doGet(e) {
  if (isPageRequest_(e || {})) return page_();
  return respond_(function () { return handleGet_(e || {}); });
}

function doPost(e) {
  return respond_(function () { return handlePost_(e || {}); });
}

/**
 * Run once from the editor: creates the token (printed to the execution log, which only the script's editors see) and
 * the change log sheet. It returns nothing and refuses to run as a web-app call (google.script.run can name any
 * top-level function whose name doesn't end in _): only the owner, as the editor runs it, may.
 */
function setup() {
  refuseWebCall_();
  var props = PropertiesService.getScriptProperties();
  var token = props.getProperty(TOKEN_PROPERTY);
  var created = !token;
  if (created) {
    token = newToken_();
    props.setProperty(TOKEN_PROPERTY, token);
  }
  householdId_(props);
  changeLogSheet_(SpreadsheetApp.getActiveSpreadsheet());
  Logger.log((created ? 'Created' : 'Kept') + ' the shared token. Give it to each member\'s kakeibo ' +
    '(printf \'%s\' TOKEN | kakeibo config set token), add /TOKEN to the path of the app\'s URL (…/exec/TOKEN), and ' +
    'open the page on a phone as …/exec#token=TOKEN. Token: ' + token);
}

/** Run from the editor to replace the token (every member must then set the new one). Returns nothing; refuses a web call. */
function rotateToken() {
  refuseWebCall_();
  PropertiesService.getScriptProperties().deleteProperty(TOKEN_PROPERTY);
  setup();
}

/**
 * Throws unless the one running the script is its owner (the editor's Run menu): a call through the web app, where the
 * script runs as the owner for anyone holding the URL, has another active user, or none.
 */
function refuseWebCall_() {
  var active = Session.getActiveUser().getEmail();
  if (!active || active !== Session.getEffectiveUser().getEmail()) {
    throw new Error('setup and rotateToken run only from the Apps Script editor (Run), never as a web-app call');
  }
}

/**
 * A simple trigger: a row a person edits by hand gets a new revision, so the next incremental sync sees it.
 * (Rows removed by hand are not seen this way; a full pull is the authority for those.)
 */
function onEdit(e) {
  beginExecution_();
  if (!e || !e.range) return;
  var sheet = e.range.getSheet();
  if (!MONTH_SHEET.test(sheet.getName())) return;
  // Notes a person keeps after the item's columns (O and beyond) are not the item: no new revision for them. The
  // extra columns (tags, the amount paid back) are the item's, wherever they are.
  if (e.range.getColumn() > WIDTH) {
    var columns = extraColumns_(sheet);
    var from = e.range.getColumn();
    var to = from + e.range.getNumColumns() - 1;
    if (!EXTRA.some(function (extra) { return columns[extra.key] >= from && columns[extra.key] <= to; })) return;
  }
  var first = Math.max(2, e.range.getRow());
  var last = e.range.getRow() + e.range.getNumRows() - 1;
  if (last < first) return;
  var lock = LockService.getScriptLock();
  if (!lock.tryLock(5000)) return;
  try {
    var props = scriptProperties_();
    var revision = Math.max(currentRevision_(props), reservedRevision_(props));
    var values = sheet.getRange(first, 1, last - first + 1, WIDTH).getValues();
    var stamps = values.map(function (row) {
      if (isBlankRow_(row)) return [row[COL.revision - 1], row[COL.deleted - 1], row[COL.updated - 1]];
      revision += 1;
      return [revision, row[COL.deleted - 1], now_()];
    });
    var stampRange = sheet.getRange(first, COL.revision, values.length, 3);
    stampRange.setNumberFormats(stamps.map(function () { return ROW_FORMATS.slice(COL.revision - 1, COL.revision - 1 + HIDDEN); }));
    stampRange.setValues(stamps);
    stamps.forEach(function (stamp, i) {
      if (!isBlankRow_(values[i])) styleRow_(sheet, first + i, isTrue_(stamp[1]));
    });
    var months = readMonthsIndex_(props) || {}; // a partial index is safe: months it doesn't list are always read
    months[sheet.getName()] = revision;
    var stamped = monthsAndRevision_(months, revision);
    if (!noteIds_(sheet, values)) props.deleteProperty(SHEETS_PROPERTY); // the next write request rebuilds the indexes
    props.setProperties(stamped);
    SpreadsheetApp.flush();
  } finally {
    lock.releaseLock();
  }
}

/** Adds the ids a person typed into a month sheet to the id index; false when the index can't take them. */
function noteIds_(sheet, values) {
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  var index = IdIndex_.existing(ss);
  if (!index) return false;
  var tz = sheetTimeZone_(ss);
  var ids = values.filter(function (row) { return !isBlankRow_(row); }).map(function (row) { return cellText_(row[COL.id - 1], tz); })
    .filter(function (id) { return id !== ''; });
  index.load(ids);
  if (index.damaged) return false;
  ids.forEach(function (id) { if (!index.get(id)) index.set(id, sheet.getName()); });
  try {
    index.check();
  } catch (err) {
    return false;
  }
  index.commit();
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// The page: a plain GET of the URL answers the household's phone page (the project's HTML file "Page", server/Page.html
// in the repository). The page calls back with google.script.run, which can reach every top-level function whose name
// doesn't end in _ — so those are only the entry points above and the page's two below, each checking the token
// (server/test/page.test.js holds the allow-list and fails on any other).

var PAGE_FILE = 'Page';
/** The most changes one pageSave may carry (the page's outbox sends what it holds in one call). */
var PAGE_CHANGES = 100;

/** A plain GET: no op, year, month or token, and no path after /exec (the app's GET always names a month). */
function isPageRequest_(e) {
  var p = e.parameter || {};
  return e.postData === undefined && p.op === undefined && p.year === undefined && p.month === undefined &&
    p.token === undefined && !e.pathInfo;
}

/** The page as HtmlService serves it: only the viewport and apple-mobile-web-app-capable meta tags are honoured. */
function page_() {
  return HtmlService.createHtmlOutputFromFile(PAGE_FILE)
    .setTitle('家計簿 kakeibo')
    .addMetaTag('viewport', 'width=device-width, initial-scale=1')
    .addMetaTag('apple-mobile-web-app-capable', 'yes');
}

/**
 * The page's month ({token, year, month}): the household's month as `kakeibo month` counts it — from the month-start
 * day, merged lines and transfers left out (isLedgerOnly_, as the app's GET), tombstones too — each item with its
 * row's revision (what an edit or delete is based on), and the settings the page needs (categories, budgets).
 */
function pageMonth(request) {
  return pageAnswer_(function () {
    var month = pageRequest_(request);
    return monthForPage_(month.year, month.month);
  });
}

/**
 * The page's writes ({token, year, month, changes}): the change protocol's changes (create, update, delete, each with
 * its change id, so that a resent outbox applies once), then the month as pageMonth answers it, with the results.
 */
function pageSave(request) {
  return pageAnswer_(function () {
    var month = pageRequest_(request);
    var changes = request.changes;
    if (!Array.isArray(changes) || changes.length === 0 || changes.length > PAGE_CHANGES) {
      throw failure_('bad_request', '"changes" must be an array of 1–' + PAGE_CHANGES + ' changes');
    }
    return withLock_(function () {
      var applied = applyChanges_({ changes: changes });
      var answer = monthForPage_(month.year, month.month);
      answer.results = applied.results;
      answer.revision = applied.revision;
      return answer;
    });
  });
}

/** The page's answer: the envelope, or {ok: false, error: {code, message}} for the page to put in its own words. */
function pageAnswer_(fn) {
  beginExecution_();
  try {
    return envelope_(fn());
  } catch (err) {
    return errorBody_(err);
  }
}

/** A page request checked: an object, the right token, a month. */
function pageRequest_(request) {
  if (!request || typeof request !== 'object' || Array.isArray(request)) throw failure_('bad_request', 'expected {token, year, month}');
  checkToken_(request.token);
  parseMonth_(request.year, request.month);
  return { year: Number(request.year), month: Number(request.month) };
}

/** The month's items as the page shows them (see pageMonth), read from one sheet, or two when the month starts on day 2–31. */
function monthForPage_(year, month) {
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  var settingsSheet = ss.getSheetByName(SETTINGS_SHEET);
  var held = settingsSheet ? readSettings_(settingsSheet) : {};
  var setting = function (key) { return held[key] ? held[key].value : null; };
  var start = Number(setting('month-start') || 1);
  if (!isWhole_(start) || start < 1 || start > 31) start = 1;
  var first = periodStart_(year, month, start);
  var last = dayBefore_(month === 12 ? periodStart_(year + 1, 1, start) : periodStart_(year, month + 1, start));
  var names = [monthOfDate_(first)];
  if (monthOfDate_(last) !== names[0]) names.push(monthOfDate_(last));
  var tz = sheetTimeZone_(ss);
  var items = [];
  names.forEach(function (name) {
    var sheet = ss.getSheetByName(name);
    if (!sheet) return;
    readRows_(sheet, tz, name).forEach(function (r) {
      if (r.deleted || isLedgerOnly_(r.item) || r.item.date < first || r.item.date > last) return;
      items.push({ revision: r.revision, item: r.item });
    });
  });
  return {
    month: parseMonth_(year, month), first: first, last: last, items: items,
    settings: { categories: setting('categories'), budgets: setting('budgets'), 'month-start': start }
  };
}

/** The first day (yyyyMMdd) of a month that starts on `start`: that day, or the month's last when it is shorter. */
function periodStart_(year, month, start) {
  var days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return String(year) + pad2_(month) + pad2_(Math.min(start, days));
}

function dayBefore_(yyyymmdd) {
  var d = new Date(Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8)) - 1));
  return String(d.getUTCFullYear()) + pad2_(d.getUTCMonth() + 1) + pad2_(d.getUTCDate());
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

function handleGet_(e) {
  var p = e.parameter || {};
  if (p.op === 'capabilities') return envelope_(capabilities_(p.token));
  if (p.op) throw failure_('wrong_method', 'op "' + clip_(p.op) + '" needs a POST with a JSON body');
  if (p.year === undefined && p.month === undefined) {
    throw failure_('bad_request', 'expected ?year=YYYY&month=M (the app\'s protocol) or ?op=capabilities');
  }
  checkToken_(appToken_(e, p));
  var month = parseMonth_(p.year, p.month);
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  var sheet = ss.getSheetByName(month);
  if (!sheet) return [];
  var tz = sheetTimeZone_(ss);
  return readRows_(sheet, tz, month).filter(function (r) { return !r.deleted && !isLedgerOnly_(r.item); }).map(function (r) { return r.item; });
}

/** A transfer or a line merged into another item: kakeibo's, never the app's (which would count it as spending). */
function isLedgerOnly_(item) {
  return item.transfer !== undefined || item.merged !== undefined;
}

/**
 * The token of a request of the app's protocol: ?token=, else the path after /exec (e.pathInfo). The app replaces
 * its URL's query with year and month on every GET, so a token it carries must be in the path (…/exec/TOKEN).
 */
function appToken_(e, query) {
  if (query.token !== undefined) return query.token;
  return typeof e.pathInfo === 'string' && e.pathInfo !== '' ? e.pathInfo : undefined;
}

function handlePost_(e) {
  var text = e.postData && typeof e.postData.contents === 'string' ? e.postData.contents : '';
  if (!text) throw failure_('bad_request', 'a POST needs a JSON body: an array of items, or {"op": …}');
  var body;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw failure_('bad_request', 'the body is not valid JSON');
  }
  var query = e.parameter || {};
  if (Array.isArray(body)) {
    checkToken_(appToken_(e, query));
    return withLock_(function () { return registerItems_(body); });
  }
  if (!body || typeof body !== 'object') throw failure_('bad_request', 'expected a JSON array of items or an object with "op"');
  var token = typeof body.token === 'string' ? body.token : query.token;
  if (body.protocol !== undefined && body.protocol !== PROTOCOL) {
    throw failure_('unsupported_protocol', 'this server speaks protocol ' + PROTOCOL + ', the request asked for ' + clip_(body.protocol));
  }
  if (body.op === 'capabilities') return envelope_(capabilities_(token));
  checkToken_(token);
  switch (body.op) {
    case 'since': return withLock_(function () { return envelope_(since_(body)); });
    case 'pull': return withLock_(function () { return envelope_(pull_(body)); });
    case 'changes': return withLock_(function () { return envelope_(applyChanges_(body)); });
    case 'settings': return withLock_(function () { return envelope_(settings_(body)); });
    default: throw failure_('bad_request', 'unknown op "' + clip_(body.op) + '" (expected capabilities, since, pull, changes or settings)');
  }
}

function capabilities_(token) {
  var props = scriptProperties_();
  var stored = props.getProperty(TOKEN_PROPERTY);
  var state = !stored ? 'not_configured' : (typeof token !== 'string' || token === '') ? 'missing'
    : sameSecret_(token, stored) ? 'ok' : 'wrong';
  var answer = {
    version: SCRIPT_VERSION,
    household: householdId_(props),
    token: state,
    operations: ['capabilities', 'since', 'pull', 'changes', 'settings'],
    app: { get: true, post: true },
    limits: {
      changesPerRequest: MAX_CHANGES, rewritesPerRequest: MAX_REWRITES, itemsPerRequest: MAX_ITEMS, sinceLimit: SINCE_LIMIT,
      changeLog: CHANGE_LOG_KEEP
    },
    changesSince: true,
    sinceSkip: MAX_SKIP
  };
  if (state === 'ok') answer.revision = currentRevision_(props);
  return answer;
}

/**
 * Every row changed after revision R, tombstones included, oldest first, at most `limit`; rows whose revision lies in
 * a `skip` span (the asking member's own writes, which it has) are left out and not counted.
 */
function since_(body) {
  var after = body.revision;
  if (!isWhole_(after) || after < 0) throw failure_('bad_request', '"revision" must be a whole number ≥ 0');
  var limit = body.limit === undefined ? SINCE_LIMIT : body.limit;
  if (!isWhole_(limit) || limit < 1 || limit > SINCE_LIMIT) throw failure_('bad_request', '"limit" must be 1–' + SINCE_LIMIT);
  var skip = skipSpans_(body.skip);
  var props = scriptProperties_();
  var current = currentRevision_(props);
  var months = readMonthsIndex_(props);
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  // Only the months changed after R are read; every month when the index may be behind (see the book).
  var changed = indexesTrusted_(ss, props, months, reservedRevision_(props))
    ? changedMonths_(months, after).map(function (name) { return { name: name, sheet: ss.getSheetByName(name) }; })
      .filter(function (month) { return month.sheet !== null; })
    : monthSheets_(ss).map(function (sheet) { return { name: null, sheet: sheet }; });
  var tz = sheetTimeZone_(ss);
  var rows = [];
  changed.forEach(function (month) {
    readRows_(month.sheet, tz, month.name).forEach(function (r) {
      if (r.revision > after && !skipped_(skip, r.revision)) rows.push(r);
      current = Math.max(current, r.revision);
    });
  });
  return sincePage_(rows, limit, current, props);
}

/** The spans of `skip` ([[from, through], …], whole numbers, from ≤ through); none when it is absent. */
function skipSpans_(value) {
  if (value === undefined) return [];
  var bad = '"skip" must be at most ' + MAX_SKIP + ' spans [from, through] of whole numbers';
  if (!Array.isArray(value) || value.length > MAX_SKIP) throw failure_('bad_request', bad);
  value.forEach(function (span) {
    if (!Array.isArray(span) || span.length !== 2 || !isWhole_(span[0]) || !isWhole_(span[1]) || span[0] > span[1]) {
      throw failure_('bad_request', bad);
    }
  });
  return value;
}

function skipped_(spans, revision) {
  return spans.some(function (span) { return revision >= span[0] && revision <= span[1]; });
}

/** The month sheets' names the months index says changed after revision R, in calendar order. */
function changedMonths_(months, after) {
  return Object.keys(months).filter(function (name) { return MONTH_SHEET.test(name) && !(months[name] <= after); }).sort();
}

/**
 * `since`'s answer from the rows changed after R: oldest first, at most `limit` (a revision never split between
 * pages); `through` is where the next page starts, `current` when this one is the last.
 */
function sincePage_(rows, limit, current, props) {
  rows.sort(function (a, b) { return a.revision - b.revision; });
  var more = false;
  if (rows.length > limit) {
    var cut = limit;
    while (cut < rows.length && rows[cut].revision === rows[cut - 1].revision) cut++;
    more = cut < rows.length;
    rows = rows.slice(0, cut);
  }
  return {
    revision: current,
    through: more ? rows[rows.length - 1].revision : current,
    more: more,
    changes: rows.map(rowOut_),
    settingsRevision: Number(props.getProperty(SETTINGS_PROPERTY) || 0)
  };
}

/** The rows of a year or one month as the sheet has them now (tombstones only when asked). */
function pull_(body) {
  var year = body.year;
  if (!isWhole_(year) || year < 1900 || year > 2999) throw failure_('bad_request', '"year" must be a year such as 2024');
  var names = [];
  if (body.month !== undefined) {
    names.push(parseMonth_(String(year), String(body.month)));
  } else {
    for (var m = 1; m <= 12; m++) names.push(year + '-' + pad2_(m));
  }
  var withDeleted = body.includeDeleted === true;
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  var tz = sheetTimeZone_(ss);
  var rows = [];
  names.forEach(function (name) {
    var sheet = ss.getSheetByName(name);
    if (!sheet) return;
    readRows_(sheet, tz, name).forEach(function (r) { if (withDeleted || !r.deleted) rows.push(rowOut_(r)); });
  });
  return { revision: currentRevision_(scriptProperties_()), rows: rows };
}

/** The app's POST: each item not held yet is appended; the answer lists every item as the sheet now holds it. */
function registerItems_(items) {
  if (items.length > MAX_ITEMS) throw failure_('too_large', 'at most ' + MAX_ITEMS + ' items per request, got ' + items.length);
  var checked = items.map(function (raw, index) {
    var result = validItem_(raw);
    if (typeof result === 'string') throw failure_('bad_request', 'item [' + index + ']: ' + result);
    return result;
  });
  var book = new Book_();
  book.reserve(checked.length);
  book.prefetch(checked.map(function (item) { return item.id; }));
  var answer = checked.map(function (item) {
    var held = book.find(item.id);
    if (held) return held.item;
    book.append(item, false);
    return item;
  });
  book.commit();
  return answer;
}

/** kakeibo's changes: each applied once (by change id), refused as a conflict when based on a stale revision. */
function applyChanges_(body) {
  var changes = body.changes;
  if (!Array.isArray(changes)) throw failure_('bad_request', '"changes" must be an array');
  if (changes.length > MAX_CHANGES) throw failure_('too_large', 'at most ' + MAX_CHANGES + ' changes per request, got ' + changes.length);
  var rewrites = changes.filter(function (c) { return c && (c.kind === 'update' || c.kind === 'delete'); }).length;
  if (rewrites > MAX_REWRITES) throw failure_('too_large', 'at most ' + MAX_REWRITES + ' updates and deletes per request, got ' + rewrites);
  var after = body.since;
  if (after !== undefined && (!isWhole_(after) || after < 0)) throw failure_('bad_request', '"since" must be a whole number ≥ 0');
  var skip = skipSpans_(body.skip);
  var book = new Book_();
  var log = new ChangeLog_(book.ss, book.rebuild ? null : book.props);
  book.reserve(changes.length);
  book.prefetch(changes.map(changedId_).filter(function (id) { return id !== null; }));
  var ids = changes.filter(function (c) { return c && typeof c.changeId === 'string'; }).map(function (c) { return c.changeId; });
  // A client that says which of its changes it may have sent before (`retried`) has only those looked up in the log:
  // the others are new, so a request of new changes reads none of it. Without the key, every change id is looked up.
  if (Array.isArray(body.retried)) ids = log.onlyRetried(body.retried, ids);
  log.prefetch(ids);
  var results = changes.map(function (change, index) {
    var problem = invalidChange_(change);
    if (problem) {
      var changeId = change && typeof change.changeId === 'string' ? change.changeId : null;
      return { changeId: changeId, status: 'rejected', revision: null, row: null, error: { code: 'bad_change', message: 'change [' + index + ']: ' + problem } };
    }
    var fingerprint = changeFingerprint_(change);
    var earlier = log.find(change.changeId);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        return { changeId: change.changeId, status: 'rejected', revision: null, row: null,
          error: { code: 'change_id_reused', message: 'change id ' + clip_(change.changeId) + ' was already used for a different change' } };
      }
      return earlier.result;
    }
    var result = Object.assign({ changeId: change.changeId }, applyOne_(book, change));
    log.add(change.changeId, fingerprint, result);
    return result;
  });
  var others = after === undefined ? null : book.changedSince(after, skip);
  book.commit(log);
  // `start`: the revisions after it, up to `revision`, are this request's own writes.
  var answer = {
    revision: book.revision, start: book.start, results: results,
    limits: { changesPerRequest: MAX_CHANGES, rewritesPerRequest: MAX_REWRITES }
  };
  if (others) answer.since = others;
  return answer;
}

/** The id a change names, when it names one (before the change is checked). */
function changedId_(change) {
  if (!change || typeof change !== 'object') return null;
  var id = change.kind === 'delete' ? change.id : change.item && change.item.id;
  return typeof id === 'string' || isWhole_(id) ? String(id) : null;
}

function applyOne_(book, change) {
  var id = change.kind === 'delete' ? String(change.id) : change.item.id;
  var held = book.find(id);
  if (change.kind === 'create') {
    if (!held) return applied_(book.append(change.item, false));
    if (!held.deleted && sameItem_(held.item, change.item)) return outcome_('unchanged', held);
    return conflict_(held.deleted ? 'deleted' : 'exists', 'the server already holds id ' + clip_(id), held);
  }
  if (change.kind === 'update') {
    if (!held) return conflict_('not_found', 'the server no longer holds id ' + clip_(id), null);
    if (held.deleted) return conflict_('deleted', 'id ' + clip_(id) + ' was deleted on the server at revision ' + held.revision, held);
    if (held.revision !== change.base) return stale_(id, change.base, held);
    if (change.keepTags && held.item.tags) change.item.tags = held.item.tags;
    (change.keepLedger || []).forEach(function (key) { if (held.item[key] !== undefined) change.item[key] = held.item[key]; });
    if (sameItem_(held.item, change.item)) return outcome_('unchanged', held);
    return applied_(book.replace(held, change.item, false));
  }
  if (!held) return { status: 'unchanged', revision: null, row: null };
  if (held.deleted) return outcome_('unchanged', held);
  if (held.revision !== change.base) return stale_(id, change.base, held);
  return applied_(book.replace(held, held.item, true));
}

function applied_(row) { return outcome_('applied', row); }

function outcome_(status, row) {
  return { status: status, revision: row.revision, row: rowOut_(row) };
}

function stale_(id, base, held) {
  return conflict_('stale', 'id ' + clip_(id) + ' changed on the server (revision ' + held.revision + ', the change was based on ' + base + ')', held);
}

function conflict_(code, message, held) {
  return { status: 'conflict', revision: held ? held.revision : null, row: held ? rowOut_(held) : null, error: { code: code, message: message } };
}

// ---------------------------------------------------------------------------------------------------------------
// Household settings: one row per key in a hidden sheet, each with its own revision from the shared counter.

/**
 * Applies the settings sent ({key, base, value}: value replaces the setting when base is its revision, else a
 * conflict, never overwritten; the same value again is "unchanged"), then answers every setting. The whole request
 * is checked first: one malformed change refuses it (nothing written).
 */
function settings_(body) {
  var changes = body.changes === undefined ? [] : body.changes;
  if (!Array.isArray(changes)) throw failure_('bad_request', '"changes" must be an array');
  if (changes.length > MAX_SETTINGS) throw failure_('too_large', 'at most ' + MAX_SETTINGS + ' settings per request, got ' + changes.length);
  var keys = {};
  changes.forEach(function (change, index) {
    var problem = invalidSetting_(change);
    if (!problem && keys[change.key]) problem = 'key "' + change.key + '" is sent twice';
    if (problem) throw failure_('bad_request', 'settings change [' + index + ']: ' + problem);
    keys[change.key] = true;
  });
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  var props = scriptProperties_();
  var sheet = settingsSheet_(ss, props);
  var held = readSettings_(sheet);
  var revision = Math.max(currentRevision_(props), reservedRevision_(props));
  var writes = [];
  var results = changes.map(function (change) {
    var row = held[change.key];
    var heldRevision = row ? row.revision : 0;
    if (row && row.value === change.value) return { key: change.key, status: 'unchanged', revision: row.revision };
    if (heldRevision !== change.base) {
      return { key: change.key, status: 'conflict', revision: heldRevision, value: row ? row.value : null,
        error: { code: 'stale', message: 'setting ' + change.key + ' changed on the server (revision ' + heldRevision + ', the change was based on ' + change.base + ')' } };
    }
    if (writes.length === 0) props.setProperty(RESERVED_PROPERTY, String(revision + changes.length));
    revision += 1;
    row = { sheetRow: row ? row.sheetRow : null, key: change.key, revision: revision, value: change.value, updatedAt: now_() };
    held[change.key] = row;
    writes.push(row);
    return { key: change.key, status: 'applied', revision: revision };
  });
  if (writes.length > 0) {
    var next = sheet.getLastRow() + 1;
    writes.forEach(function (row) {
      if (row.sheetRow === null) row.sheetRow = next++;
      ensureRows_(sheet, row.sheetRow);
      var range = sheet.getRange(row.sheetRow, 1, 1, 4);
      range.setNumberFormats([['@', '0', '@', '@']]);
      range.setValues([[row.key, row.revision, literal_(row.value), row.updatedAt]]);
    });
    var stamps = {};
    stamps[REVISION_PROPERTY] = String(revision);
    stamps[SETTINGS_PROPERTY] = String(revision);
    props.setProperties(stamps);
    props.deleteProperty(RESERVED_PROPERTY);
    SpreadsheetApp.flush();
  }
  return {
    revision: Math.max(revision, currentRevision_(props)),
    results: results,
    settings: Object.keys(held).sort().map(function (key) {
      var row = held[key];
      return { key: key, revision: row.revision, updatedAt: row.updatedAt, value: row.value };
    })
  };
}

function invalidSetting_(change) {
  if (!change || typeof change !== 'object' || Array.isArray(change)) return 'expected an object';
  if (typeof change.key !== 'string' || !SETTING_KEY.test(change.key)) return '"key" must be a lower-case name such as "budgets"';
  if (!isWhole_(change.base) || change.base < 0) return '"base" must be the revision the change is based on (0 for a new setting)';
  if (typeof change.value !== 'string' || change.value.length > MAX_SETTING_CHARS) {
    return '"value" must be text of at most ' + MAX_SETTING_CHARS + ' characters';
  }
  return null;
}

/** The settings sheet's rows by key ({sheetRow, key, revision, value, updatedAt}); the first row of a key wins. */
function readSettings_(sheet) {
  var held = Object.create(null);
  var last = sheet.getLastRow();
  if (last < 2) return held;
  var values = sheet.getRange(2, 1, last - 1, 4).getValues();
  for (var i = 0; i < values.length; i++) {
    var key = String(values[i][0]);
    if (!SETTING_KEY.test(key) || key in held) continue;
    held[key] = {
      sheetRow: i + 2, key: key, revision: isWhole_(values[i][1]) ? values[i][1] : 0,
      value: cellText_(values[i][2], TIME_ZONE), updatedAt: cellText_(values[i][3], TIME_ZONE)
    };
  }
  return held;
}

function settingsSheet_(ss, props) {
  var sheet = ss.getSheetByName(SETTINGS_SHEET);
  if (sheet) return sheet;
  // The indexes stay trusted (see the book): this sheet is the script's own.
  var before = ss.getNumSheets();
  sheet = ss.insertSheet(SETTINGS_SHEET);
  if (props.getProperty(SHEETS_PROPERTY) === String(before)) props.setProperty(SHEETS_PROPERTY, String(before + 1));
  sheet.getRange(1, 1, 1, 4).setValues([['setting', 'revision', 'value', 'updated']]);
  sheet.setFrozenRows(1);
  sheet.hideSheet();
  return sheet;
}

// ---------------------------------------------------------------------------------------------------------------
// The book: the month sheets a write request touches, found by id through the id index, written at commit.
//
// What a request reads does not grow with the household's history: the id index (hidden sheet "_ids": ids hashed
// into ID_BUCKETS cells, each a JSON object id → month) says which month holds an id, and only that month is read.
// The index is a hint checked against the month: an id not found where it says (a row moved or deleted by hand)
// makes the request read every month and rebuild both indexes. So does anything that may have left them behind:
// a request stopped midway (RESERVED_PROPERTY still set), an unreadable months index, or a number of sheets other
// than the last request left (a sheet added, copied or removed by hand, which no trigger reports).

function Book_() {
  this.ss = SpreadsheetApp.getActiveSpreadsheet();
  this.tz = sheetTimeZone_(this.ss);
  this.props = scriptProperties_();
  var reserved = reservedRevision_(this.props);
  this.revision = Math.max(currentRevision_(this.props), reserved);
  this.start = this.revision; // revisions above it are this request's own
  this.months = readMonthsIndex_(this.props);
  this.sheetCount = this.ss.getNumSheets() - insertedSheets; // the sheets before this request (see insertSheet)
  this.rebuild = !indexesTrusted_(this.ss, this.props, this.months, reserved, this.sheetCount);
  if (this.months === null) this.months = {};
  this.sheets = {}; // month name → entry (see monthEntry), for the months read
  this.all = false; // every month sheet read
  this.ids = Object.create(null); // id → row, for ids found or written (no inherited keys: an id may be "__proto__")
  this.index = this.rebuild ? null : IdIndex_.existing(this.ss);
  if (!this.index) this.rebuild = true; // "_ids" deleted by hand (and another sheet added, or the count would tell)
}

/** Reserves revisions before anything is written, so a script stopped midway never hands out a revision twice. */
Book_.prototype.reserve = function (count) {
  this.props.setProperty(RESERVED_PROPERTY, String(this.revision + count));
};

/** Reads, in as few calls as the index allows, the months holding these ids (before they are looked up one by one). */
Book_.prototype.prefetch = function (ids) {
  if (this.rebuild) return this.loadAll();
  var self = this;
  self.index.load(ids);
  if (self.index.damaged) return self.loadAll();
  ids.forEach(function (id) {
    var name = self.index.get(id);
    if (name) self.month(name);
  });
};

/** A month's entry, read once; null when its sheet doesn't exist. */
Book_.prototype.month = function (name) {
  if (name in this.sheets) return this.sheets[name];
  var sheet = this.all ? null : this.ss.getSheetByName(name); // every month sheet is in this.sheets once all were read
  this.sheets[name] = sheet ? monthEntry_(sheet, this.tz, name) : null;
  return this.sheets[name];
};

/**
 * A month sheet as a request holds it: its rows, its last row (kept as rows are moved out, so appending needs no
 * getLastRow), the new rows to append and the rows rewritten in place, both written at commit.
 */
function monthEntry_(sheet, tz, name) {
  var read = readMonth_(sheet, tz, name);
  return { sheet: sheet, rows: read.rows, lastRow: read.lastRow, columns: read.columns, pending: [], dirty: [] };
}

/** Every month sheet read (the months read already kept as they are now), ids indexed first row first. */
Book_.prototype.loadAll = function () {
  if (this.all) return;
  var self = this;
  self.all = true;
  self.rebuild = true;
  var sheets = self.ss.getSheets();
  self.tabs = sheets.map(function (sheet) { return sheet.getName(); }); // every sheet's name in tab order
  self.order = []; // the month sheets' names in tab order
  sheets.forEach(function (sheet, i) {
    var name = self.tabs[i];
    if (!MONTH_SHEET.test(name)) return;
    self.order.push(name);
    if (!self.sheets[name]) self.sheets[name] = monthEntry_(sheet, self.tz, name);
    self.sheets[name].rows.forEach(function (r) {
      if (r.item.id !== '' && !(r.item.id in self.ids)) self.ids[r.item.id] = r;
    });
  });
};

/** The first row holding the id, or null. */
Book_.prototype.find = function (id) {
  if (id in this.ids) return this.ids[id];
  if (!this.all) {
    var name = this.index.get(id);
    if (this.index.damaged) {
      this.loadAll();
      return this.find(id);
    }
    if (!name) return null;
    var entry = this.month(name);
    var rows = entry ? entry.rows : [];
    for (var i = 0; i < rows.length; i++) {
      if (rows[i].item.id === id) return (this.ids[id] = rows[i]);
    }
    this.loadAll(); // the index was wrong about this id: read everything, and rebuild it at commit
  }
  return id in this.ids ? this.ids[id] : null;
};

Book_.prototype.stamp = function (row, item, deleted) {
  this.revision += 1;
  row.item = item;
  row.deleted = deleted;
  row.revision = this.revision;
  row.updatedAt = now_();
  this.months[row.sheetName] = this.revision;
  return row;
};

/** A new row at the end of its month's sheet (written at commit, with the other new rows of that month). */
Book_.prototype.append = function (item, deleted) {
  var name = monthOfDate_(item.date);
  var entry = this.month(name);
  if (!entry) {
    var sheet = monthSheet_(this.ss, name, this.all ? { tabs: this.tabs } : this.rebuild ? {} : { months: this.months });
    entry = { sheet: sheet, rows: [], lastRow: 1, pending: [], dirty: [] };
    this.sheets[name] = entry;
  }
  var row = this.stamp({ sheetRow: null, sheetName: name }, item, deleted);
  entry.rows.push(row);
  entry.pending.push(row);
  this.ids[item.id] = row;
  if (this.index) this.index.set(item.id, name);
  return row;
};

/** Rewrites the row in place (at commit, with its month's other rewrites), or moves it when its date moved to another month. */
Book_.prototype.replace = function (held, item, deleted) {
  var entry = this.sheets[held.sheetName];
  if (monthOfDate_(item.date) === held.sheetName) {
    this.stamp(held, item, deleted);
    if (held.sheetRow !== null && entry.dirty.indexOf(held) < 0) entry.dirty.push(held);
    return held;
  }
  entry.rows = entry.rows.filter(function (r) { return r !== held; });
  entry.pending = entry.pending.filter(function (r) { return r !== held; });
  entry.dirty = entry.dirty.filter(function (r) { return r !== held; });
  if (held.sheetRow !== null) {
    entry.sheet.deleteRow(held.sheetRow);
    entry.lastRow -= 1;
    entry.rows.forEach(function (r) { if (r.sheetRow !== null && r.sheetRow > held.sheetRow) r.sheetRow -= 1; });
  }
  delete this.ids[held.item.id];
  return this.append(item, deleted);
};

/**
 * What `since` would answer for revision R, but without this request's own rows (its results carry them): the rows
 * other requests changed after R, read from the months the book holds and those the months index says changed.
 * Complete, it ends at this request's last revision, so the client's cursor moves past its own writes. Rows in a `skip`
 * span (the client's own earlier writes) are left out too.
 */
Book_.prototype.changedSince = function (after, skip) {
  var self = this;
  if (self.rebuild) self.loadAll();
  var names = self.all ? Object.keys(self.sheets) : changedMonths_(self.months, after);
  var rows = [];
  names.forEach(function (name) {
    var entry = self.month(name);
    if (!entry) return;
    entry.rows.forEach(function (r) { if (r.revision > after && r.revision <= self.start && !skipped_(skip, r.revision)) rows.push(r); });
  });
  return sincePage_(rows, SINCE_LIMIT, self.revision, self.props);
};

/** Writes the rows, the id index and the change log when given, then says in the properties that the request is done. */
Book_.prototype.commit = function (log) {
  var self = this;
  var index = self.index;
  if (self.rebuild) {
    self.loadAll();
    index = new IdIndex_(self.ss);
    index.clear();
    Object.keys(self.sheets).forEach(function (name) {
      var entry = self.sheets[name];
      if (!entry) return;
      self.months[name] = entry.rows.reduce(function (top, r) { return Math.max(top, r.revision); }, 0);
    });
    self.order.concat(Object.keys(self.sheets)).forEach(function (name) {
      var entry = self.sheets[name];
      if (entry) entry.rows.forEach(function (r) { if (r.item.id !== '' && !index.get(r.item.id)) index.set(r.item.id, r.sheetName); });
    });
  }
  index.check(); // a bucket too full refuses the request here, before anything else is written
  Object.keys(self.sheets).forEach(function (name) {
    var entry = self.sheets[name];
    if (!entry) return;
    runs_(entry.dirty).forEach(function (run) { entry.columns = writeRows_(entry.sheet, run[0].sheetRow, run, true, entry.columns); });
    entry.dirty = [];
    if (entry.pending.length === 0) return;
    var start = entry.lastRow + 1;
    entry.pending.forEach(function (row, i) { row.sheetRow = start + i; });
    entry.columns = writeRows_(entry.sheet, start, entry.pending, false, entry.columns);
    entry.lastRow += entry.pending.length;
    entry.pending = [];
  });
  index.commit();
  if (log) log.commit();
  // The rows, the index and the change log reach the sheet before the properties say the request is done.
  SpreadsheetApp.flush();
  var stamps = monthsAndRevision_(self.months, self.revision);
  stamps[SHEETS_PROPERTY] = String(self.sheetCount + insertedSheets);
  stamps[RESERVED_PROPERTY] = '0'; // the request is done, in the same write as its stamps (0: nothing reserved)
  if (log && log.last) stamps[CHANGE_LOG_ROWS_PROPERTY] = String(log.last);
  self.props.setProperties(stamps);
};

/** Whether the months and id indexes hold every month sheet and id (see the book above); `count`: the sheets, when known. */
function indexesTrusted_(ss, props, months, reserved, count) {
  if (months === null || reserved > 0) return false;
  var sheets = props.getProperty(SHEETS_PROPERTY);
  return sheets !== null && Number(sheets) === (count === undefined ? ss.getNumSheets() : count);
}

/** Rows to rewrite in place as runs of consecutive sheet rows, each written in one go. */
function runs_(rows) {
  var sorted = rows.slice().sort(function (a, b) { return a.sheetRow - b.sheetRow; });
  var out = [];
  sorted.forEach(function (row) {
    var run = out[out.length - 1];
    if (run && run[run.length - 1].sheetRow + 1 === row.sheetRow) run.push(row);
    else out.push([row]);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The id index: which month sheet holds an id, in a hidden sheet of ID_BUCKETS cells (row 2 + bucket, column A).

function IdIndex_(ss, sheet) {
  this.sheet = sheet || ss.getSheetByName(ID_INDEX_SHEET);
  if (!this.sheet) {
    this.sheet = insertSheet_(ss, ID_INDEX_SHEET);
    ensureRows_(this.sheet, ID_BUCKETS + 1);
    this.sheet.getRange(1, 1, 1, 1).setValues([['id → month']]);
    this.sheet.getRange(2, 1, ID_BUCKETS, 1).setNumberFormat('@');
    this.sheet.hideSheet();
  }
  this.buckets = {}; // bucket → {ids: {id: month}, changed}
  this.cells = {}; // bucket → the range of its cell, once read (written back through it)
  this.damaged = false; // a cell read was not a bucket
}

/** The index when its sheet exists, else null (a trigger doesn't make it). */
IdIndex_.existing = function (ss) {
  var sheet = ss.getSheetByName(ID_INDEX_SHEET);
  return sheet ? new IdIndex_(ss, sheet) : null;
};

function idBucket_(id) {
  var hash = 2166136261;
  for (var i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash % ID_BUCKETS;
}

/** A bucket's ids; null for a cell that is not one (changed by hand): the request then reads every month. */
function parseBucket_(text) {
  try {
    var ids = JSON.parse(text === '' || text === null ? '{}' : String(text));
    if (ids && typeof ids === 'object' && !Array.isArray(ids)) {
      var out = Object.create(null);
      Object.keys(ids).forEach(function (id) { if (typeof ids[id] === 'string') out[id] = ids[id]; });
      return out;
    }
  } catch (err) {
    // below
  }
  return null;
}

IdIndex_.prototype.bucket = function (b, text) {
  var ids = parseBucket_(text);
  if (ids === null) this.damaged = true;
  this.buckets[b] = { ids: ids || Object.create(null), changed: false };
};

/**
 * Reads the buckets of these ids: one in two calls, a few in one call each and two for their ranges (a range list),
 * more than ID_BUCKET_READS the whole column in two.
 */
IdIndex_.prototype.load = function (ids) {
  var self = this;
  self.withRows(function () { self.loadNow(ids); });
};

/**
 * Runs `fn` on the index's sheet. A sheet whose making was stopped before its rows were added (Google ends a script
 * at any call) has too few: it gets them, and `fn` runs again. Nothing is spent on the check otherwise.
 */
IdIndex_.prototype.withRows = function (fn) {
  try {
    return fn();
  } catch (err) {
    if (!/outside the dimensions/.test(String(err && err.message))) throw err;
    ensureRows_(this.sheet, ID_BUCKETS + 1);
    return fn();
  }
};

IdIndex_.prototype.loadNow = function (ids) {
  var self = this;
  var wanted = [];
  ids.forEach(function (id) {
    var b = idBucket_(id);
    if (!(b in self.buckets) && wanted.indexOf(b) < 0) wanted.push(b);
  });
  if (wanted.length > ID_BUCKET_READS) return self.loadAll();
  var ranges = wanted.length === 1 ? [self.sheet.getRange(2 + wanted[0], 1, 1, 1)]
    : wanted.length > 1 ? self.sheet.getRangeList(wanted.map(function (b) { return 'A' + (2 + b); })).getRanges() : [];
  wanted.forEach(function (b, i) {
    self.cells[b] = ranges[i];
    self.bucket(b, ranges[i].getValues()[0][0]);
  });
};

/** Every bucket, in two calls. */
IdIndex_.prototype.loadAll = function () {
  var sheet = this.sheet;
  var column = this.withRows(function () { return sheet.getRange(2, 1, ID_BUCKETS, 1).getValues(); });
  for (var b = 0; b < ID_BUCKETS; b++) if (!(b in this.buckets)) this.bucket(b, column[b][0]);
};

/** The month the index names for the id, or null. */
IdIndex_.prototype.get = function (id) {
  var b = idBucket_(id);
  if (!(b in this.buckets)) this.load([id]);
  var ids = this.buckets[b].ids;
  return id in ids ? ids[id] : null;
};

IdIndex_.prototype.set = function (id, month) {
  var b = idBucket_(id);
  if (!(b in this.buckets)) this.load([id]);
  if (this.buckets[b].ids[id] === month) return;
  this.buckets[b].ids[id] = month;
  this.buckets[b].changed = true;
};

/** Every bucket empty (before a rebuild), none read from the sheet. */
IdIndex_.prototype.clear = function () {
  for (var b = 0; b < ID_BUCKETS; b++) this.buckets[b] = { ids: Object.create(null), changed: true };
};

IdIndex_.prototype.texts = function () {
  var self = this;
  var out = {};
  Object.keys(self.buckets).forEach(function (b) {
    if (self.buckets[b].changed) out[b] = JSON.stringify(self.buckets[b].ids);
  });
  return out;
};

/** Refuses (nothing written yet) when a bucket would not fit in its cell. */
IdIndex_.prototype.check = function () {
  var texts = this.texts();
  Object.keys(texts).forEach(function (b) {
    if (texts[b].length > MAX_CELL_CHARS) throw failure_('too_large', 'the id index is full (bucket ' + b + '): the sheet holds too many items');
  });
};

/** Writes the changed buckets: each in one call (two when it wasn't read) when they are few, else the whole column in two. */
IdIndex_.prototype.commit = function () {
  var self = this;
  var texts = self.texts();
  var changed = Object.keys(texts).map(Number);
  if (changed.length === 0) return;
  if (changed.length > ID_BUCKET_READS) {
    if (Object.keys(self.buckets).length < ID_BUCKETS) self.loadAll();
    var column = [];
    for (var b = 0; b < ID_BUCKETS; b++) column.push([b in texts ? texts[b] : JSON.stringify(self.buckets[b].ids)]);
    self.withRows(function () { self.sheet.getRange(2, 1, ID_BUCKETS, 1).setValues(column); });
  } else {
    changed.forEach(function (b) {
      self.withRows(function () { (self.cells[b] || self.sheet.getRange(2 + b, 1, 1, 1)).setValues([[texts[b]]]); });
    });
  }
  Object.keys(self.buckets).forEach(function (b) { self.buckets[b].changed = false; });
};

// ---------------------------------------------------------------------------------------------------------------
// The change log: the last CHANGE_LOG_KEEP change ids with their results, in a hidden sheet.

/**
 * `props`: the script properties, when the last request finished (so the log's last row they keep is right); null
 * to ask the sheet.
 */
function ChangeLog_(ss, props) {
  this.sheet = changeLogSheet_(ss);
  this.rows = null;
  this.entries = Object.create(null); // change id → entry (or null), for those read or added
  this.added = [];
  this.retried = null; // when the client says which changes it may have sent before: those (id → true)
  var kept = props ? Number(props.getProperty(CHANGE_LOG_ROWS_PROPERTY)) : NaN;
  this.kept = isWhole_(kept) && kept >= 1 ? kept : null;
}

/** Looks up only `retried` of `ids` from now on (a change id not among them is new); returns those. */
ChangeLog_.prototype.onlyRetried = function (retried, ids) {
  var self = this;
  self.retried = Object.create(null);
  retried.forEach(function (id) { if (typeof id === 'string') self.retried[id] = true; });
  return ids.filter(function (id) { return self.retried[id] === true; });
};

/**
 * Reads the log's change ids (one column), then the entries of those asked for that it holds: each on its own when
 * they are few (a retry of a change or two), else the whole log at once (a retried batch).
 */
ChangeLog_.prototype.prefetch = function (changeIds) {
  var self = this;
  if (changeIds.length === 0) return;
  if (!self.rows) {
    self.rows = Object.create(null); // change id → its last row in the log
    self.last = self.sheet.getLastRow();
    if (self.last >= 2) {
      var ids = self.sheet.getRange(2, 1, self.last - 1, 1).getValues();
      for (var i = 0; i < ids.length; i++) self.rows[String(ids[i][0])] = i + 2;
    }
  }
  var wanted = changeIds.filter(function (id) { return id in self.rows && !(id in self.entries); });
  if (wanted.length > ID_BUCKET_READS) {
    var values = self.sheet.getRange(2, 2, self.last - 1, 2).getValues();
    wanted.forEach(function (id) { self.entries[id] = logEntry_(values[self.rows[id] - 2]); });
    return;
  }
  wanted.forEach(function (id) { self.entries[id] = logEntry_(self.sheet.getRange(self.rows[id], 2, 1, 2).getValues()[0]); });
};

/** A logged [fingerprint, result] as an entry; null for a hand-damaged one (the change is judged afresh). */
function logEntry_(cells) {
  try {
    return { fingerprint: String(cells[0]), result: JSON.parse(cells[1]) };
  } catch (err) {
    return null;
  }
}

ChangeLog_.prototype.find = function (changeId) {
  if (this.retried && this.retried[changeId] !== true && !(changeId in this.entries)) return null;
  if (!(changeId in this.entries)) this.prefetch([changeId]);
  return changeId in this.entries ? this.entries[changeId] : null;
};

ChangeLog_.prototype.add = function (changeId, fingerprint, result) {
  this.entries[changeId] = { fingerprint: fingerprint, result: result };
  this.added.push([changeId, fingerprint, JSON.stringify(result), now_()]);
};

/** Writes the entries added (the caller flushes). */
ChangeLog_.prototype.commit = function () {
  if (this.added.length === 0) return;
  var start = (this.rows ? this.last : this.kept || this.sheet.getLastRow()) + 1;
  // 1,000 rows to spare when it grows, so that most requests add none; every cell text (a leading apostrophe, so no
  // number format needs setting: a change id "0123" stays as it is).
  var values = this.added.map(function (row) { return row.map(function (cell) { return '\'' + cell; }); });
  intoRows_(this.sheet, start, this.added.length, 4, 1000, function (range) { range.setValues(values); });
  var extra = start + this.added.length - 2 - CHANGE_LOG_KEEP;
  if (extra >= 1000) this.sheet.deleteRows(2, extra);
  this.last = start + this.added.length - 1 - (extra >= 1000 ? extra : 0);
  this.added = [];
};

function changeLogSheet_(ss) {
  var sheet = ss.getSheetByName(CHANGE_LOG_SHEET);
  if (sheet) return sheet;
  sheet = insertSheet_(ss, CHANGE_LOG_SHEET);
  sheet.getRange(1, 1, 1, 4).setValues([['change id', 'change', 'result', 'at']]);
  sheet.setFrozenRows(1);
  sheet.hideSheet();
  return sheet;
}

// ---------------------------------------------------------------------------------------------------------------
// Sheets and rows

/** The sheets this execution added (each request is an execution of its own; beginExecution starts it at 0). */
var insertedSheets = 0;

/** Adds a sheet, counted, so that a request knows how many sheets it leaves without asking the spreadsheet again. */
function insertSheet_(ss, name, at) {
  var sheet = at === undefined ? ss.insertSheet(name) : ss.insertSheet(name, at);
  insertedSheets += 1;
  return sheet;
}

function monthSheets_(ss) {
  return ss.getSheets().filter(function (sheet) { return MONTH_SHEET.test(sheet.getName()); });
}

/**
 * A new month's sheet (the caller found none). Months stay in calendar order in the tab bar: the new sheet goes
 * before the first later month, found in `known.tabs` (every sheet's name in tab order, kept up to date here) or
 * through `known.months` (the months index) when given, else by looking at every sheet.
 */
function monthSheet_(ss, name, known) {
  var at = null;
  var tabs = known.tabs;
  var months = known.months;
  if (tabs) {
    at = tabs.length;
    for (var t = 0; t < tabs.length; t++) {
      if (MONTH_SHEET.test(tabs[t]) && tabs[t] > name) {
        at = t;
        break;
      }
    }
  } else if (months) {
    var later = Object.keys(months).filter(function (m) { return MONTH_SHEET.test(m) && m > name; }).sort();
    var next = later.length > 0 ? ss.getSheetByName(later[0]) : null;
    at = next ? next.getIndex() - 1 : later.length === 0 ? ss.getNumSheets() : null;
  }
  if (at === null) {
    var sheets = ss.getSheets();
    at = sheets.length;
    for (var i = 0; i < sheets.length; i++) {
      if (MONTH_SHEET.test(sheets[i].getName()) && sheets[i].getName() > name) {
        at = i;
        break;
      }
    }
  }
  if (tabs) tabs.splice(at, 0, name);
  var sheet = insertSheet_(ss, name, at);
  sheet.getRange(1, 1, 1, WIDTH).setValues([HEADERS]);
  sheet.setFrozenRows(1);
  sheet.hideColumns(COL.revision, HIDDEN);
  return sheet;
}

/** The sheet's rows as {sheetRow, sheetName, item, revision, deleted, updatedAt}; blank rows skipped (its name if known). */
function readRows_(sheet, tz, sheetName) {
  return readMonth_(sheet, tz, sheetName).rows;
}

/**
 * The sheet's rows (readRows), its last row and its extra columns (see EXTRA), in one read of the data
 * range (the header, and columns after N when a person keeps notes there: they are not read into the rows).
 */
function readMonth_(sheet, tz, sheetName) {
  var values = sheet.getDataRange().getValues();
  var columns = headerColumns_(values.length > 0 ? values[0] : []);
  var name = sheetName || sheet.getName();
  var rows = [];
  for (var i = 1; i < values.length; i++) {
    var v = values[i];
    if (isBlankRow_(v)) continue;
    var item = {
      id: cellText_(v[COL.id - 1], tz),
      date: cellDate_(v[COL.date - 1], tz),
      name: cellText_(v[COL.name - 1], tz),
      price: cellNumber_(v[COL.price - 1]),
      category: cellNumber_(v[COL.category - 1]),
      categorySub: cellNumber_(v[COL.sub - 1])
    };
    // Details only when set: the app's items stay exactly as they were.
    for (var key in DETAILS) {
      var text = cellText_(v[COL[key] - 1], tz);
      if (text !== '') item[key] = text;
    }
    if (isTrue_(v[COL.personal - 1])) item.personal = true;
    if (columns.tags > 0) {
      var tags = cellTags_(cellText_(v[columns.tags - 1], tz));
      if (tags.length > 0) item.tags = tags;
    }
    if (columns.reimbursed > 0) {
      var reimbursed = cellNumber_(v[columns.reimbursed - 1]);
      if (isWhole_(reimbursed) && reimbursed > 0 && reimbursed <= MAX_YEN) item.reimbursed = reimbursed;
    }
    if (columns.transfer > 0) {
      var to = cellText_(v[columns.transfer - 1], tz);
      if (to !== '') item.transfer = to;
    }
    if (columns.merged > 0) {
      var into = cellText_(v[columns.merged - 1], tz);
      if (into !== '') item.merged = into;
    }
    if (columns.apart > 0 && isTrue_(v[columns.apart - 1])) item.apart = true;
    if (columns.legs > 0) {
      // A cell a person spoiled is no legs: the purchase stays whole on its payment.
      var legs = cellLegs_(cellText_(v[columns.legs - 1], tz), item.price);
      if (legs.length > 0) item.legs = legs;
    }
    rows.push({
      sheetRow: i + 1,
      sheetName: name,
      item: item,
      revision: isWhole_(v[COL.revision - 1]) ? v[COL.revision - 1] : 0,
      deleted: isTrue_(v[COL.deleted - 1]),
      updatedAt: cellText_(v[COL.updated - 1], tz)
    });
  }
  return { rows: rows, lastRow: Math.max(values.length, 1), columns: columns };
}

/**
 * Writes consecutive rows starting at sheet row `first` (rows the sheet has when `inPlace`): text columns formatted
 * as text, tombstones struck through, tags and amounts paid back in their columns (`columns`, see EXTRA, when the
 * caller read them). Answers the columns.
 */
function writeRows_(sheet, first, rows, inPlace, columns) {
  var values = rows.map(function (row) {
    var item = row.item;
    var out = [];
    out[COL.date - 1] = item.date.slice(0, 4) + '-' + item.date.slice(4, 6) + '-' + item.date.slice(6, 8);
    out[COL.name - 1] = literal_(item.name);
    out[COL.price - 1] = item.price;
    out[COL.category - 1] = item.category;
    out[COL.sub - 1] = item.categorySub;
    out[COL.id - 1] = literal_(item.id);
    out[COL.revision - 1] = row.revision;
    out[COL.deleted - 1] = row.deleted;
    out[COL.updated - 1] = row.updatedAt;
    for (var key in DETAILS) out[COL[key] - 1] = item[key] === undefined ? '' : literal_(item[key]);
    out[COL.personal - 1] = item.personal === true ? true : '';
    return out;
  });
  intoRows_(sheet, first, rows.length, WIDTH, 0, function (range) {
    // Text stays text: an id "00123" keeps its zeros and "2024-12-03" is not turned into a date cell.
    range.setNumberFormats(rows.map(function () { return ROW_FORMATS; }));
    range.setValues(values);
  });
  // Tombstones struck through, a run of them at a time (a new row that is not one has the sheet's plain style).
  for (var i = 0; i < rows.length; i++) {
    if (!rows[i].deleted) continue;
    var end = i;
    while (end + 1 < rows.length && rows[end + 1].deleted) end++;
    styleRows_(sheet, first + i, end - i + 1, true);
    i = end;
  }
  return writeExtras_(sheet, first, rows, columns);
}

/**
 * kakeibo's details that have no column of their own among A–N: each lives in the column whose header is its
 * `header`, from column O on, made (after the last used column, over nothing) the first time an item with one is
 * written to the sheet.
 */
var EXTRA = [
  {
    key: 'tags', header: TAGS_HEADER, format: '@',
    has: function (item) { return item.tags && item.tags.length > 0; },
    cell: function (item) { return item.tags ? literal_(item.tags.join(' ')) : ''; }
  },
  {
    key: 'reimbursed', header: REIMBURSED_HEADER, format: '0',
    has: function (item) { return item.reimbursed > 0; },
    cell: function (item) { return item.reimbursed > 0 ? item.reimbursed : ''; }
  },
  {
    key: 'transfer', header: TRANSFER_HEADER, format: '@',
    has: function (item) { return item.transfer !== undefined; },
    cell: function (item) { return item.transfer !== undefined ? literal_(item.transfer) : ''; }
  },
  {
    key: 'merged', header: MERGED_HEADER, format: '@',
    has: function (item) { return item.merged !== undefined; },
    cell: function (item) { return item.merged !== undefined ? literal_(item.merged) : ''; }
  },
  {
    key: 'apart', header: APART_HEADER, format: '@',
    has: function (item) { return item.apart === true; },
    cell: function (item) { return item.apart === true ? true : ''; }
  },
  {
    key: 'legs', header: LEGS_HEADER, format: '@',
    has: function (item) { return item.legs !== undefined && item.legs.length > 0; },
    cell: function (item) { return item.legs !== undefined && item.legs.length > 0 ? JSON.stringify(item.legs) : ''; }
  }
];

/** The sheet's extra columns ({tags: column, reimbursed: column}, 0 for none), read from its header row. */
function extraColumns_(sheet) {
  var last = sheet.getLastColumn();
  if (last <= WIDTH) return headerColumns_([]);
  return headerColumns_(sheet.getRange(1, 1, 1, last).getValues()[0]);
}

/** The extra columns a header row names. */
function headerColumns_(header) {
  var columns = {};
  EXTRA.forEach(function (extra) {
    columns[extra.key] = 0;
    for (var i = WIDTH; i < header.length; i++) {
      if (String(header[i]).trim() === extra.header) {
        columns[extra.key] = i + 1;
        break;
      }
    }
  });
  return columns;
}

/**
 * Writes the rows' extra details into their columns (`columns` when the caller read them; else they are looked up),
 * a column made when a row has the detail and the sheet lacks it. Answers the columns. A sheet whose items have none
 * of them costs nothing more.
 */
function writeExtras_(sheet, first, rows, columns) {
  var at = columns || extraColumns_(sheet);
  EXTRA.forEach(function (extra) {
    var any = rows.some(function (row) { return extra.has(row.item); });
    if (at[extra.key] === 0 && !any) return;
    if (at[extra.key] === 0) {
      var column = Math.max(WIDTH, sheet.getLastColumn()) + 1;
      var max = sheet.getMaxColumns();
      if (column > max) sheet.insertColumnsAfter(max, column - max);
      sheet.getRange(1, column, 1, 1).setValues([[extra.header]]);
      at[extra.key] = column;
    }
    var range = sheet.getRange(first, at[extra.key], rows.length, 1);
    range.setNumberFormat(extra.format);
    range.setValues(rows.map(function (row) { return [extra.cell(row.item)]; }));
  });
  return at;
}

/** A tags cell as a list of tags: split at spaces, commas and 、, a leading # or ＃ dropped. */
function cellTags_(text) {
  return text.split(/[\s,、，]+/).map(function (tag) { return tag.replace(/^[#＃]+/, ''); }).filter(function (tag) { return tag !== ''; });
}

/** A sheet has a fixed number of rows (1000 when new): adds rows so that row `last` exists. */
/**
 * Writes rows first…first+count-1 with `write(range)`. Tried on the sheet as it is, so that the common write asks no
 * row count: only when that fails (a sheet too short for an append) are rows added, `slack` more than needed, and
 * the write made again (it writes whole rows, so a second try leaves the same cells).
 */
function intoRows_(sheet, first, count, width, slack, write) {
  try {
    write(sheet.getRange(first, 1, count, width));
  } catch (err) {
    ensureRows_(sheet, first + count - 1, slack);
    write(sheet.getRange(first, 1, count, width));
  }
}

function ensureRows_(sheet, last, slack) {
  var max = sheet.getMaxRows();
  if (last > max) sheet.insertRowsAfter(max, last - max + (slack || 0));
}

function styleRow_(sheet, sheetRow, deleted) {
  styleRows_(sheet, sheetRow, 1, deleted);
}

function styleRows_(sheet, first, count, deleted) {
  var range = sheet.getRange(first, 1, count, WIDTH);
  range.setFontLine(deleted ? 'line-through' : 'none');
  range.setFontColor(deleted ? '#999999' : '#000000');
}

function rowOut_(row) {
  return { revision: row.revision, deleted: row.deleted, updatedAt: row.updatedAt, item: row.item };
}

function isBlankRow_(values) {
  for (var i = 0; i < COL.id; i++) if (values[i] !== '' && values[i] !== null) return false;
  return true;
}

/** A cell as text: numbers as typed, a date cell as yyyyMMdd. */
function cellText_(value, tz) {
  if (isDate_(value)) return Utilities.formatDate(value, zoneName_(tz), 'yyyyMMdd');
  if (value === null || value === undefined) return '';
  return String(value);
}

/** A date cell, or text such as "2024-12-03", "2024/12/3" or "20241203", as "20241203"; anything else as it is. */
function cellDate_(value, tz) {
  if (isDate_(value)) return Utilities.formatDate(value, zoneName_(tz), 'yyyyMMdd');
  if (typeof value === 'number' && isWhole_(value)) return String(value);
  var text = cellText_(value, tz).trim();
  var parts = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (parts) return parts[1] + pad2_(Number(parts[2])) + pad2_(Number(parts[3]));
  return text;
}

/** A number cell as a number; numeric text as a number; anything else (empty, words) as it is. */
function cellNumber_(value) {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  if (isDate_(value)) return String(value);
  return value === null || value === undefined ? '' : value;
}

/** Text written so that the sheet keeps it as text (a leading = would otherwise make a formula). */
function literal_(value) {
  if (typeof value === 'string' && /^[=']/.test(value)) return '\'' + value;
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation of what clients send (writing is strict)

/** The item in the server's form, or a string saying what is wrong. */
function validItem_(raw) {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'expected an object';
  var id = raw.id;
  if (typeof id === 'number' && isWhole_(id)) id = String(id);
  if (typeof id !== 'string' || id.trim() === '' || codePoints_(id) > maxLength_('id') || hasControl_(id)) {
    return '"id" must be a non-empty string of at most ' + maxLength_('id') + ' characters';
  }
  var date = typeof raw.date === 'string' ? raw.date.replace(/-/g, '') : '';
  if (!/^\d{8}$/.test(date) || !realDate_(date)) {
    return '"date" must be a calendar date from ' + LIMITS.dates[0] + ' to ' + LIMITS.dates[1] + ' such as "20241203"';
  }
  var name = typeof raw.name === 'string' ? synced_(raw.name) : '';
  if (name === '' || codePoints_(name) > maxLength_('name') || hasControl_(name)) {
    return '"name" must be non-empty text of at most ' + maxLength_('name') + ' characters';
  }
  if (!isWhole_(raw.price) || Math.abs(raw.price) > LIMITS.price[1]) return '"price" must be a whole number of yen';
  if (!isWhole_(raw.category) || raw.category < 0 || raw.category > 9999) return '"category" must be a whole number';
  var sub = raw.categorySub;
  if (sub === undefined || sub === null) sub = '';
  if (sub !== '' && (!isWhole_(sub) || sub < 0 || sub > 9999)) return '"categorySub" must be a whole number, null or ""';
  var item = { id: id, date: date, name: name, price: raw.price, category: raw.category, categorySub: sub };
  for (var key in DETAILS) {
    var value = raw[key];
    if (value === undefined || value === null || value === '') continue;
    var text = typeof value === 'string' ? synced_(value) : '';
    if (text === '' || codePoints_(text) > DETAILS[key] || hasControl_(text)) {
      return '"' + key + '" must be text of at most ' + DETAILS[key] + ' characters, null or ""';
    }
    item[key] = text;
  }
  if (raw.personal !== undefined && raw.personal !== null && typeof raw.personal !== 'boolean') return '"personal" must be true or false';
  if (raw.personal === true) item.personal = true;
  if (raw.tags !== undefined && raw.tags !== null) {
    var tags = validTags_(raw.tags);
    if (typeof tags === 'string') return tags;
    if (tags.length > 0) item.tags = tags;
  }
  if (raw.reimbursed !== undefined && raw.reimbursed !== null) {
    if (!isWhole_(raw.reimbursed) || raw.reimbursed < 0 || raw.reimbursed > MAX_YEN) {
      return '"reimbursed" must be a whole number of yen from 0 to ' + MAX_YEN;
    }
    if (raw.reimbursed > 0) item.reimbursed = raw.reimbursed;
  }
  if (raw.transfer !== undefined && raw.transfer !== null && raw.transfer !== '') {
    // The account the money went to: a payment's rules.
    var to = typeof raw.transfer === 'string' ? synced_(raw.transfer) : '';
    if (to === '' || codePoints_(to) > DETAILS.payment || hasControl_(to)) {
      return '"transfer" must be text of at most ' + DETAILS.payment + ' characters, null or ""';
    }
    item.transfer = to;
  }
  if (raw.merged !== undefined && raw.merged !== null && raw.merged !== '') {
    // The id of the item a line is merged into: an id's rules.
    if (typeof raw.merged !== 'string' || raw.merged.trim() !== raw.merged || codePoints_(raw.merged) > maxLength_('id') || hasControl_(raw.merged)) {
      return '"merged" must be the id of an item (at most ' + maxLength_('id') + ' characters), null or ""';
    }
    item.merged = raw.merged;
  }
  if (raw.apart !== undefined && raw.apart !== null && typeof raw.apart !== 'boolean') return '"apart" must be true or false';
  if (raw.apart === true) item.apart = true;
  if (raw.legs !== undefined && raw.legs !== null && raw.legs !== '') {
    var legs = validLegs_(raw.legs, raw.price);
    if (typeof legs === 'string') return legs;
    if (legs.length > 0) item.legs = legs;
  }
  return item;
}

/**
 * A purchase's legs as the sheet keeps them ([{payment, price}], at most MAX_LEGS, each paid by a payment's text and
 * more than 0, together less than the item's price), or a string saying what is wrong.
 */
function validLegs_(raw, price) {
  var problem = '"legs" must be an array of at most ' + MAX_LEGS + ' {"payment": text of at most ' + DETAILS.payment +
    ' characters, "price": a whole number of yen above 0}, together less than the price';
  if (!Array.isArray(raw) || raw.length > MAX_LEGS) return problem;
  var legs = [];
  var sum = 0;
  for (var i = 0; i < raw.length; i++) {
    var leg = raw[i];
    if (!leg || typeof leg !== 'object' || Array.isArray(leg) || typeof leg.payment !== 'string') return problem;
    if (Object.keys(leg).some(function (key) { return key !== 'payment' && key !== 'price'; })) return problem;
    var payment = synced_(leg.payment);
    if (payment === '' || codePoints_(payment) > DETAILS.payment || hasControl_(payment)) return problem;
    if (!isWhole_(leg.price) || leg.price <= 0 || leg.price > MAX_YEN) return problem;
    sum += leg.price;
    legs.push({ payment: payment, price: leg.price });
  }
  if (legs.length > 0 && !(isWhole_(price) && sum < price)) return problem;
  return legs;
}

/** The legs a cell holds (JSON text, as validLegs_ checks it against the row's price); none when it holds no such thing. */
function cellLegs_(text, price) {
  if (text === '') return [];
  var raw;
  try { raw = JSON.parse(text); } catch (e) { return []; }
  var legs = validLegs_(raw, price);
  return typeof legs === 'string' ? [] : legs;
}

/** An item's tags as the sheet keeps them, or a string saying what is wrong. */
function validTags_(raw) {
  var problem = '"tags" must be an array of at most ' + MAX_TAGS + ' tags, each one word of at most ' + MAX_TAG_CHARS + ' characters';
  if (!Array.isArray(raw) || raw.length > MAX_TAGS) return problem;
  var tags = [];
  for (var i = 0; i < raw.length; i++) {
    if (typeof raw[i] !== 'string') return problem;
    var tag = synced_(synced_(raw[i]).replace(/^[#＃]+/, ''));
    if (tag === '' || codePoints_(tag) > MAX_TAG_CHARS || hasControl_(tag) || /[\s,、，]/.test(tag)) return problem;
    tags.push(tag);
  }
  return tags;
}

/** An item's details as one comparable list. */
function detailsOf_(item) {
  var details = [item.payment || '', item.shop || '', item.memo || '', item.member || '', item.personal === true];
  // Tags only when there are some: the fingerprints of changes remembered before tags existed stay the same.
  if (item.tags && item.tags.length > 0) details.push(item.tags.join(' '));
  // Likewise the amount paid back.
  if (item.reimbursed > 0) details.push('reimbursed ' + item.reimbursed);
  // And the ledger's (script 1.4.0).
  if (item.transfer !== undefined) details.push('transfer ' + item.transfer);
  if (item.merged !== undefined) details.push('merged ' + item.merged);
  if (item.apart === true) details.push('apart');
  // And a purchase's legs (script 1.6.0).
  if (item.legs !== undefined && item.legs.length > 0) details.push('legs ' + JSON.stringify(item.legs));
  return details;
}

/** Null when the change is well formed (its item replaced by the checked one), else what is wrong. */
function invalidChange_(change) {
  if (!change || typeof change !== 'object' || Array.isArray(change)) return 'expected an object';
  if (typeof change.changeId !== 'string' || change.changeId === '' || change.changeId.length > 200) {
    return '"changeId" must be a non-empty string of at most 200 characters';
  }
  if (['create', 'update', 'delete'].indexOf(change.kind) < 0) return '"kind" must be create, update or delete';
  if (change.kind !== 'create' && (!isWhole_(change.base) || change.base < 0)) {
    return '"base" must be the revision the change is based on (a whole number ≥ 0)';
  }
  if (change.kind === 'delete') {
    if ((typeof change.id !== 'string' || change.id === '') && !isWhole_(change.id)) return '"id" must name the item to delete';
    return null;
  }
  // An update without "tags" comes from a client that doesn't know them (kakeibo before tags): it keeps the row's.
  // So does one without "transfer", "merged" and "apart" (a kakeibo before accounts), which would count the line again.
  var updating = change.kind === 'update' && change.item && typeof change.item === 'object';
  change.keepTags = updating && change.item.tags === undefined;
  change.keepLedger = updating ? LEDGER_KEYS.filter(function (key) { return change.item[key] === undefined; }) : [];
  var item = validItem_(change.item);
  if (typeof item === 'string') return 'item: ' + item;
  if (change.id !== undefined && String(change.id) !== item.id) return '"id" and "item.id" differ';
  change.item = item;
  return null;
}

function changeFingerprint_(change) {
  var item = change.item ? [change.item.id, change.item.date, change.item.name, change.item.price, change.item.category, change.item.categorySub].concat(detailsOf_(change.item)) : null;
  return JSON.stringify([change.kind, change.kind === 'delete' ? String(change.id) : null, change.kind === 'create' ? null : change.base, item]);
}

function sameItem_(a, b) {
  return a.id === b.id && a.date === b.date && a.name === b.name && a.price === b.price &&
    a.category === b.category && a.categorySub === b.categorySub && JSON.stringify(detailsOf_(a)) === JSON.stringify(detailsOf_(b));
}

function parseMonth_(year, month) {
  if (!/^\d{4}$/.test(String(year)) || !/^(0?[1-9]|1[0-2])$/.test(String(month))) {
    throw failure_('bad_request', 'expected year=YYYY and month=1–12, got year=' + clip_(year) + ' month=' + clip_(month));
  }
  return String(year) + '-' + pad2_(Number(month));
}

function monthOfDate_(date) { return date.slice(0, 4) + '-' + date.slice(4, 6); }

function realDate_(yyyymmdd) {
  var y = Number(yyyymmdd.slice(0, 4));
  var m = Number(yyyymmdd.slice(4, 6));
  var d = Number(yyyymmdd.slice(6, 8));
  var iso = yyyymmdd.slice(0, 4) + '-' + yyyymmdd.slice(4, 6) + '-' + yyyymmdd.slice(6, 8);
  if (iso < LIMITS.dates[0] || iso > LIMITS.dates[1] || m < 1 || m > 12 || d < 1) return false;
  var days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1];
}

// ---------------------------------------------------------------------------------------------------------------
// Token, lock, properties, answers

function checkToken_(given) {
  var stored = scriptService_().getProperty(TOKEN_PROPERTY);
  if (!stored) throw failure_('not_configured', 'the server has no token yet: run setup() once in the Apps Script editor');
  if (typeof given !== 'string' || given === '') throw failure_('bad_token', 'no token was sent');
  if (!sameSecret_(given, stored)) throw failure_('bad_token', 'the token is wrong');
}

/** Compares in time that depends only on the lengths, not on where the strings differ. */
function sameSecret_(a, b) {
  var diff = a.length ^ b.length;
  var n = Math.max(a.length, b.length);
  for (var i = 0; i < n; i++) {
    diff |= (i < a.length ? a.charCodeAt(i) : 0) ^ (i < b.length ? b.charCodeAt(i) : 0);
  }
  return diff === 0;
}

function newToken_() {
  return (Utilities.getUuid() + Utilities.getUuid()).replace(/-/g, '');
}

function householdId_(props) {
  var id = props.getProperty(HOUSEHOLD_PROPERTY);
  if (!id) {
    id = Utilities.getUuid();
    props.setProperty(HOUSEHOLD_PROPERTY, id);
  }
  return id;
}

function withLock_(fn) {
  var lock = LockService.getScriptLock();
  if (!lock.tryLock(LOCK_WAIT_MS)) {
    throw failure_('busy', 'another request held the lock for more than ' + LOCK_WAIT_MS / 1000 + ' s; try again');
  }
  // Not released by a call: the service releases a script's lock when its execution ends, which is when this
  // request's answer is made (each request that writes has flushed its writes by then).
  return fn();
}

/**
 * The script properties as one read (getProperties: one call, where each getProperty is one), written through.
 * Taken after the lock, so nothing another request writes can come between the read and its use.
 */
function scriptProperties_() {
  var service = scriptService_();
  var values = service.getProperties();
  return {
    getProperty: function (key) { return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : null; },
    setProperty: function (key, value) {
      service.setProperty(key, value);
      values[key] = String(value);
    },
    setProperties: function (more) {
      service.setProperties(more);
      Object.keys(more).forEach(function (key) { values[key] = String(more[key]); });
    },
    deleteProperty: function (key) {
      service.deleteProperty(key);
      delete values[key];
    }
  };
}

/** The script properties service, asked for once an execution. */
var propertiesService = null;

function scriptService_() {
  if (!propertiesService) propertiesService = PropertiesService.getScriptProperties();
  return propertiesService;
}

/** What an execution keeps for itself starts afresh (Apps Script runs each request in a new one; the harness may not). */
function beginExecution_() {
  insertedSheets = 0;
  propertiesService = null;
}

function currentRevision_(props) {
  var value = Number(props.getProperty(REVISION_PROPERTY) || 0);
  return isWhole_(value) && value >= 0 ? value : 0;
}

function reservedRevision_(props) {
  var value = Number(props.getProperty(RESERVED_PROPERTY) || 0);
  return isWhole_(value) && value > 0 ? value : 0;
}

/** The highest revision in each month sheet ({"2024-12": 57}), or null when the property is unreadable. */
function readMonthsIndex_(props) {
  try {
    var months = JSON.parse(props.getProperty(MONTHS_PROPERTY) || '{}');
    return months && typeof months === 'object' && !Array.isArray(months) ? months : null;
  } catch (err) {
    return null;
  }
}

function monthsAndRevision_(months, revision) {
  var out = {};
  out[MONTHS_PROPERTY] = JSON.stringify(months);
  out[REVISION_PROPERTY] = String(revision);
  return out;
}

/** The sheet's time zone, asked for only when a date cell (a date a person typed) needs it: see zoneName. */
function sheetTimeZone_(ss) {
  return { ss: ss, name: null };
}

/** A time zone's name: as given, or the sheet's, asked for once. */
function zoneName_(tz) {
  if (typeof tz === 'string') return tz;
  if (tz.name === null) tz.name = tz.ss.getSpreadsheetTimeZone() || TIME_ZONE;
  return tz.name;
}

function now_() {
  return Utilities.formatDate(new Date(), TIME_ZONE, 'yyyy-MM-dd\'T\'HH:mm:ssXXX');
}

function envelope_(body) {
  var out = { ok: true, service: SERVICE, protocol: PROTOCOL };
  Object.keys(body).forEach(function (key) { out[key] = body[key]; });
  return out;
}

function failure_(code, message) {
  var error = new Error(message);
  error.kakeibo = code;
  return error;
}

function respond_(fn) {
  beginExecution_();
  var body;
  try {
    body = fn();
  } catch (err) {
    body = errorBody_(err);
  }
  return ContentService.createTextOutput(JSON.stringify(body)).setMimeType(ContentService.MimeType.JSON);
}

function errorBody_(err) {
  var code = err && err.kakeibo ? err.kakeibo : 'internal';
  var message = err && err.kakeibo ? err.message : 'the script failed: ' + clip_(err && err.message ? err.message : err);
  return { ok: false, service: SERVICE, protocol: PROTOCOL, error: { code: code, message: message } };
}

function isWhole_(value) { return typeof value === 'number' && isFinite(value) && Math.floor(value) === value; }

function isTrue_(value) { return value === true || value === 1 || /^(true|1|yes|x|✓|削除)$/i.test(String(value).trim()); }

function isDate_(value) { return Object.prototype.toString.call(value) === '[object Date]'; }

function pad2_(n) { return (n < 10 ? '0' : '') + n; }

function clip_(value) { return String(value).slice(0, 60); }
