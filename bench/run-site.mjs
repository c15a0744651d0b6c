// `npm run bench:site -w bench`: the public site (home page API calls, news list and search) and
// the signed-in basics on the large data set, each against its budget (bench/scenarios.mjs).
import { isMain, runAlone } from './lib/large-server.mjs';
import { loadRow } from './lib/load.mjs';
import { signIn } from './lib/sign-in.mjs';
import { siteScenarios } from './scenarios.mjs';

const API = '/services/core/api';

export async function runSite(server) {
  const { access_token: token } = await signIn(server.url, 'admin', 'Admin@2026');
  // `auth: 'student'` scenarios ask as the demo learner (what a learner may see narrows the search).
  const { access_token: studentToken } = await signIn(server.url, 'student', 'Student@2026');
  const services = await (await fetch(`${server.url}${API}/trademarks`)).json();
  const serviceId = services[0].id;
  const [article] = await (
    await fetch(`${server.url}${API}/searchnews?tradeMarkId=${serviceId}&size=1`)
  ).json();
  const rows = [];
  for (const s of siteScenarios({ serviceId, newsId: article.id })) {
    const bearer = s.auth === 'student' ? studentToken : token;
    const headers = s.auth ? { authorization: `Bearer ${bearer}` } : {};
    rows.push(await loadRow('site', server.url, server, { ...s, headers }));
  }
  return rows;
}

if (isMain(import.meta)) await runAlone(runSite);
