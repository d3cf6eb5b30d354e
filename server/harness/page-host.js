'use strict';
// How Google serves an HtmlService page, on this machine. A plain GET of /exec answers an outer page (on
// script.google.com there) whose sandboxed iframe, on another origin (googleusercontent.com there, the echo host here),
// holds what doGet returned. In the frame, `google.script.run`, `google.script.url` and `google.script.history` are
// stand-ins that ask the outer page by postMessage; the outer page POSTs each run to /callback (see
// Household.serveCallback), answers the frame's location, and changes its own address for the history calls.

/** The sandbox flags Google's frame has. */
const SANDBOX = 'allow-downloads allow-forms allow-modals allow-popups allow-popups-to-escape-sandbox allow-same-origin ' +
  'allow-scripts allow-top-navigation-by-user-activation';

function escapeAttribute(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

/** The outer page: title, the honoured meta tags, the frame, and the relay. */
function outerPage({ title, metaTags, frame, panelOrigin, callback }) {
  const metas = metaTags.map((tag) => `<meta name="${escapeAttribute(tag.name)}" content="${escapeAttribute(tag.content)}">`).join('');
  const config = JSON.stringify({ panelOrigin, callback }).replace(/</g, '\\u003c');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeAttribute(title)}</title>${metas}` +
    '<style>html,body{margin:0;height:100%;overflow:hidden}iframe{border:0;width:100%;height:100%;display:block}</style>' +
    `</head><body><iframe id="sandboxFrame" title="${escapeAttribute(title)}" sandbox="${SANDBOX}" src="${escapeAttribute(frame)}"></iframe>` +
    `<script>(${relay.toString()})(${config});</script></body></html>`;
}

/** Runs in the outer page: relays the frame's calls. */
function relay(config) {
  var frame = document.getElementById('sandboxFrame');
  function post(message) { frame.contentWindow.postMessage(message, config.panelOrigin); }
  function here() {
    var parameter = {};
    var parameters = {};
    new URLSearchParams(location.search).forEach(function (value, name) {
      (parameters[name] = parameters[name] || []).push(value);
      if (!(name in parameter)) parameter[name] = value;
    });
    return { hash: location.hash.replace(/^#/, ''), parameter: parameter, parameters: parameters };
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== config.panelOrigin || event.source !== frame.contentWindow) return;
    var m = event.data || {};
    if (m.type === 'run') {
      fetch(config.callback, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: m.name, args: m.args }) })
        .then(function (response) {
          if (!response.ok) throw new Error('HTTP ' + response.status);
          return response.json();
        })
        .then(function (answer) { post({ type: 'result', id: m.id, ok: answer.ok, value: answer.value, error: answer.error }); },
          function (error) { post({ type: 'result', id: m.id, ok: false, error: { name: 'NetworkError', message: 'NetworkError: Connection failure due to HTTP 0 (' + error.message + ')' } }); });
    } else if (m.type === 'location') {
      post({ type: 'location', id: m.id, location: here() });
    } else if (m.type === 'history') {
      var query = m.params === null || m.params === undefined ? location.search
        : (function () {
          var search = new URLSearchParams();
          Object.keys(m.params).forEach(function (name) {
            [].concat(m.params[name]).forEach(function (value) { search.append(name, String(value)); });
          });
          var text = search.toString();
          return text ? '?' + text : '';
        })();
      var url = location.pathname + query + (m.hash ? '#' + m.hash : '');
      if (m.push) history.pushState(m.state === undefined ? null : m.state, '', url);
      else history.replaceState(m.state === undefined ? null : m.state, '', url);
    }
  });
  window.addEventListener('popstate', function (event) { post({ type: 'change', state: event.state, location: here() }); });
}

/** Runs in the frame, before the page's own scripts: google.script as the page sees it. */
function standIn(config) {
  var waiting = {};
  var next = 0;
  var onChange = null;
  var running = 0; // Apps Script runs at most 10 of a page's google.script.run calls at once; the rest wait their turn
  var queued = [];
  function start(message, answered) {
    if (running >= 10) return queued.push([message, answered]);
    running += 1;
    ask(message, function (m) {
      running -= 1;
      if (queued.length) start.apply(null, queued.shift());
      answered(m);
    });
  }
  function ask(message, answered) {
    next += 1;
    message.id = next;
    waiting[next] = answered;
    window.parent.postMessage(message, config.parentOrigin);
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== config.parentOrigin || event.source !== window.parent) return;
    var m = event.data || {};
    if (m.type === 'change') {
      if (onChange) onChange({ state: m.state, location: m.location });
      return;
    }
    var answered = waiting[m.id];
    if (!answered) return;
    delete waiting[m.id];
    answered(m);
  });
  function runner(success, failure, user) {
    var run = {
      withSuccessHandler: function (fn) { return runner(fn, failure, user); },
      withFailureHandler: function (fn) { return runner(success, fn, user); },
      withUserObject: function (object) { return runner(success, failure, object); }
    };
    config.functions.forEach(function (name) {
      run[name] = function () {
        var args = JSON.parse(JSON.stringify(Array.prototype.slice.call(arguments)));
        start({ type: 'run', name: name, args: args }, function (m) {
          if (m.ok) {
            if (success) success(m.value, user);
          } else if (failure) {
            var error = new Error(m.error && m.error.message ? m.error.message : 'failed');
            error.name = m.error && m.error.name ? m.error.name : 'ScriptError';
            failure(error, user);
          }
        });
      };
    });
    return run;
  }
  function history(push) {
    return function (state, params, hash) {
      window.parent.postMessage({ type: 'history', push: push, state: state === undefined ? null : state, params: params, hash: hash || '' }, config.parentOrigin);
    };
  }
  window.google = {
    script: {
      run: runner(null, null, undefined),
      url: { getLocation: function (fn) { ask({ type: 'location' }, function (m) { fn(m.location); }); } },
      history: { push: history(true), replace: history(false), setChangeHandler: function (fn) { onChange = fn; } },
      host: { close: function () {}, setHeight: function () {}, setWidth: function () {}, editor: { focus: function () {} } }
    }
  };
}

/** The frame's document: the stand-in first (in the head), then what doGet returned. */
function panelPage(content, { parentOrigin, functions }) {
  const config = JSON.stringify({ parentOrigin, functions }).replace(/</g, '\\u003c');
  const script = `<script>(${standIn.toString()})(${config});</script>`;
  const head = /<head[^>]*>/i.exec(content);
  if (head) return content.slice(0, head.index + head[0].length) + script + content.slice(head.index + head[0].length);
  const doctype = /^\s*<!DOCTYPE[^>]*>/i.exec(content);
  if (doctype) return doctype[0] + script + content.slice(doctype[0].length);
  return script + content;
}

module.exports = { outerPage, panelPage };
