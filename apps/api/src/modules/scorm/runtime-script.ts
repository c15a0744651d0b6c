/**
 * The runtime page's script (served as /runtime/player.js on the content origin). It runs in the
 * frame the academy page shows, next to scorm-again: reads the SCO's starting data, sets up the
 * SCORM 1.2 `API` or 2004 `API_1484_11` for the SCO's inner frame, commits to the content
 * origin's commit URL (the launch credential is in the path), commits once more with a beacon
 * when the page goes away without the SCO finishing, and tells the academy page (and only that
 * origin) when something was committed or the SCO finished.
 */
export const RUNTIME_SCRIPT = `(function () {
  'use strict';
  var match = /^\\/scorm\\/([^/]+)\\//.exec(location.pathname);
  var academy = document.documentElement.getAttribute('data-academy');
  var frame = document.getElementById('sco');
  if (!match || !frame) return;
  var base = '/scorm/' + match[1] + '/';
  var api = null;
  var sco = '';
  var navRequest = null;
  var finished = false;
  function tell(message) {
    if (window.parent !== window && academy) window.parent.postMessage(message, academy);
  }
  function fail(text) {
    var p = document.createElement('p');
    p.className = 'error';
    p.textContent = text;
    document.body.replaceChildren(p);
  }
  function beacon() {
    if (!api || finished || !api.isInitialized() || api.isTerminated()) return;
    var body = JSON.stringify({ runtimeData: api.renderCMIToJSONObject() });
    navigator.sendBeacon(base + 'commit', new Blob([body], { type: 'text/plain;charset=UTF-8' }));
  }
  function start(state) {
    var is12 = state.version === '1.2';
    sco = state.sco;
    var settings = {
      autocommit: true,
      autocommitSeconds: 30,
      lmsCommitUrl: state.preview ? false : base + 'commit',
      dataCommitFormat: 'json',
      renderCommonCommitFields: true,
      sendFullCommit: true,
      logLevel: 5,
    };
    api = is12 ? new window.Scorm12API(settings) : new window.Scorm2004API(settings);
    api.loadFromJSON(state.cmi);
    if (is12) window.API = api; else window.API_1484_11 = api;
    var commitEvent = is12 ? 'LMSCommit' : 'Commit';
    var finishEvent = is12 ? 'LMSFinish' : 'Terminate';
    api.on(commitEvent, function () { setTimeout(function () { tell({ type: 'scorm:commit', sco: sco }); }, 0); });
    if (!is12) api.on('SetValue.adl.nav.request', function (_el, value) { navRequest = String(value); });
    api.on(finishEvent, function () {
      finished = true;
      setTimeout(function () { tell({ type: 'scorm:finish', sco: sco, navRequest: navRequest }); }, 0);
    });
    frame.src = base + 'f/' + state.launch;
  }
  window.addEventListener('pagehide', beacon);
  document.addEventListener('visibilitychange', function () { if (document.visibilityState === 'hidden') beacon(); });
  fetch(base + 'state', { credentials: 'omit' })
    .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
    .then(start)
    .catch(function () { fail('This lesson could not be opened. Close it and open it again.'); });
})();
`;
