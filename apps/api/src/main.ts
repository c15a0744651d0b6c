import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DEMO_CLIP, ensureBootstrapAdmin, seedDemoData, seedDemoVideoLesson } from './demo';
import { reportIssuer } from './platform/auth/external';
import { openDatabase } from './platform/db/client';
import { writeServerPid } from './platform/db/server-pid';
import { limitHeapGrowth } from './platform/heap';

async function main(): Promise<void> {
  limitHeapGrowth();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  // PGlite is one process's database: backup and restore check this file before touching DATA_DIR.
  const removePid = database.engine === 'pglite' ? writeServerPid(config.dataDir) : () => {};
  process.on('exit', removePid);
  // Several processes may start at once on one PostgreSQL: one at a time migrates and seeds.
  let demoVideoId: string | null = null;
  await database.exclusive('startup', async () => {
    await database.migrate();
    if (config.demoData && (await seedDemoData(database.db, { showcase: true }))) {
      console.log('Loaded demo data (see README for the demo accounts)');
      if (config.demoVideo) demoVideoId = await seedDemoVideoLesson(database.db);
    }
    if (config.bootstrapAdmin) await ensureBootstrapAdmin(database.db, config.bootstrapAdmin);
  });
  // PGlite has no autovacuum: refresh the planner's statistics at each start (PostgreSQL does it itself).
  if (database.engine === 'pglite') await database.db.execute(sql`analyze`);

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.role !== 'worker' && config.content.port > 0) {
    await app.contentApp.listen({ port: config.content.port, host: config.host });
    app.log.info(`SCORM packages are served from ${config.content.origin} (port ${config.content.port})`);
  }
  app.log.info(
    `Academy is serving ${config.publicUrl} (role: ${config.role}, database: ${database.engine}, sign-in: ${config.oidc.mode})`,
  );
  await reportIssuer(config, app.log);
  // The demo video is made and encoded in the background while the app is already usable.
  if (demoVideoId) {
    const id = demoVideoId;
    app.media
      .makeDemoVideo(id, DEMO_CLIP)
      .then((video) =>
        app.log.info({ video: id, status: video.status }, 'demo video made and queued for encoding'),
      )
      .catch((err) => app.log.warn({ err, video: id }, 'the demo video could not be made'));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
