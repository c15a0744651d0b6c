import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import {
  CMI5_MESSAGES,
  MESSAGES,
  type TCmi5Au,
  type TCmi5Course,
  type TCmi5Item,
  type TCmi5Launch,
  type TCmi5Registration,
  type TCmi5WaiveInput,
} from '@academy/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { AppEvents } from '../../events';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import type { Events } from '../../platform/events';
import { ApiError, badRequest, conflict, notFound } from '../../platform/http/errors';
import { EVERYTHING, type ManagementScope } from '../../platform/http/scope';
import type { StorageSweep } from '../../platform/storage/cleanup';
import { deleteFiles, type Storage } from '../../platform/storage/storage';
import { markCmi5Lesson } from '../courses';
import {
  type PackageDescriptor,
  PackageRefused,
  sweepOrphanFiles,
  takeOutLessonPackage,
  unpackZip,
} from '../scorm';
import { recordContentResult, unlockedLesson } from '../study';
import { userBrief } from '../users';
import {
  type ClientScope,
  createLaunchCredential,
  expireCredentialBy,
  isoDuration,
  type JsonObject,
  LAUNCH_DATA_STATE,
  revokeCredential,
  type StatementGuard,
  storeLmsStatements,
  writeLmsState,
  XAPI_PREFIX,
  XapiError,
} from '../xapi';
import {
  type CourseStructure,
  parseCourseStructure,
  type StoredNode,
  StructureRefused,
} from './course-structure';
import { currentCycleOfLessonSql } from './cycle';
import {
  ACTIVITY_TYPE,
  type AuStanding,
  apply,
  CATEGORY,
  type Cmi5Verb,
  checkStatement,
  EXTENSION,
  type LaunchMode,
  moveOnMet,
  RuleBroken,
  type SessionState,
  VERBS,
} from './rules';
import { cmi5AuStates, cmi5CourseFiles, cmi5Courses, cmi5Registrations, cmi5Sessions } from './tables';

type CourseRow = typeof cmi5Courses.$inferSelect;
type SessionRow = typeof cmi5Sessions.$inferSelect;
type RegistrationRow = typeof cmi5Registrations.$inferSelect;
type AuStateRow = typeof cmi5AuStates.$inferSelect;

/** How long a launch's URLs and LRS credential live (as SCORM's launch credential, decision 111). */
export const SESSION_TTL_SECONDS = 4 * 3600;
/** After "terminated", the credential still reads and writes documents this long (no statements). */
const AFTER_TERMINATED_SECONDS = 600;
const FILE_ROWS_PER_INSERT = 1000;
const COURSE_TABLES = { packages: cmi5Courses, files: cmi5CourseFiles, fileOwner: cmi5CourseFiles.courseId };
const STRUCTURE = 'cmi5.xml';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const hash16 = (text: string) => sha256(text).slice(0, 16);

function itemsOf(nodes: StoredNode[], aus: Map<string, TCmi5Au>, depth = 0): TCmi5Item[] {
  return nodes.flatMap((node): TCmi5Item[] =>
    node.kind === 'au'
      ? [{ kind: 'au', id: node.id, title: aus.get(node.id)?.title ?? node.id, depth }]
      : [{ kind: 'block', id: node.id, title: node.title, depth }, ...itemsOf(node.children, aus, depth + 1)],
  );
}

function toCourse(row: CourseRow): TCmi5Course {
  return {
    id: row.id,
    lessonId: row.lessonId,
    courseId: row.publisherId,
    title: row.title,
    description: row.description,
    aus: row.aus,
    items: itemsOf(row.tree, new Map(row.aus.map((au) => [au.id, au]))),
    fileCount: row.fileCount,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

const standingOf = (row: Partial<AuStateRow> | undefined): AuStanding => ({
  completed: Boolean(row?.completedAt),
  passed: Boolean(row?.passedAt),
  failed: Boolean(row?.failedAt),
  waived: Boolean(row?.waivedAt),
});

const activity = (id: string, definition?: JsonObject): JsonObject => ({
  objectType: 'Activity',
  id,
  ...(definition ? { definition } : {}),
});

const name = (text: string): JsonObject => ({ 'en-US': text });

/** The learner's standing in each AU and the course (GET lessons/{id}/cmi5/registration). */
function statusOf(
  registration: RegistrationRow | undefined,
  course: CourseRow,
  states: AuStateRow[],
): TCmi5Registration {
  const byAu = new Map(states.map((s) => [s.auId, s]));
  return {
    registration: registration?.id ?? null,
    title: course.title,
    satisfied: Boolean(registration?.satisfiedAt),
    aus: course.aus.map((au) => {
      const state = byAu.get(au.id);
      const standing = standingOf(state);
      return {
        id: au.id,
        title: au.title,
        moveOn: au.moveOn,
        launchMethod: au.launchMethod,
        ...standing,
        satisfied: registration ? moveOnMet(au.moveOn, standing) : false,
        scoreScaled: state?.scoreScaled ?? null,
      };
    }),
    items: itemsOf(course.tree, new Map(course.aus.map((au) => [au.id, au]))),
  };
}

/** Blocks and the course satisfied once every AU under them meets its moveOn criteria. */
function satisfiedNodes(
  tree: StoredNode[],
  satisfiedAus: Set<string>,
): { blocks: string[]; course: boolean } {
  const blocks: string[] = [];
  const walk = (nodes: StoredNode[]): boolean => {
    let all = true;
    for (const node of nodes) {
      const met = node.kind === 'au' ? satisfiedAus.has(node.id) : walk(node.children);
      if (node.kind === 'block' && met) blocks.push(node.id);
      all &&= met;
    }
    return all;
  };
  const course = walk(tree);
  return { blocks, course };
}

/**
 * cmi5 lessons (issue 26, point 3; decisions 118–122): course import, launch (LMS.LaunchData, the
 * "launched" statement, the fetch URL's one-time LRS credential), the cmi5 rules the LRS applies to
 * the AU's statements, moveOn and "satisfied", abandoned and waived AUs, and the lesson's pass.
 */
export class Cmi5Service {
  constructor(
    readonly db: Db,
    readonly storage: Storage,
    readonly config: Config,
    readonly events: Events<AppEvents>,
    readonly log: FastifyBaseLogger,
  ) {}

  private get publicUrl(): string {
    return this.config.publicUrl;
  }

  // ——— LMS-generated ids (cmi5 8.1, 9.3.9: never the publisher's) ———

  private auActivityId(lessonId: number, publisherId: string): string {
    return `${this.publicUrl}/xapi/activities/lesson/${lessonId}/au/${hash16(publisherId)}`;
  }

  private blockActivityId(lessonId: number, publisherId: string): string {
    return `${this.publicUrl}/xapi/activities/lesson/${lessonId}/block/${hash16(publisherId)}`;
  }

  private courseActivityId(lessonId: number, publisherId: string): string {
    return `${this.publicUrl}/xapi/activities/lesson/${lessonId}/course/${hash16(publisherId)}`;
  }

  private async actorOf(userId: number): Promise<JsonObject> {
    const user = await userBrief(this.db, userId, EVERYTHING);
    if (!user) throw notFound(MESSAGES.userNotFound);
    // No name or e-mail: the launch URL goes to the AU (cmi5 8.1 asks for no sensitive PII).
    return { objectType: 'Agent', account: { homePage: this.publicUrl, name: user.employeeCode } };
  }

  // ——— Import ———

  private async courseRowOf(lessonId: number, db: Db = this.db): Promise<CourseRow> {
    const [row] = await db.select().from(cmi5Courses).where(eq(cmi5Courses.lessonId, lessonId));
    if (!row) throw notFound(CMI5_MESSAGES.noCourse);
    return row;
  }

  async getCourse(lessonId: number): Promise<TCmi5Course> {
    return toCourse(await this.courseRowOf(lessonId));
  }

  /** cmi5.xml alone, or a zip with it at the root (its files unpacked with the SCORM checks). */
  private async readUpload(file: string, id: string) {
    const handle = await fs.open(file, 'r');
    const head = Buffer.alloc(4);
    let size: number;
    try {
      await handle.read(head, 0, 4, 0);
      size = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    if (head.readUInt32LE(0) === 0x04034b50 || head.readUInt32LE(0) === 0x06054b50) {
      const descriptor: PackageDescriptor<CourseStructure> = {
        name: STRUCTURE,
        maxBytes: 5 * 1024 * 1024,
        missing: CMI5_MESSAGES.noStructure,
        tooLarge: CMI5_MESSAGES.structureTooLarge,
        missingFile: CMI5_MESSAGES.missingLaunch,
        notZip: CMI5_MESSAGES.notZip,
        parse: (text) => {
          try {
            return parseCourseStructure(text, false);
          } catch (err) {
            if (err instanceof StructureRefused) throw new PackageRefused(err.message);
            throw new PackageRefused(CMI5_MESSAGES.badStructure);
          }
        },
        neededFiles: (structure) => structure.launchFiles,
      };
      const { described, files, sizeBytes } = await unpackZip(file, `cmi5/${id}`, this.storage, descriptor);
      return { structure: described, files, sizeBytes };
    }
    if (size > 5 * 1024 * 1024) throw new StructureRefused(CMI5_MESSAGES.structureTooLarge);
    const text = (await fs.readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    if (!text.trimStart().startsWith('<')) throw new StructureRefused(CMI5_MESSAGES.notCmi5File);
    return { structure: parseCourseStructure(text, true), files: [], sizeBytes: 0 };
  }

  /**
   * PUT lessons/{id}/cmi5: checks the upload (cmi5.xml, or a zip unpacked with the SCORM module's
   * checks), then in one transaction replaces the lesson's course and makes it a cmi5 lesson; the
   * old course's files are deleted after. A refusal keeps nothing.
   */
  async importCourse(lessonId: number, file: string, uploadedBy: number): Promise<TCmi5Course> {
    const id = randomUUID();
    const upload = await this.readUpload(file, id).catch((err: unknown) => {
      if (err instanceof PackageRefused || err instanceof StructureRefused) throw badRequest(err.message);
      throw err;
    });
    const { structure, files } = upload;
    let oldKeys: string[] = [];
    try {
      const row = await this.db.transaction(async (tx) => {
        if (!(await markCmi5Lesson(tx, lessonId))) throw notFound(MESSAGES.lessonNotFound);
        oldKeys = (await takeOutLessonPackage(tx, COURSE_TABLES, lessonId)) ?? [];
        const [inserted] = await tx
          .insert(cmi5Courses)
          .values({
            id,
            lessonId,
            publisherId: structure.courseId,
            title: structure.title.slice(0, 255),
            description: structure.description,
            aus: structure.aus,
            tree: structure.tree,
            fileCount: files.length,
            sizeBytes: upload.sizeBytes,
            uploadedBy,
          })
          .returning();
        for (let i = 0; i < files.length; i += FILE_ROWS_PER_INSERT) {
          await tx
            .insert(cmi5CourseFiles)
            .values(files.slice(i, i + FILE_ROWS_PER_INSERT).map((f) => ({ ...f, courseId: id })));
        }
        if (!inserted) throw new Error('course row not written');
        return inserted;
      });
      await this.removeFiles(oldKeys);
      return toCourse(row);
    } catch (err) {
      await this.removeFiles(files.map((f) => f.storageKey));
      throw err;
    }
  }

  /**
   * DELETE lessons/{id}/cmi5: removes the lesson's course and its files; the lesson stays a cmi5
   * lesson without content until another course is uploaded. Registrations stay.
   */
  async deleteCourse(lessonId: number): Promise<void> {
    const keys = await this.db.transaction(async (tx) => {
      const taken = await takeOutLessonPackage(tx, COURSE_TABLES, lessonId);
      if (!taken) throw notFound(CMI5_MESSAGES.noCourse);
      return taken;
    });
    await this.removeFiles(keys);
  }

  /** The storage cleanup job's part: files of courses that are gone (a lesson deleted, an import that died). */
  readonly storageSweep: StorageSweep = async (now) => ({
    orphanCmi5Files: await sweepOrphanFiles(
      this.storage,
      'cmi5/',
      async (ids) => {
        const rows = await this.db
          .select({ id: cmi5Courses.id })
          .from(cmi5Courses)
          .where(inArray(cmi5Courses.id, ids));
        return new Set(rows.map((row) => row.id));
      },
      now,
    ),
  });

  private removeFiles(keys: string[]): Promise<void> {
    return deleteFiles(this.storage, keys, (err, key) =>
      this.log.warn({ err, key }, 'a cmi5 file could not be removed'),
    );
  }

  // ——— Registration and satisfaction ———

  /** The learner's registration in the lesson for their current cycle of its course (decision 123). */
  private async registrationOf(userId: number, lessonId: number, db: Db = this.db) {
    const [row] = await db
      .select()
      .from(cmi5Registrations)
      .where(
        and(
          eq(cmi5Registrations.userId, userId),
          eq(cmi5Registrations.lessonId, lessonId),
          eq(cmi5Registrations.cycle, currentCycleOfLessonSql(sql`${userId}`, sql`${lessonId}`)),
        ),
      );
    return row;
  }

  /**
   * The learner's registration in the lesson's course, made on first use in each cycle of the
   * course (decision 123: a recertification enrols again). At registration the LMS evaluates
   * moveOn (cmi5 9.6.1): blocks (and the course) of NotApplicable AUs only are satisfied at once,
   * with a session id of their own.
   */
  private async ensureRegistration(userId: number, course: CourseRow, now: Date): Promise<RegistrationRow> {
    const existing = await this.registrationOf(userId, course.lessonId);
    if (existing) return existing;
    const actor = await this.actorOf(userId);
    return this.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(cmi5Registrations)
        .values({
          id: randomUUID(),
          userId,
          lessonId: course.lessonId,
          cycle: currentCycleOfLessonSql(sql`${userId}`, sql`${course.lessonId}`),
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!made) {
        const raced = await this.registrationOf(userId, course.lessonId, tx);
        if (!raced) throw conflict(CMI5_MESSAGES.noCourse);
        return raced;
      }
      await this.settle(tx, made, course, actor, randomUUID(), now);
      return made;
    });
  }

  /**
   * Marks the AUs whose moveOn criteria are met, and issues "satisfied" for each block and for the
   * course once all of their AUs are (once per registration), with the given session id.
   */
  private async settle(
    tx: Db,
    registration: RegistrationRow,
    course: CourseRow,
    actor: JsonObject,
    sessionId: string,
    now: Date,
  ): Promise<void> {
    const states = await tx
      .select()
      .from(cmi5AuStates)
      .where(eq(cmi5AuStates.registrationId, registration.id));
    const byAu = new Map(states.map((s) => [s.auId, s]));
    const met = new Set(
      course.aus.filter((au) => moveOnMet(au.moveOn, standingOf(byAu.get(au.id)))).map((au) => au.id),
    );
    for (const auId of met) {
      if (byAu.get(auId)?.satisfiedAt) continue;
      await tx
        .insert(cmi5AuStates)
        .values({ registrationId: registration.id, auId, satisfiedAt: now })
        .onConflictDoUpdate({
          target: [cmi5AuStates.registrationId, cmi5AuStates.auId],
          set: { satisfiedAt: sql`coalesce(${cmi5AuStates.satisfiedAt}, ${now.toISOString()}::timestamptz)` },
        });
    }
    const { blocks, course: courseDone } = satisfiedNodes(course.tree, met);
    const newBlocks = blocks.filter((id) => !registration.satisfiedBlocks.includes(id));
    const courseNow = courseDone && !registration.satisfiedAt;
    if (newBlocks.length === 0 && !courseNow) return;
    const blockTitles = new Map<string, string>();
    const collect = (nodes: StoredNode[]) => {
      for (const node of nodes)
        if (node.kind === 'block') {
          blockTitles.set(node.id, node.title);
          collect(node.children);
        }
    };
    collect(course.tree);
    const satisfied = (objectId: string, type: string, title: string, publisherId: string): JsonObject => ({
      id: randomUUID(),
      actor,
      verb: { id: VERBS.satisfied, display: { 'en-US': 'satisfied' } },
      object: activity(objectId, { type, name: name(title) }),
      context: {
        registration: registration.id,
        contextActivities: { category: [activity(CATEGORY.cmi5)], grouping: [activity(publisherId)] },
        extensions: { [EXTENSION.sessionId]: sessionId },
      },
      timestamp: now.toISOString(),
    });
    const statements = newBlocks.map((id) =>
      satisfied(
        this.blockActivityId(course.lessonId, id),
        ACTIVITY_TYPE.block,
        blockTitles.get(id) ?? id,
        id,
      ),
    );
    if (courseNow) {
      statements.push(
        satisfied(
          this.courseActivityId(course.lessonId, course.publisherId),
          ACTIVITY_TYPE.course,
          course.title,
          course.publisherId,
        ),
      );
    }
    await storeLmsStatements(tx, statements, this.publicUrl);
    const satisfiedBlocks = [...registration.satisfiedBlocks, ...newBlocks];
    await tx
      .update(cmi5Registrations)
      .set({ satisfiedBlocks, ...(courseNow ? { satisfiedAt: now } : {}) })
      .where(eq(cmi5Registrations.id, registration.id));
    registration.satisfiedBlocks = satisfiedBlocks;
    if (courseNow) registration.satisfiedAt = now;
  }

  /**
   * Tells study how the learner stands: the lesson's content is passed once the course is
   * satisfied; the credited time is each session's, from its launch to the AU's last statement.
   * A lesson locked since (its course reordered) keeps the cmi5 data only, and so does a
   * registration of an ended cycle (a session still open when the recertification came).
   */
  private async creditLesson(registrationId: string, now: Date): Promise<void> {
    const [row] = await this.db
      .select({
        userId: cmi5Registrations.userId,
        lessonId: cmi5Registrations.lessonId,
        satisfiedAt: cmi5Registrations.satisfiedAt,
        current: sql<boolean>`${cmi5Registrations.cycle} = ${currentCycleOfLessonSql(col(cmi5Registrations.userId), col(cmi5Registrations.lessonId))}`,
        seconds: sql<number>`coalesce((select sum(greatest(0, extract(epoch from coalesce(s.last_statement_at, s.launched_at) - s.launched_at))) from cmi5_sessions s where s.registration_id = ${cmi5Registrations.id}), 0)::float8`,
      })
      .from(cmi5Registrations)
      .where(eq(cmi5Registrations.id, registrationId));
    if (!row?.current) return;
    await recordContentResult(
      this.db,
      this.events,
      row.userId,
      row.lessonId,
      { passed: row.satisfiedAt !== null, creditedSeconds: row.seconds },
      now,
    ).catch((err) => {
      if (err instanceof ApiError && err.status === 403) return;
      throw err;
    });
  }

  // ——— Launch ———

  private auOf(course: CourseRow, auId: string | undefined, fallback?: TCmi5Au): TCmi5Au {
    if (auId === undefined) return fallback ?? (course.aus[0] as TCmi5Au);
    const au = course.aus.find((a) => a.id === auId);
    if (!au) throw badRequest(CMI5_MESSAGES.unknownAu);
    return au;
  }

  private async lessonCourse(userId: number, lessonId: number) {
    const lesson = await unlockedLesson(this.db, userId, lessonId);
    if (lesson.videoKind !== 'cmi5') throw badRequest(CMI5_MESSAGES.notCmi5Lesson);
    return { lesson, course: await this.courseRowOf(lessonId) };
  }

  /**
   * A session that never sent "terminated" is abandoned by the next launch in its registration
   * (cmi5 9.3.6): the LMS records "abandoned" with the session's time (launch to its last
   * statement), and its credential stops at once.
   */
  private async abandonOpenSessions(
    tx: Db,
    registration: RegistrationRow,
    course: CourseRow,
    now: Date,
  ): Promise<void> {
    const open = await tx
      .select()
      .from(cmi5Sessions)
      .where(
        and(
          eq(cmi5Sessions.registrationId, registration.id),
          isNull(cmi5Sessions.terminatedAt),
          isNull(cmi5Sessions.abandonedAt),
        ),
      )
      .for('update');
    for (const session of open) {
      const last = session.lastStatementAt ?? session.launchedAt;
      const au = course.aus.find((a) => a.id === session.auId);
      await storeLmsStatements(
        tx,
        [
          {
            id: randomUUID(),
            actor: session.actor,
            verb: { id: VERBS.abandoned, display: { 'en-US': 'abandoned' } },
            object: activity(session.activityId, au ? { name: name(au.title) } : undefined),
            result: { duration: isoDuration((last.getTime() - session.launchedAt.getTime()) / 1000) },
            context: {
              registration: registration.id,
              contextActivities: { category: [activity(CATEGORY.cmi5)], grouping: [activity(session.auId)] },
              extensions: { [EXTENSION.sessionId]: session.id },
            },
            timestamp: now.toISOString(),
          },
        ],
        this.publicUrl,
      );
      await tx.update(cmi5Sessions).set({ abandonedAt: now }).where(eq(cmi5Sessions.id, session.id));
      if (session.credentialId !== null) await revokeCredential(tx, session.credentialId);
    }
  }

  /** The AU's URL with the cmi5 launch parameters (cmi5 8.1), and the launch URL without them. */
  private launchUrls(au: TCmi5Au, fileToken: string, params: Record<string, string>) {
    const base = `${this.config.content.origin}/cmi5/${fileToken}/f/`;
    const url = /^https?:\/\//i.test(au.url) ? new URL(au.url) : new URL(au.url.replace(/^\.\//, ''), base);
    for (const key of Object.keys(params)) url.searchParams.delete(key);
    const launchUrl = url.toString();
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return { url: url.toString(), launchUrl };
  }

  /**
   * POST lessons/{id}/cmi5/launch: opens a session of one AU (the one asked for, else the first
   * not satisfied) for the learner's registration. Before answering, the LMS abandons the
   * registration's open session, writes LMS.LaunchData to the state API and records "launched"
   * (cmi5 10, 9.3.1). The URL carries endpoint, fetch, actor, registration and activityId.
   */
  async launch(userId: number, lessonId: number, query: { au?: string }, now: Date): Promise<TCmi5Launch> {
    const { course } = await this.lessonCourse(userId, lessonId);
    const registration = await this.ensureRegistration(userId, course, now);
    const states = await this.db
      .select()
      .from(cmi5AuStates)
      .where(eq(cmi5AuStates.registrationId, registration.id));
    const firstOpen = course.aus.find((a) => !states.find((s) => s.auId === a.id)?.satisfiedAt);
    const au = this.auOf(course, query.au, firstOpen);
    const actor = await this.actorOf(userId);
    const sessionId = randomUUID();
    const fileToken = newToken();
    const fetchToken = newToken();
    const activityId = this.auActivityId(lessonId, au.id);
    const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
    const fetchUrl = `${this.config.content.origin}/cmi5/${fetchToken}/fetch`;
    const { url, launchUrl } = this.launchUrls(au, fileToken, {
      endpoint: `${this.publicUrl}${XAPI_PREFIX}/`,
      fetch: fetchUrl,
      actor: JSON.stringify(actor),
      registration: registration.id,
      activityId,
    });
    const launchMode: LaunchMode = 'Normal';
    const contextTemplate: JsonObject = {
      contextActivities: { grouping: [activity(au.id)] },
      extensions: { [EXTENSION.sessionId]: sessionId },
    };
    await this.db.transaction(async (tx) => {
      // One launch at a time per registration: the row lock orders them.
      await tx
        .select({ id: cmi5Registrations.id })
        .from(cmi5Registrations)
        .where(eq(cmi5Registrations.id, registration.id))
        .for('update');
      await this.abandonOpenSessions(tx, registration, course, now);
      await tx.insert(cmi5Sessions).values({
        id: sessionId,
        registrationId: registration.id,
        courseId: course.id,
        auId: au.id,
        activityId,
        launchMode,
        moveOn: au.moveOn,
        masteryScore: au.masteryScore,
        actor,
        tokenHash: sha256(fileToken),
        fetchTokenHash: sha256(fetchToken),
        launchedAt: now,
        expiresAt,
      });
      await writeLmsState(
        tx,
        { activityId, agent: actor, registration: registration.id, stateId: LAUNCH_DATA_STATE },
        {
          contextTemplate,
          launchMode,
          moveOn: au.moveOn,
          returnURL: `${this.config.content.origin}/cmi5/${fileToken}/return`,
          ...(au.launchParameters !== null ? { launchParameters: au.launchParameters } : {}),
          ...(au.masteryScore !== null ? { masteryScore: au.masteryScore } : {}),
          ...(au.entitlementKey !== null ? { entitlementKey: { courseStructure: au.entitlementKey } } : {}),
        },
      );
      await storeLmsStatements(
        tx,
        [
          {
            id: randomUUID(),
            actor,
            verb: { id: VERBS.launched, display: { 'en-US': 'launched' } },
            object: activity(activityId, {
              name: name(au.title),
              ...(au.description ? { description: name(au.description) } : {}),
              ...(au.activityType ? { type: au.activityType } : {}),
            }),
            context: {
              registration: registration.id,
              contextActivities: { category: [activity(CATEGORY.cmi5)], grouping: [activity(au.id)] },
              extensions: {
                [EXTENSION.sessionId]: sessionId,
                [EXTENSION.launchMode]: launchMode,
                [EXTENSION.launchUrl]: launchUrl,
                [EXTENSION.moveOn]: au.moveOn,
                ...(au.launchParameters !== null
                  ? { [EXTENSION.launchParameters]: au.launchParameters }
                  : {}),
                ...(au.masteryScore !== null ? { [EXTENSION.masteryScore]: au.masteryScore } : {}),
              },
            },
            timestamp: now.toISOString(),
          },
        ],
        this.publicUrl,
      );
    });
    return {
      url,
      au: au.id,
      launchMethod: au.launchMethod,
      registration: registration.id,
      sessionId,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** GET lessons/{id}/cmi5/registration: the learner's standing in each AU and the course. */
  async registration(userId: number, lessonId: number, now: Date): Promise<TCmi5Registration> {
    const { lesson, course } = await this.lessonCourse(userId, lessonId);
    const registration = await this.registrationOf(userId, lessonId);
    const states = registration
      ? await this.db.select().from(cmi5AuStates).where(eq(cmi5AuStates.registrationId, registration.id))
      : [];
    // A pass whose study step never ran (the process stopped right after the statement) is told now.
    if (registration?.satisfiedAt && !lesson.record?.contentPassed)
      await this.creditLesson(registration.id, now);
    return statusOf(registration, course, states);
  }

  /**
   * POST lessons/{id}/cmi5/waive: a progress manager waives one AU for one learner (cmi5 9.3.7):
   * "waived" with its reason, in a session of its own, once per AU and registration; the AU is
   * satisfied, and so may the course be (then the lesson passes, if it is open to the learner).
   */
  async waive(
    staffId: number,
    lessonId: number,
    input: TCmi5WaiveInput,
    now: Date,
    within: ManagementScope,
  ): Promise<TCmi5Registration> {
    const user = await userBrief(this.db, input.userId, within);
    if (!user) throw notFound(MESSAGES.userNotFound);
    const course = await this.courseRowOf(lessonId);
    const au = this.auOf(course, input.au);
    const registration = await this.ensureRegistration(input.userId, course, now);
    const actor = await this.actorOf(input.userId);
    await this.db.transaction(async (tx) => {
      const [state] = await tx
        .select()
        .from(cmi5AuStates)
        .where(and(eq(cmi5AuStates.registrationId, registration.id), eq(cmi5AuStates.auId, au.id)))
        .for('update');
      // Once per AU and registration (cmi5 9.3.7); an AU already satisfied needs no waiver.
      if (moveOnMet(au.moveOn, standingOf(state))) throw conflict(CMI5_MESSAGES.alreadyWaived);
      const sessionId = randomUUID();
      await storeLmsStatements(
        tx,
        [
          {
            id: randomUUID(),
            actor,
            verb: { id: VERBS.waived, display: { 'en-US': 'waived' } },
            object: activity(this.auActivityId(lessonId, au.id), { name: name(au.title) }),
            result: { success: true, completion: true, extensions: { [EXTENSION.reason]: input.reason } },
            context: {
              registration: registration.id,
              contextActivities: {
                category: [activity(CATEGORY.cmi5), activity(CATEGORY.moveOn)],
                grouping: [activity(au.id)],
              },
              extensions: { [EXTENSION.sessionId]: sessionId },
            },
            timestamp: now.toISOString(),
          },
        ],
        this.publicUrl,
      );
      await tx
        .insert(cmi5AuStates)
        .values({ registrationId: registration.id, auId: au.id, waivedAt: now, waiveReason: input.reason })
        .onConflictDoUpdate({
          target: [cmi5AuStates.registrationId, cmi5AuStates.auId],
          set: { waivedAt: now, waiveReason: input.reason },
        });
      const [fresh] = await tx
        .select()
        .from(cmi5Registrations)
        .where(eq(cmi5Registrations.id, registration.id))
        .for('update');
      await this.settle(tx, fresh ?? registration, course, actor, sessionId, now);
    });
    this.log.info(
      { staffId, userId: input.userId, lessonId, au: au.id, reason: input.reason },
      'cmi5 AU waived',
    );
    await this.creditLesson(registration.id, now);
    return this.standing(registration.id, course);
  }

  private async standing(registrationId: string, course: CourseRow): Promise<TCmi5Registration> {
    const [registration] = await this.db
      .select()
      .from(cmi5Registrations)
      .where(eq(cmi5Registrations.id, registrationId));
    const states = await this.db
      .select()
      .from(cmi5AuStates)
      .where(eq(cmi5AuStates.registrationId, registrationId));
    return statusOf(registration, course, states);
  }

  // ——— The content origin ———

  /** The live session a content URL's token names; null when unknown or expired. */
  async sessionByToken(token: string, now: Date): Promise<SessionRow | null> {
    const [row] = await this.db
      .select()
      .from(cmi5Sessions)
      .where(eq(cmi5Sessions.tokenHash, sha256(token)));
    return row && row.expiresAt > now ? row : null;
  }

  /** A course file for the AU's frame: its storage key, or null (404). */
  async fileKey(session: SessionRow, path: string): Promise<string | null> {
    if (!session.courseId) return null;
    const [row] = await this.db
      .select({ key: cmi5CourseFiles.storageKey })
      .from(cmi5CourseFiles)
      .where(and(eq(cmi5CourseFiles.courseId, session.courseId), eq(cmi5CourseFiles.path, path)));
    return row?.key ?? null;
  }

  /**
   * The fetch URL (cmi5 8.2): the first POST makes the session's LRS credential (this learner,
   * registration, activity and session only; it ends with the session) and answers it as
   * "auth-token"; any later one answers error 1. Always 200 with JSON, as the spec asks.
   */
  async fetchToken(token: string, now: Date): Promise<JsonObject> {
    const [session] = await this.db
      .select()
      .from(cmi5Sessions)
      .where(eq(cmi5Sessions.fetchTokenHash, sha256(token)));
    if (!session) return { 'error-code': '2', 'error-text': 'This fetch URL is not valid' };
    if (session.expiresAt <= now || session.abandonedAt || session.terminatedAt) {
      return { 'error-code': '1', 'error-text': 'This AU session has ended; launch the AU again' };
    }
    const given = await this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(cmi5Sessions)
        .set({ fetchedAt: now })
        .where(and(eq(cmi5Sessions.id, session.id), isNull(cmi5Sessions.fetchedAt)))
        .returning({ id: cmi5Sessions.id });
      if (!claimed) return null;
      const [registration] = await tx
        .select({ id: cmi5Registrations.id })
        .from(cmi5Registrations)
        .where(eq(cmi5Registrations.id, session.registrationId));
      const made = await createLaunchCredential(tx, {
        name: `cmi5 session ${session.id}`,
        scope: {
          sessionId: session.id,
          actor: session.actor,
          registration: registration?.id ?? session.registrationId,
          activityId: session.activityId,
        },
        expiresAt: session.expiresAt,
      });
      await tx.update(cmi5Sessions).set({ credentialId: made.id }).where(eq(cmi5Sessions.id, session.id));
      return made.authToken;
    });
    if (!given)
      return { 'error-code': '1', 'error-text': 'The authorization token has already been returned' };
    return { 'auth-token': given };
  }

  // ——— The LRS's cmi5 rules (the launch credential's statement guard) ———

  /**
   * Runs in the LRS's storing transaction for statements sent with a launch credential: the
   * session is locked, each statement checked against the cmi5 rules in order (rules.ts; a broken
   * rule refuses the whole batch with 400), then the session and the AU's standing are written;
   * an AU that meets its moveOn makes the LMS settle blocks and the course ("satisfied"). After
   * the commit, study hears about the lesson.
   */
  readonly guard: StatementGuard = async (tx, statements, scope: ClientScope) => {
    const now = new Date();
    const [session] = await tx
      .select()
      .from(cmi5Sessions)
      .where(eq(cmi5Sessions.id, scope.sessionId))
      .for('update');
    if (!session) throw new XapiError(403, 'this launch has no cmi5 session');
    if (session.abandonedAt) throw new XapiError(403, 'this AU session was abandoned; launch the AU again');
    const [course] = session.courseId
      ? await tx.select().from(cmi5Courses).where(eq(cmi5Courses.id, session.courseId))
      : [];
    const au = course?.aus.find((a) => a.id === session.auId);
    if (!course || !au)
      throw new XapiError(403, 'the course of this launch was replaced; launch the AU again');
    const [state] = await tx
      .select()
      .from(cmi5AuStates)
      .where(and(eq(cmi5AuStates.registrationId, session.registrationId), eq(cmi5AuStates.auId, au.id)))
      .for('update');
    const sessionState: SessionState = {
      id: session.id,
      activityId: session.activityId,
      publisherId: session.auId,
      launchMode: session.launchMode as LaunchMode,
      masteryScore: session.masteryScore,
      verbs: new Set(session.verbs as Cmi5Verb[]),
      initialized: session.initializedAt !== null,
      terminated: session.terminatedAt !== null,
    };
    const standing = standingOf(state);
    const wasMet = moveOnMet(au.moveOn, standing);
    const stamps: Partial<AuStateRow> = {};
    for (const statement of statements) {
      let verb: Cmi5Verb | null;
      try {
        verb = checkStatement(statement, sessionState, standing);
      } catch (err) {
        if (err instanceof RuleBroken) throw new XapiError(400, `cmi5: ${err.message}`);
        throw err;
      }
      apply(verb, sessionState, standing);
      if (verb === 'completed') stamps.completedAt = now;
      if (verb === 'passed') stamps.passedAt = now;
      if (verb === 'failed') stamps.failedAt = now;
      if (verb === 'passed' || verb === 'failed') {
        const result = statement.result as JsonObject;
        const score = (result.score ?? {}) as JsonObject;
        stamps.scoreScaled = typeof score.scaled === 'number' ? score.scaled : null;
      }
    }
    await tx
      .update(cmi5Sessions)
      .set({
        verbs: [...sessionState.verbs],
        initializedAt: session.initializedAt ?? now,
        terminatedAt: sessionState.terminated ? (session.terminatedAt ?? now) : null,
        lastStatementAt: now,
      })
      .where(eq(cmi5Sessions.id, session.id));
    if (Object.keys(stamps).length > 0) {
      await tx
        .insert(cmi5AuStates)
        .values({ registrationId: session.registrationId, auId: au.id, ...stamps })
        .onConflictDoUpdate({ target: [cmi5AuStates.registrationId, cmi5AuStates.auId], set: stamps });
    }
    if (sessionState.terminated && !session.terminatedAt && session.credentialId !== null) {
      await expireCredentialBy(
        tx,
        session.credentialId,
        new Date(now.getTime() + AFTER_TERMINATED_SECONDS * 1000),
      );
    }
    if (!wasMet && moveOnMet(au.moveOn, standing)) {
      const [registration] = await tx
        .select()
        .from(cmi5Registrations)
        .where(eq(cmi5Registrations.id, session.registrationId))
        .for('update');
      if (registration) await this.settle(tx, registration, course, session.actor, session.id, now);
    }
    return async () => {
      await this.creditLesson(session.registrationId, now).catch((err) =>
        this.log.error({ err, session: session.id }, 'a cmi5 result could not reach study'),
      );
    };
  };
}
