'use strict';
// Dates as Apps Script's Utilities.formatDate and a sheet in a given time zone see them (with Intl, no packages).

const formatters = new Map();

function parts(date, timeZone) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit'
    });
    formatters.set(timeZone, formatter);
  }
  const out = {};
  formatter.formatToParts(date).forEach((p) => { out[p.type] = p.value; });
  return out;
}

/** Minutes east of UTC in the zone at that instant. */
function offsetMinutes(date, timeZone) {
  const p = parts(date, timeZone);
  const asUTC = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUTC - Math.floor(date.getTime() / 1000) * 1000) / 60000);
}

/** The instant of midnight starting that day in the zone (what a date typed into a sheet holds). */
function midnight(year, month, day, timeZone) {
  const guess = new Date(Date.UTC(year, month - 1, day));
  return new Date(guess.getTime() - offsetMinutes(guess, timeZone) * 60000);
}

/** Utilities.formatDate for the patterns the script uses: yyyy MM dd HH mm ss XXX and 'quoted' text. */
function formatDate(date, timeZone, pattern) {
  const p = parts(date, timeZone);
  const offset = offsetMinutes(date, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const tokens = { yyyy: p.year, MM: p.month, dd: p.day, HH: p.hour, mm: p.minute, ss: p.second, XXX: zone };
  return pattern.replace(/'([^']*)'|yyyy|MM|dd|HH|mm|ss|XXX/g, (match, quoted) => (quoted !== undefined ? quoted : tokens[match]));
}

module.exports = { formatDate, midnight };
