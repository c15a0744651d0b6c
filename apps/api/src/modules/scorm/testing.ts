import { writeZip } from '../../../test/zip';

/**
 * SCORM packages written for the tests (issue 25, point 6): small SCORM 1.2 and 2004 4th-edition
 * packages with one or several SCOs, built in memory with the tests' zip writer (test/zip.ts). Used by the API tests
 * and the journey; no third-party package is committed.
 */

export type TestSco = { id: string; title: string; href: string };
/** A folder of the organization's tree: an item without a resource, holding SCOs. */
export type TestGroup = { id: string; title: string; children: TestSco[] };
export type TestItem = TestSco | TestGroup;

const scosOf = (items: TestItem[]): TestSco[] =>
  items.flatMap((item) => ('children' in item ? item.children : [item]));

/** What a test SCO reports when the learner finishes it. */
export type ScoOutcome = 'passed' | 'failed';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function itemXml(item: TestItem): string {
  if ('children' in item) {
    return `<item identifier="${item.id}"><title>${xmlEscape(item.title)}</title>${item.children.map(itemXml).join('')}</item>`;
  }
  return `<item identifier="${item.id}" identifierref="res-${item.id}"><title>${xmlEscape(item.title)}</title></item>`;
}

/**
 * imsmanifest.xml of a SCORM 1.2 or 2004 4th-edition package whose organization lists `tree` in
 * order: SCOs, or folders of SCOs.
 */
export function manifestXml(version: '1.2' | '2004', title: string, tree: TestItem[], extra = ''): string {
  const items = tree.map(itemXml).join('');
  const type = version === '1.2' ? 'adlcp:scormtype' : 'adlcp:scormType';
  const resources = scosOf(tree)
    .map(
      (s) =>
        `<resource identifier="res-${s.id}" type="webcontent" ${type}="sco" href="${xmlEscape(s.href)}"><file href="${xmlEscape(s.href.split('?')[0] ?? '')}"/></resource>`,
    )
    .join('');
  const head =
    version === '1.2'
      ? `<manifest identifier="pkg" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>`
      : `<manifest identifier="pkg" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss" xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"><metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>`;
  return `<?xml version="1.0" encoding="UTF-8"?>${head}<organizations default="org"><organization identifier="org"><title>${xmlEscape(title)}</title>${items}${extra}</organization></organizations><resources>${resources}</resources></manifest>`;
}

/**
 * A SCO page for the journey: it finds the runtime's API in its parent, tries to reach the
 * academy's tokens — the academy page's localStorage and document (cookies), this origin's own
 * storage and cookies, and the academy's API with the browser's credentials — which must all fail
 * (another site), shows each outcome, shows its entry, resumes where it was left ("Page 2 of 2"
 * after a suspend) and, on "Finish", reports completed with a score: passed with 90, or with
 * `outcome: 'failed'` failed with 40.
 */
export function scoPage(
  version: '1.2' | '2004',
  title: string,
  options: { outcome?: ScoOutcome } = {},
): string {
  const v12 = version === '1.2';
  const failed = options.outcome === 'failed';
  const raw = failed ? '40' : '90';
  const status = failed ? 'failed' : 'passed';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${xmlEscape(title)}</title></head>
<body style="font-family:sans-serif;padding:16px">
<h1>${xmlEscape(title)}</h1>
<p id="probe">Checking…</p>
<p id="probe-page">Checking…</p>
<p id="probe-own">Checking…</p>
<p id="probe-api">Checking…</p>
<p id="entry"></p>
<p id="page">Page 1 of 2</p>
<button id="next">Next page</button> <button id="finish">Finish</button>
<script>
var api = window.parent.${v12 ? 'API' : 'API_1484_11'};
var started = Date.now();
function set(k, v) { return api.${v12 ? 'LMSSetValue' : 'SetValue'}(k, v); }
function get(k) { return api.${v12 ? 'LMSGetValue' : 'GetValue'}(k); }
api.${v12 ? 'LMSInitialize' : 'Initialize'}('');
function show(id, text) { document.getElementById(id).textContent = text; }
var stolen;
try { stolen = 'readable (' + window.top.localStorage.length + ' keys)'; } catch (e) { stolen = 'blocked'; }
show('probe', 'Academy storage: ' + stolen);
var page;
try { page = 'readable (' + window.top.document.cookie.length + ' characters of cookies)'; } catch (e) { page = 'blocked'; }
show('probe-page', 'Academy page: ' + page);
var own = 0;
try { own = Object.keys(window.localStorage).filter(function (k) { return k.indexOf('oidc') === 0; }).length; } catch (e) { own = 0; }
var cookies = '';
try { cookies = document.cookie; } catch (e) { cookies = ''; }
show('probe-own', 'Tokens here: ' + (own === 0 && cookies === '' ? 'none' : own + ' keys, cookies ' + cookies));
var academy = location.ancestorOrigins && location.ancestorOrigins.length ? location.ancestorOrigins[location.ancestorOrigins.length - 1] : null;
if (!academy) show('probe-api', 'Academy API: blocked');
else fetch(academy + '/services/core/api/users/profile', { credentials: 'include' })
  .then(function (r) { return r.text().then(function (t) { show('probe-api', 'Academy API: answered ' + r.status + ' ' + t.slice(0, 60)); }); })
  .catch(function () { show('probe-api', 'Academy API: blocked'); });
show('entry', 'Entry: ' + (get('${v12 ? 'cmi.core.entry' : 'cmi.entry'}') || '(none)'));
var loc = get('${v12 ? 'cmi.core.lesson_location' : 'cmi.location'}');
if (loc === '2') document.getElementById('page').textContent = 'Page 2 of 2 (resumed)';
function seconds() { return Math.max(1, Math.round((Date.now() - started) / 1000)); }
function sessionTime() {
  var s = seconds();
  ${v12 ? "return '0000:' + String(Math.floor(s / 60)).padStart(2, '0') + ':' + String(s % 60).padStart(2, '0');" : "return 'PT' + s + 'S';"}
}
document.getElementById('next').onclick = function () {
  set('${v12 ? 'cmi.core.lesson_location' : 'cmi.location'}', '2');
  set('cmi.suspend_data', 'page=2');
  ${v12 ? "set('cmi.core.lesson_status', 'incomplete'); set('cmi.core.exit', 'suspend');" : "set('cmi.completion_status', 'incomplete'); set('cmi.exit', 'suspend');"}
  set('${v12 ? 'cmi.core.session_time' : 'cmi.session_time'}', sessionTime());
  api.${v12 ? 'LMSCommit' : 'Commit'}('');
  document.getElementById('page').textContent = 'Page 2 of 2';
};
document.getElementById('finish').onclick = function () {
  ${
    v12
      ? `set('cmi.core.score.raw', '${raw}'); set('cmi.core.score.min', '0'); set('cmi.core.score.max', '100'); set('cmi.core.lesson_status', '${status}'); set('cmi.core.exit', '');`
      : `set('cmi.score.raw', '${raw}'); set('cmi.score.min', '0'); set('cmi.score.max', '100'); set('cmi.score.scaled', '${Number(raw) / 100}'); set('cmi.completion_status', 'completed'); set('cmi.success_status', '${status}'); set('cmi.exit', 'normal');`
  }
  set('${v12 ? 'cmi.core.session_time' : 'cmi.session_time'}', sessionTime());
  api.${v12 ? 'LMSCommit' : 'Commit'}('');
  api.${v12 ? 'LMSFinish' : 'Terminate'}('');
  document.getElementById('page').textContent = 'Finished';
};
</script></body></html>`;
}

/**
 * A whole package: the manifest, each SCO's page, and a shared asset. `scos` is the organization's
 * tree (SCOs, or folders of SCOs); `outcome` is what every SCO reports on "Finish".
 */
export function scormPackage(
  options: { version?: '1.2' | '2004'; title?: string; scos?: TestItem[]; outcome?: ScoOutcome } = {},
): Buffer {
  const version = options.version ?? '1.2';
  const title = options.title ?? 'Customer care basics';
  const tree = options.scos ?? [{ id: 'sco1', title: 'Greeting the customer', href: 'sco1/index.html' }];
  return writeZip([
    { name: 'imsmanifest.xml', data: manifestXml(version, title, tree), deflate: true },
    ...scosOf(tree).map((s) => ({
      name: s.href.split('?')[0] ?? s.href,
      data: scoPage(version, s.title, { outcome: options.outcome }),
      deflate: true,
    })),
    { name: 'shared/style.css', data: 'body { color: #222; }' },
  ]);
}
