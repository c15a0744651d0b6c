import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, runsJobs } from './config';
import { ensureDemoPictures } from './demo';
import type { AppEvents } from './events';
import { assignmentRoutes, wireAssignments } from './modules/assignments';
import { auditedSignIns, auditRoutes, createAudit } from './modules/audit';
import { authorizationsRoutes } from './modules/authorizations';
import { certificateRoutes, wireCertificates } from './modules/certificates';
import { cmi5Routes, createCmi5 } from './modules/cmi5';
import { courseRoutes } from './modules/courses';
import { examRoutes, scheduleExamCloser, systemClock } from './modules/exams';
import { homeRoutes, usesDemoPictures } from './modules/home';
import {
  createMedia,
  type MediaService,
  mediaFileRoutes,
  mediaRoutes,
  mediaStorageSweep,
} from './modules/media';
import { newsRoutes } from './modules/news';
import { notificationRoutes, wireNotifications } from './modules/notifications';
import { orgRoutes } from './modules/org';
import { progressRoutes } from './modules/progress';
import { qaRoutes } from './modules/qa';
import { runRecertification, wireRecertification } from './modules/recertification';
import { recruitmentRoutes } from './modules/recruitment';
import { roadmapRoutes } from './modules/roadmaps';
import { createScorm, scormRoutes } from './modules/scorm';
import { searchRoutes } from './modules/search';
import { publicPageRoutes } from './modules/site';
import {
  courseHasProgressSql,
  courseProgressRows,
  documentDownloadRoutes,
  hasProgress,
  passedLessonsSql,
  startedCourseSql,
  studyRoutes,
  unlockedLesson,
} from './modules/study';
import { systemRoutes } from './modules/system';
import { anyUserOf, createSignInAccounts, usersCountOf, usersRoutes } from './modules/users';
import {
  lrsRoutes,
  wireOwnStatements,
  XAPI_PREFIX,
  xapiCredentialRoutes,
  xapiReportRoutes,
} from './modules/xapi';
import { embeddedResolver, externalResolver } from './platform/auth/resolver';
import { serverClock } from './platform/clock';
import type { AppContext } from './platform/context';
import type { Database } from './platform/db/client';
import { Events } from './platform/events';
import { API_PREFIX, registerAccessGuard } from './platform/http/access';
import { registerAuditTrail } from './platform/http/audit-trail';
import { registerCompression } from './platform/http/compression';
import { registerErrorHandling } from './platform/http/errors';
import { loggerOptions, registerRequestLog } from './platform/http/logging';
import { openApiTransforms } from './platform/http/openapi';
import { registerSecurityHeaders } from './platform/http/security';
import { findWebDist, registerWebApp } from './platform/http/web';
import { type IdpSecrets, loadIdpSecrets } from './platform/idp/keys';
import { registerIdp } from './platform/idp/provider';
import { Jobs } from './platform/jobs/jobs';
import { createMailer, mailPreviewRoutes } from './platform/mail';
import { registerHealth, registerWorkerOnly } from './platform/observability/health';
import { Metrics, registerMetrics } from './platform/observability/metrics';
import { echoRequestId, requestId } from './platform/observability/request-id';
import { scheduleStorageCleanup } from './platform/storage/cleanup';
import { deletionJournal } from './platform/storage/journal';
import { registerFileRoutes } from './platform/storage/serve';
import { createStorage } from './platform/storage/storage';
import { registerUploads } from './platform/uploads/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content origin's server (SCORM packages): main.ts listens on CONTENT_PORT with it. */
    contentApp: FastifyInstance;
    /** Videos: main.ts makes the demo video with it on a first start (decision 84). */
    media: MediaService;
  }
}

export type BuildOptions = {
  config: Config;
  database: Database;
  /** Built web app to serve; looked up next to the source when omitted, `false` for none. */
  webDist?: string | false;
  /** Where log lines go (stdout when omitted); tests read it to check that secrets never appear. */
  logStream?: NodeJS.WritableStream;
};

/** Builds the whole server (API, IdP, web) without listening, so tests can `inject`. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: config.trustProxy,
    // Also bounds the onReady hooks: drawing the demo pictures on a first start takes seconds,
    // over Fastify's default 10 s on a busy machine.
    pluginTimeout: 60_000,
    // X-Request-Id from the proxy when plain, else a UUID; logged as reqId and echoed back.
    requestIdHeader: false,
    genReqId: requestId,
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestLog(app);
  echoRequestId(app);
  registerSecurityHeaders(app, config);
  await registerCompression(app);
  if (config.role === 'worker') registerWorkerOnly(app);

  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    storage: await createStorage(config, deletionJournal(database.db)),
    mailer: createMailer(config, app.log),
    jobs: new Jobs(database, app.log),
    metrics: new Metrics(),
    events: new Events<AppEvents>(),
  };
  const secrets: IdpSecrets | undefined =
    config.oidc.mode === 'embedded' ? await loadIdpSecrets(database.db) : undefined;
  // Sign-in (platform/auth, platform/idp) reaches the users through the users module's ports.
  const audit = createAudit(ctx);
  registerAuditTrail(app, audit.append);
  const accounts = auditedSignIns(createSignInAccounts(database.db, app.log), audit.append);
  registerAccessGuard(
    app,
    secrets
      ? embeddedResolver(config, secrets, accounts.findBySession)
      : externalResolver(config, accounts.linkExternalIdentity),
  );

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Academy API', version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    ...openApiTransforms(app),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    uiConfig: { docExpansion: 'list' },
  });
  app.get(
    `${API_PREFIX}/openapi.json`,
    { config: { access: { public: true } }, schema: { hide: true } },
    async () => app.swagger(),
  );

  // What a lower module needs from a higher one, passed down here (an import would make a cycle):
  // org and authorizations count the users placed in their rows; courses and roadmaps read
  // learners' progress; media asks study whether a learner may open a lesson.
  const placedUsers = { usersCountOf, anyUserOf };
  const learnerProgress = { hasProgress, courseHasProgressSql, passedLessonsSql, startedCourseSql };
  const assignmentProgress = { courseProgressRows };
  const clock = serverClock(config.clockOffsetFile);

  // What runs besides the routes: event handlers, jobs and timers of the modules.
  wireCertificates(ctx, app.log, clock);
  wireAssignments(ctx, app.log, assignmentProgress, clock);
  wireRecertification(ctx, app.log, clock);
  wireOwnStatements(ctx, app.log);
  wireNotifications(ctx, app.log);
  const media = createMedia(ctx, app.log, unlockedLesson);
  const { scorm, packageUploads, contentApp, storageSweep: scormSweep } = await createScorm(ctx, app.log);
  const cmi5 = await createCmi5(ctx, app.log, contentApp);
  app.decorate('contentApp', contentApp);
  app.decorate('media', media);
  app.addHook('onClose', () => contentApp.close());
  // Orphan objects and abandoned uploads: the platform's journal of failed deletions, then media's,
  // scorm's and cmi5's.
  scheduleStorageCleanup(ctx, app.log, [mediaStorageSweep(media), scormSweep, cmi5.storageSweep]);
  scheduleExamCloser(app, ctx.db, ctx.events, systemClock);

  registerHealth(app, { database, storage: ctx.storage, jobs: ctx.jobs, runsJobs: runsJobs(config.role) });
  registerMetrics(app, ctx.metrics, config.metricsToken);
  ctx.metrics.gauge('academy_job_queue_depth', 'Jobs waiting to run, by queue', ['queue'], async () =>
    (await ctx.jobs.queueDepths()).map(({ queue, depth }) => ({ labels: { queue }, value: depth })),
  );

  if (secrets) await registerIdp(app, ctx, secrets, accounts);
  await registerUploads(app);
  registerFileRoutes(app, ctx.storage);

  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply) => {
        reply.header('access-control-expose-headers', 'x-total-count');
      });
      await api.register(systemRoutes, ctx);
      await api.register(usersRoutes, ctx);
      await api.register(orgRoutes, { ...ctx, placedUsers });
      await api.register(authorizationsRoutes, { ...ctx, placedUsers });
      await api.register(courseRoutes, { ...ctx, learnerProgress });
      await api.register(studyRoutes, ctx);
      await api.register(mediaRoutes, { ...ctx, media });
      await api.register(scormRoutes, { ...ctx, scorm, packageUploads });
      await api.register(cmi5Routes, { ...ctx, cmi5, packageUploads });
      await api.register(examRoutes, ctx);
      await api.register(homeRoutes, ctx);
      await api.register(newsRoutes, ctx);
      await api.register(recruitmentRoutes, ctx);
      await api.register(qaRoutes, ctx);
      await api.register(notificationRoutes, ctx);
      await api.register(certificateRoutes, { ...ctx, clock });
      await api.register(roadmapRoutes, { ...ctx, learnerProgress });
      await api.register(progressRoutes, { ...ctx, clock });
      await api.register(assignmentRoutes, {
        ...ctx,
        assignmentProgress,
        clock,
        openDueCycles: (userId, now) =>
          runRecertification(ctx.db, { timeZone: config.timeZone }, now, { userId }),
      });
      await api.register(auditRoutes, ctx);
      await api.register(searchRoutes, ctx);
      await api.register(xapiCredentialRoutes, ctx);
      await api.register(xapiReportRoutes, ctx);
      await api.register(mailPreviewRoutes, ctx);
    },
    { prefix: API_PREFIX },
  );
  // The demo rows point at pictures drawn in code: write any that storage lacks.
  app.addHook('onReady', async () => {
    if (await usesDemoPictures(ctx.db)) await ensureDemoPictures(ctx.storage, app.log);
  });
  // The LRS applies the cmi5 rules to what launch credentials send (decision 118).
  await app.register(lrsRoutes, {
    prefix: XAPI_PREFIX,
    db: ctx.db,
    publicUrl: config.publicUrl,
    guard: cmi5.guard,
  });
  await app.register(documentDownloadRoutes, ctx);
  await app.register(mediaFileRoutes, { ...ctx, media });
  app.decorate('jobs', ctx.jobs);
  app.addHook('onClose', () => ctx.jobs.stop());
  if (runsJobs(config.role)) {
    app.addHook('onListen', async () => {
      ctx.jobs.startWorkers().catch((err) => app.log.error({ err }, 'job workers did not start'));
    });
  }

  const webDist = options.webDist === false ? undefined : (options.webDist ?? findWebDist());
  await app.register(publicPageRoutes, { ...ctx, webDist });
  await registerWebApp(app, webDist, { publicSourceMaps: config.sourceMaps === 'public' });
  return app;
}
