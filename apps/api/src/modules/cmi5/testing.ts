import { writeZip } from '../../../test/zip';

/**
 * cmi5 courses written for the tests (issue 26, point 3): cmi5.xml with AUs and blocks, a tiny AU
 * page that does what a real AU does (reads the launch parameters, fetches its token once, reads
 * LMS.LaunchData, sends initialized, completed, passed and terminated, then goes to the returnURL),
 * and the zip. Used by the API tests and the journey; no third-party course is committed.
 */

export type TestAu = {
  id: string;
  title: string;
  url: string;
  moveOn?: string;
  masteryScore?: string;
  launchMethod?: string;
  launchParameters?: string;
};
export type TestBlock = { block: string; title: string; children: TestNode[] };
export type TestNode = TestAu | TestBlock;

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const lang = (text: string) => `<langstring lang="en-US">${xmlEscape(text)}</langstring>`;

function nodeXml(node: TestNode): string {
  if ('block' in node) {
    return `<block id="${xmlEscape(node.block)}"><title>${lang(node.title)}</title><description>${lang(node.title)}</description>${node.children.map(nodeXml).join('')}</block>`;
  }
  const attrs = [
    `id="${xmlEscape(node.id)}"`,
    node.moveOn ? `moveOn="${node.moveOn}"` : '',
    node.masteryScore ? `masteryScore="${node.masteryScore}"` : '',
    node.launchMethod ? `launchMethod="${node.launchMethod}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<au ${attrs}><title>${lang(node.title)}</title><description>${lang(`About ${node.title}`)}</description><url>${xmlEscape(node.url)}</url>${node.launchParameters ? `<launchParameters>${xmlEscape(node.launchParameters)}</launchParameters>` : ''}</au>`;
}

/** cmi5.xml of a course with the given AUs and blocks, in order. */
export function cmi5Xml(options: { title?: string; courseId?: string; nodes: TestNode[] }): string {
  const title = options.title ?? 'Forklift safety';
  const courseId = options.courseId ?? 'https://courses.example.com/forklift';
  return `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${xmlEscape(courseId)}"><title>${lang(title)}</title><description>${lang(`All about ${title}`)}</description></course>
  ${options.nodes.map(nodeXml).join('\n  ')}
</courseStructure>`;
}

const isAu = (node: TestNode): node is TestAu => !('block' in node);
const ausOf = (nodes: TestNode[]): TestAu[] => nodes.flatMap((n) => (isAu(n) ? [n] : ausOf(n.children)));

/**
 * A tiny AU. On load: parses endpoint, fetch, actor, registration and activityId; POSTs to the fetch
 * URL once; reads LMS.LaunchData; tries the academy's storage (which must fail: another origin);
 * sends "initialized". "Finish" sends completed, passed (scaled 0.9, with the masteryScore when
 * there is one) and terminated, then goes to the returnURL. Its state shows on the page.
 */
export function auPage(title: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${xmlEscape(title)}</title></head>
<body style="font-family:sans-serif;padding:16px">
<h1>${xmlEscape(title)}</h1>
<p id="status">Starting…</p>
<p id="probe"></p>
<button id="finish" disabled>Finish</button>
<script>
var q = new URLSearchParams(location.search);
var endpoint = q.get('endpoint'), actor = JSON.parse(q.get('actor')), registration = q.get('registration');
var activityId = q.get('activityId'), auth, launchData, started = Date.now();
function show(text) { document.getElementById('status').textContent = text; }
function lrs(path, options) {
  options = options || {};
  options.headers = Object.assign({ Authorization: 'Basic ' + auth, 'X-Experience-API-Version': '1.0.3' }, options.headers || {});
  return fetch(endpoint + path, options);
}
function uuid() { return crypto.randomUUID(); }
function duration() { return 'PT' + Math.max(1, Math.round((Date.now() - started) / 1000)) + 'S'; }
function statement(verb, extra) {
  var context = JSON.parse(JSON.stringify(launchData.contextTemplate));
  context.registration = registration;
  context.contextActivities.category = [{ id: 'https://w3id.org/xapi/cmi5/context/categories/cmi5' }];
  if (extra.moveOn) context.contextActivities.category.push({ id: 'https://w3id.org/xapi/cmi5/context/categories/moveon' });
  if (extra.mastery && launchData.masteryScore !== undefined) context.extensions['https://w3id.org/xapi/cmi5/context/extensions/masteryscore'] = launchData.masteryScore;
  var s = { id: uuid(), actor: actor, verb: { id: verb, display: { 'en-US': verb.split('/').pop() } },
    object: { objectType: 'Activity', id: activityId }, context: context, timestamp: new Date().toISOString() };
  if (extra.result) s.result = extra.result;
  return s;
}
function send(list) {
  return lrs('statements', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(list) })
    .then(function (r) { if (!r.ok) return r.text().then(function (t) { throw new Error(r.status + ' ' + t); }); });
}
var stolen;
try { stolen = 'readable (' + window.top.localStorage.length + ' keys)'; } catch (e) { stolen = 'blocked'; }
document.getElementById('probe').textContent = 'Academy storage: ' + stolen;
fetch(q.get('fetch'), { method: 'POST' }).then(function (r) { return r.json(); }).then(function (body) {
  if (!body['auth-token']) throw new Error('fetch: ' + body['error-text']);
  auth = body['auth-token'];
  var state = 'activities/state?stateId=LMS.LaunchData&activityId=' + encodeURIComponent(activityId) +
    '&agent=' + encodeURIComponent(JSON.stringify(actor)) + '&registration=' + registration;
  return lrs(state).then(function (r) { return r.json(); });
}).then(function (data) {
  launchData = data;
  return send([statement('http://adlnet.gov/expapi/verbs/initialized', {})]);
}).then(function () {
  show('Initialized (' + launchData.moveOn + ')');
  document.getElementById('finish').disabled = false;
}).catch(function (e) { show('Error: ' + e.message); });
document.getElementById('finish').onclick = function () {
  document.getElementById('finish').disabled = true;
  send([
    statement('http://adlnet.gov/expapi/verbs/completed', { moveOn: true, result: { completion: true, duration: duration() } }),
    statement('http://adlnet.gov/expapi/verbs/passed', { moveOn: true, mastery: true,
      result: { success: true, duration: duration(), score: { scaled: 0.9, raw: 90, min: 0, max: 100 } } }),
    statement('http://adlnet.gov/expapi/verbs/terminated', { result: { duration: duration() } }),
  ]).then(function () {
    show('Finished');
    if (launchData.returnURL) setTimeout(function () { location.href = launchData.returnURL; }, 300);
  }).catch(function (e) { show('Error: ' + e.message); });
};
</script></body></html>`;
}

/** A whole course package: cmi5.xml, each package-relative AU's page, and a shared asset. */
export function cmi5Package(options: { title?: string; nodes?: TestNode[] } = {}): Buffer {
  const nodes = options.nodes ?? [
    {
      id: 'https://courses.example.com/forklift/au/1',
      title: 'Checks before driving',
      url: 'au1/index.html',
    },
  ];
  return writeZip([
    { name: 'cmi5.xml', data: cmi5Xml({ title: options.title, nodes }), deflate: true },
    ...ausOf(nodes)
      .filter((au) => !/^https?:/.test(au.url))
      .map((au) => ({ name: au.url.split('?')[0] ?? au.url, data: auPage(au.title), deflate: true })),
    { name: 'shared/style.css', data: 'body { color: #222; }' },
  ]);
}
