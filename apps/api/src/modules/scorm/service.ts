import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  SCORM_MESSAGES,
  type ScormVersion,
  type TScormAttempt,
  type TScormItem,
  type TScormLaunch,
  type TScormPackage,
} from '@academy/contract';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { AppEvents } from '../../events';
import type { Db } from '../../platform/db/client';
import { preparedPerDatabase } from '../../platform/db/prepared';
import { col } from '../../platform/db/sql';
import type { Events } from '../../platform/events';
import { ApiError, badRequest, conflict, notFound } from '../../platform/http/errors';
import { deleteFiles, type Storage } from '../../platform/storage/storage';
import { markScormLesson } from '../courses';
import { currentCycleSql, recordContentResult, unlockedLesson } from '../study';
import { employeeCodeOf, fullNameOf } from '../users';
import {
  attemptPasses,
  type Completion,
  formatDuration2004,
  formatTimespan12,
  mergeInteractions,
  readCommit,
  rollUp,
  type ScoStanding,
  type Success,
  scoDone,
} from './cmi';
import {
  LAUNCH_TTL_SECONDS,
  type LaunchClaims,
  loadLaunchSecret,
  newSessionId,
  readLaunch,
  signLaunch,
} from './credential';
import { takeOutLessonPackage } from './package-rows';
import { type StoredItem, scormAttempts, scormPackageFiles, scormPackages, scormScoStates } from './tables';
import { unpackPackage } from './unpack';

type PackageRow = typeof scormPackages.$inferSelect;
type AttemptRow = typeof scormAttempts.$inferSelect;
type ScoStateRow = typeof scormScoStates.$inferSelect;

const FILE_ROWS_PER_INSERT = 1000;
const PACKAGE_TABLES = {
  packages: scormPackages,
  files: scormPackageFiles,
  fileOwner: scormPackageFiles.packageId,
};

const is12 = (version: string) => version === '1.2';

/** The organization's tree as the menu's rows, depth-first. */
function menuOf(items: StoredItem[], depth = 0): TScormItem[] {
  return items.flatMap((item) => [
    { identifier: item.identifier, title: item.title, sco: item.sco, depth },
    ...menuOf(item.children, depth + 1),
  ]);
}

function toPackage(row: PackageRow): TScormPackage {
  return {
    id: row.id,
    lessonId: row.lessonId,
    title: row.title,
    version: row.version as ScormVersion,
    scos: row.scos.map(({ identifier, title, launch }) => ({ identifier, title, launch })),
    items: menuOf(row.items),
    warnings: row.warnings,
    fileCount: row.fileCount,
    sizeBytes: row.sizeBytes,
    maxAttempts: row.maxAttempts,
    passMark: row.passMark,
    createdAt: row.createdAt.toISOString(),
  };
}

function standingOf(
  row:
    | Pick<
        ScoStateRow,
        'completionStatus' | 'successStatus' | 'scoreRaw' | 'scoreMin' | 'scoreMax' | 'scoreScaled'
      >
    | undefined,
): ScoStanding {
  return {
    completion: (row?.completionStatus ?? 'not attempted') as Completion,
    success: (row?.successStatus ?? 'unknown') as Success,
    score: {
      raw: row?.scoreRaw ?? null,
      min: row?.scoreMin ?? null,
      max: row?.scoreMax ?? null,
      scaled: row?.scoreScaled ?? null,
    },
  };
}

const finished = (a: Pick<AttemptRow, 'completionStatus' | 'successStatus'>) =>
  a.completionStatus === 'completed' || a.successStatus !== 'unknown';

/** Seconds between two instants, never negative. */
const secondsBetween = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / 1000);

/** A refusal of the content origin: the frame shows the message; nothing is written. */
export const expired = () => new ApiError(401, SCORM_MESSAGES.linkExpired);

/**
 * What a commit reads, in one prepared statement (every learner's runtime commits every 30 s:
 * decision 151): the credential's package, the SCO's state in the attempt with the attempt, whether
 * a later attempt closed it, and the time of the cycle's other attempts (finished, no longer
 * changing). The SCO's identifier is picked from the package's `scos` by the credential's index.
 */
const commitState = preparedPerDatabase((db) =>
  db
    .select({
      pkg: {
        lessonId: scormPackages.lessonId,
        version: scormPackages.version,
        scos: scormPackages.scos,
        passMark: scormPackages.passMark,
      },
      state: scormScoStates,
      attempt: scormAttempts,
      // A later attempt (a new one, or a new cycle's: decision 105) closes this one.
      superseded: sql<boolean>`exists (select 1 from ${scormAttempts} later where later.user_id = ${col(scormAttempts.userId)} and later.lesson_id = ${col(scormAttempts.lessonId)} and later.number > ${col(scormAttempts.number)})`,
      otherSeconds: sql<number>`coalesce((select sum(earlier.total_seconds) from ${scormAttempts} earlier where earlier.user_id = ${col(scormAttempts.userId)} and earlier.lesson_id = ${col(scormAttempts.lessonId)} and earlier.cycle = ${col(scormAttempts.cycle)} and earlier.id <> ${col(scormAttempts.id)}), 0)::float8`,
    })
    .from(scormPackages)
    .leftJoin(
      scormScoStates,
      and(
        eq(scormScoStates.attemptId, sql.placeholder('attemptId')),
        eq(
          scormScoStates.sco,
          sql`(${col(scormPackages.scos)} -> ${sql.placeholder('sco')}::int ->> 'identifier')`,
        ),
      ),
    )
    .leftJoin(scormAttempts, eq(scormAttempts.id, scormScoStates.attemptId))
    .where(eq(scormPackages.id, sql.placeholder('packageId')))
    .prepare('scorm_commit_state'),
);

/** SCORM lessons: import, launch, the runtime's commits and the learner's attempt (issue 25). */
export class ScormService {
  private secret: Promise<Buffer> | undefined;

  constructor(
    readonly db: Db,
    readonly storage: Storage,
    readonly config: Config,
    readonly events: Events<AppEvents>,
    readonly log: FastifyBaseLogger,
  ) {}

  private launchSecret(): Promise<Buffer> {
    this.secret ??= loadLaunchSecret(this.db);
    return this.secret;
  }

  private async packageOf(lessonId: number): Promise<PackageRow> {
    const [row] = await this.db.select().from(scormPackages).where(eq(scormPackages.lessonId, lessonId));
    if (!row) throw notFound(SCORM_MESSAGES.noPackage);
    return row;
  }

  async getPackage(lessonId: number): Promise<TScormPackage> {
    return toPackage(await this.packageOf(lessonId));
  }

  /**
   * PUT lessons/{id}/package: checks and unpacks the zip (unpack.ts), then in one transaction
   * replaces the lesson's package and makes it a SCORM lesson; the old package's files are
   * deleted after. A refusal keeps nothing.
   */
  async importPackage(lessonId: number, zipPath: string, uploadedBy: number): Promise<TScormPackage> {
    const id = randomUUID();
    const unpacked = await unpackPackage(zipPath, id, this.storage).catch((err: Error) => {
      throw badRequest(err.message);
    });
    let oldKeys: string[] = [];
    try {
      const row = await this.db.transaction(async (tx) => {
        if (!(await markScormLesson(tx, lessonId))) throw notFound(MESSAGES.lessonNotFound);
        oldKeys = (await takeOutLessonPackage(tx, PACKAGE_TABLES, lessonId)) ?? [];
        const [inserted] = await tx
          .insert(scormPackages)
          .values({
            id,
            lessonId,
            title: unpacked.title,
            version: unpacked.version,
            scos: unpacked.scos,
            items: unpacked.items,
            warnings: unpacked.warnings,
            fileCount: unpacked.files.length,
            sizeBytes: unpacked.sizeBytes,
            uploadedBy,
          })
          .returning();
        for (let i = 0; i < unpacked.files.length; i += FILE_ROWS_PER_INSERT) {
          const batch = unpacked.files
            .slice(i, i + FILE_ROWS_PER_INSERT)
            .map((f) => ({ ...f, packageId: id }));
          await tx.insert(scormPackageFiles).values(batch);
        }
        if (!inserted) throw new Error('package row not written');
        return inserted;
      });
      await this.removeFiles(oldKeys);
      return toPackage(row);
    } catch (err) {
      await this.removeFiles(unpacked.files.map((f) => f.storageKey));
      throw err;
    }
  }

  /**
   * DELETE lessons/{id}/package: the package and its files go; the lesson stays a SCORM lesson
   * (learners are told it has no content yet) and its learners' attempts stay for the reports.
   */
  async deletePackage(lessonId: number): Promise<void> {
    const keys = await this.db.transaction(async (tx) => {
      const taken = await takeOutLessonPackage(tx, PACKAGE_TABLES, lessonId);
      if (!taken) throw notFound(SCORM_MESSAGES.noPackage);
      return taken;
    });
    await this.removeFiles(keys);
  }

  private removeFiles(keys: string[]): Promise<void> {
    return deleteFiles(this.storage, keys, (err, key) =>
      this.log.warn({ err, key }, 'a SCORM file could not be removed'),
    );
  }

  async updateSettings(lessonId: number, settings: { maxAttempts: number; passMark: number | null }) {
    const [row] = await this.db
      .update(scormPackages)
      .set(settings)
      .where(eq(scormPackages.lessonId, lessonId))
      .returning();
    if (!row) throw notFound(SCORM_MESSAGES.noPackage);
    return toPackage(row);
  }

  private scoIndex(pkg: PackageRow, sco: string | undefined, fallback = 0): number {
    if (sco === undefined) return fallback;
    const index = pkg.scos.findIndex((s) => s.identifier === sco);
    if (index < 0) throw badRequest(SCORM_MESSAGES.unknownSco);
    return index;
  }

  private async launchUrl(
    claims: Omit<LaunchClaims, 'expires'>,
    now: Date,
  ): Promise<{ url: string; expiresAt: string }> {
    const expires = Math.floor(now.getTime() / 1000) + LAUNCH_TTL_SECONDS;
    const token = signLaunch(await this.launchSecret(), { ...claims, expires });
    return {
      url: `${this.config.content.origin}/scorm/${token}/`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** POST lessons/{id}/package/preview: the manager plays the package; nothing is recorded. */
  async preview(lessonId: number, userId: number, sco: string | undefined, now: Date): Promise<TScormLaunch> {
    const pkg = await this.packageOf(lessonId);
    const index = this.scoIndex(pkg, sco);
    const link = await this.launchUrl(
      { kind: 'p', packageId: pkg.id, attemptId: 0, sco: index, sessionId: newSessionId(), userId },
      now,
    );
    return { ...link, sco: pkg.scos[index]?.identifier ?? '', attemptNumber: 0 };
  }

  private async attemptsOf(userId: number, lessonId: number): Promise<AttemptRow[]> {
    return this.db
      .select()
      .from(scormAttempts)
      .where(and(eq(scormAttempts.userId, userId), eq(scormAttempts.lessonId, lessonId)))
      .orderBy(desc(scormAttempts.number));
  }

  /**
   * The learner's current cycle of the lesson's course (decision 105): attempts of earlier cycles
   * are history, and a new cycle starts with a new attempt. One query.
   */
  private async currentCycle(userId: number, courseId: number): Promise<number> {
    const result = await this.db.execute(
      sql`select ${currentCycleSql(sql`${userId}::int`, sql`${courseId}::int`)} as cycle`,
    );
    return Number((result as unknown as { rows: { cycle: number }[] }).rows[0]?.cycle ?? 1);
  }

  private mayStartNew(pkg: PackageRow, attempts: AttemptRow[]): boolean {
    const latest = attempts[0];
    if (!latest) return true;
    return finished(latest) && (pkg.maxAttempts === 0 || attempts.length < pkg.maxAttempts);
  }

  /**
   * POST lessons/{id}/scorm/launch: the learner's current attempt (the first one, or a new one
   * when asked and the lesson allows it) opens a new session of one SCO — the one asked for, else
   * the first not done — and answers the frame's URL on the content origin with its credential.
   */
  async launch(
    userId: number,
    lessonId: number,
    query: { sco?: string; newAttempt?: boolean },
    now: Date,
  ): Promise<TScormLaunch> {
    const lesson = await unlockedLesson(this.db, userId, lessonId);
    if (lesson.videoKind !== 'scorm') throw badRequest(SCORM_MESSAGES.notScormLesson);
    const pkg = await this.packageOf(lessonId);
    const [attempts, cycle] = await Promise.all([
      this.attemptsOf(userId, lessonId),
      this.currentCycle(userId, lesson.courseId),
    ]);
    const current = attempts.filter((a) => a.cycle === cycle);
    let attempt = current[0];
    if (!attempt || query.newAttempt) {
      if (query.newAttempt && !this.mayStartNew(pkg, current)) throw conflict(SCORM_MESSAGES.noNewAttempt);
      const [created] = await this.db
        .insert(scormAttempts)
        .values({
          userId,
          lessonId,
          packageId: pkg.id,
          // Numbers go on across cycles; the count of attempts allowed is per cycle.
          number: (attempts[0]?.number ?? 0) + 1,
          cycle,
          startedAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      attempt = created ?? (await this.attemptsOf(userId, lessonId)).find((a) => a.cycle === cycle);
      if (!attempt) throw conflict(SCORM_MESSAGES.attemptClosed);
    }
    const states = await this.db
      .select()
      .from(scormScoStates)
      .where(eq(scormScoStates.attemptId, attempt.id));
    const firstOpen = pkg.scos.findIndex(
      (s) => !scoDone(standingOf(states.find((r) => r.sco === s.identifier))),
    );
    const index = this.scoIndex(pkg, query.sco, Math.max(0, firstOpen));
    const sco = pkg.scos[index]?.identifier ?? '';
    const sessionId = newSessionId();
    // The session that ran before is closed: its credited time joins the total.
    await this.db
      .insert(scormScoStates)
      .values({ attemptId: attempt.id, sco, sessionId, sessionStartedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [scormScoStates.attemptId, scormScoStates.sco],
        set: {
          totalSeconds: sql`${scormScoStates.totalSeconds} + ${scormScoStates.sessionSeconds}`,
          sessionSeconds: 0,
          sessionId,
          sessionStartedAt: now,
          updatedAt: now,
        },
      });
    const link = await this.launchUrl(
      { kind: 'a', packageId: pkg.id, attemptId: attempt.id, sco: index, sessionId, userId },
      now,
    );
    return { ...link, sco, attemptNumber: attempt.number };
  }

  /** GET lessons/{id}/scorm/attempt: the learner's latest attempt, rolled up over the SCOs. */
  async attempt(userId: number, lessonId: number): Promise<TScormAttempt> {
    const lesson = await unlockedLesson(this.db, userId, lessonId);
    if (lesson.videoKind !== 'scorm') throw badRequest(SCORM_MESSAGES.notScormLesson);
    const pkg = await this.packageOf(lessonId);
    const [all, cycle] = await Promise.all([
      this.attemptsOf(userId, lessonId),
      this.currentCycle(userId, lesson.courseId),
    ]);
    const attempts = all.filter((a) => a.cycle === cycle);
    const latest = attempts[0];
    const states = latest
      ? await this.db.select().from(scormScoStates).where(eq(scormScoStates.attemptId, latest.id))
      : [];
    const standings = pkg.scos.map((s) => standingOf(states.find((r) => r.sco === s.identifier)));
    const rolled = rollUp(standings);
    const recent = [...states].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
    return {
      attemptNumber: latest?.number ?? 0,
      completionStatus: rolled.completion,
      successStatus: rolled.success,
      scoreRaw: rolled.score.raw,
      scoreMin: rolled.score.min,
      scoreMax: rolled.score.max,
      scoreScaled: rolled.score.scaled,
      totalTimeSeconds: Math.round(states.reduce((t, s) => t + s.totalSeconds + s.sessionSeconds, 0)),
      location: recent?.location ?? null,
      suspendData: recent?.suspendData ?? null,
      passed: attemptPasses(rolled, pkg.passMark),
      canStartNew: latest !== undefined && this.mayStartNew(pkg, attempts),
      attemptsUsed: attempts.length,
      maxAttempts: pkg.maxAttempts,
      scos: pkg.scos.map((s, i) => ({
        identifier: s.identifier,
        title: s.title,
        completionStatus: standings[i]?.completion ?? 'not attempted',
        successStatus: standings[i]?.success ?? 'unknown',
        scoreScaled: standings[i]?.score.scaled ?? null,
      })),
      items: menuOf(pkg.items),
      version: pkg.version as ScormVersion,
      title: pkg.title,
    };
  }

  /** The claims of a content-origin URL's credential, or 401 when forged or expired. */
  async verify(token: string, now: Date): Promise<LaunchClaims> {
    const claims = readLaunch(await this.launchSecret(), token);
    if (!claims || claims.expires * 1000 <= now.getTime()) throw expired();
    return claims;
  }

  /** A package file for the frame: its storage key, or null (404). */
  async fileKey(claims: LaunchClaims, path: string): Promise<string | null> {
    const [row] = await this.db
      .select({ key: scormPackageFiles.storageKey })
      .from(scormPackageFiles)
      .where(and(eq(scormPackageFiles.packageId, claims.packageId), eq(scormPackageFiles.path, path)));
    return row?.key ?? null;
  }

  /**
   * What the runtime starts with: the data model (1.2 or 2004), the SCO's launch path, and the
   * attempt's stored run-time data for this SCO (resume: entry, location, suspend data, status,
   * score, total time). A preview starts empty.
   */
  async runtimeState(claims: LaunchClaims) {
    const [pkg] = await this.db.select().from(scormPackages).where(eq(scormPackages.id, claims.packageId));
    const sco = pkg?.scos[claims.sco];
    if (!pkg || !sco) throw expired();
    const base = {
      version: pkg.version,
      launch: sco.launch,
      sco: sco.identifier,
      preview: claims.kind === 'p',
    };
    const [row] =
      claims.kind === 'a'
        ? await this.db
            .select({
              state: scormScoStates,
              learnerId: employeeCodeOf(scormAttempts.userId),
              learnerName: fullNameOf(scormAttempts.userId),
            })
            .from(scormScoStates)
            .innerJoin(scormAttempts, eq(scormAttempts.id, scormScoStates.attemptId))
            .where(
              and(eq(scormScoStates.attemptId, claims.attemptId), eq(scormScoStates.sco, sco.identifier)),
            )
        : [];
    const state = row?.state;
    const learnerId = row?.learnerId ?? 'preview';
    const learnerName = row?.learnerName ?? learnerId;
    const entry =
      !state || state.completionStatus === 'not attempted'
        ? 'ab-initio'
        : state.exit === 'suspend'
          ? 'resume'
          : '';
    const total = state ? state.totalSeconds : 0;
    const mastery = sco.masteryScore;
    if (is12(pkg.version)) {
      return {
        ...base,
        cmi: {
          core: {
            student_id: learnerId,
            student_name: learnerName,
            entry,
            lesson_location: state?.location ?? '',
            ...(state && state.completionStatus !== 'not attempted'
              ? { lesson_status: lessonStatus12(standingOf(state)) }
              : {}),
            score: { raw: state?.scoreRaw ?? '', min: state?.scoreMin ?? '', max: state?.scoreMax ?? '' },
            total_time: formatTimespan12(total),
          },
          suspend_data: state?.suspendData ?? '',
          launch_data: sco.launchData ?? '',
          ...(mastery !== null ? { student_data: { mastery_score: String(mastery) } } : {}),
        },
      };
    }
    return {
      ...base,
      cmi: {
        learner_id: learnerId,
        learner_name: learnerName,
        entry,
        location: state?.location ?? '',
        completion_status: state?.completionStatus ?? 'unknown',
        success_status: state?.successStatus ?? 'unknown',
        ...(state?.scoreScaled !== null && state?.scoreScaled !== undefined
          ? {
              score: {
                scaled: String(state.scoreScaled),
                raw: state.scoreRaw ?? '',
                min: state.scoreMin ?? '',
                max: state.scoreMax ?? '',
              },
            }
          : {}),
        total_time: formatDuration2004(total),
        suspend_data: state?.suspendData ?? '',
        launch_data: sco.launchData ?? '',
      },
    };
  }

  /**
   * POST …/commit on the content origin: one SCO's run-time data, written only into the attempt,
   * SCO and session the credential names, and only while that session is the SCO's latest launch
   * and the attempt its learner's latest, of the credential's package's lesson. Time: the
   * session's reported time, never more than the wall-clock time since its launch. Then the
   * attempt is rolled up and study told, side by side. Five statements (six for a package of
   * several SCOs), four one after the other: every learner's runtime commits every 30 s (decision
   * 151).
   */
  async commit(claims: LaunchClaims, body: unknown, now: Date): Promise<{ passed: boolean }> {
    if (claims.kind === 'p') return { passed: false };
    const [current] = await commitState(this.db).execute({
      packageId: claims.packageId,
      attemptId: claims.attemptId,
      sco: claims.sco,
    });
    const pkg = current?.pkg;
    const sco = pkg?.scos[claims.sco];
    if (!current || !pkg || !sco) throw expired();
    const { state, attempt } = current;
    if (
      !state ||
      !attempt ||
      current.superseded ||
      attempt.userId !== claims.userId ||
      attempt.lessonId !== pkg.lessonId ||
      state.sessionId !== claims.sessionId
    ) {
      throw conflict(SCORM_MESSAGES.attemptClosed);
    }
    const report = readCommit(body, is12(pkg.version));
    const wallClock = state.sessionStartedAt ? secondsBetween(state.sessionStartedAt, now) : 0;
    const sessionSeconds = Math.max(state.sessionSeconds, Math.min(report.sessionSeconds ?? 0, wallClock));
    const standing: ScoStanding = {
      completion: report.completion ?? (state.completionStatus as Completion),
      success: report.success ?? (state.successStatus as Success),
      score:
        report.score.raw !== null || report.score.scaled !== null ? report.score : standingOf(state).score,
    };
    if (standing.completion === 'not attempted') standing.completion = 'incomplete';
    const [written] = await this.db
      .update(scormScoStates)
      .set({
        completionStatus: standing.completion,
        successStatus: standing.success,
        scoreRaw: standing.score.raw,
        scoreMin: standing.score.min,
        scoreMax: standing.score.max,
        scoreScaled: standing.score.scaled,
        sessionSeconds,
        location: report.location ?? state.location,
        suspendData: report.suspendData ?? state.suspendData,
        exit: report.exit ?? state.exit,
        interactions: mergeInteractions(state.interactions, report.interactions),
        updatedAt: now,
      })
      .where(
        and(
          eq(scormScoStates.attemptId, attempt.id),
          eq(scormScoStates.sco, sco.identifier),
          eq(scormScoStates.sessionId, claims.sessionId),
        ),
      )
      .returning();
    if (!written) throw conflict(SCORM_MESSAGES.attemptClosed);

    // The other SCOs' states only when the package has others.
    const others =
      pkg.scos.length > 1
        ? await this.db
            .select()
            .from(scormScoStates)
            .where(and(eq(scormScoStates.attemptId, attempt.id), ne(scormScoStates.sco, sco.identifier)))
        : [];
    const states = [written, ...others];
    const rolled = rollUp(pkg.scos.map((s) => standingOf(states.find((r) => r.sco === s.identifier))));
    const attemptSeconds = states.reduce((t, s) => t + s.totalSeconds + s.sessionSeconds, 0);
    const passed = attemptPasses(rolled, pkg.passMark);
    // Finished without passing (decision 113's "Failed"): the lesson fails until an attempt passes.
    const failed =
      !passed && finished({ completionStatus: rolled.completion, successStatus: rolled.success });
    // The attempt rolled up, beside study's record of the lesson (neither waits for the other).
    await Promise.all([
      this.db
        .update(scormAttempts)
        .set({
          completionStatus: rolled.completion,
          successStatus: rolled.success,
          scoreRaw: rolled.score.raw,
          scoreMin: rolled.score.min,
          scoreMax: rolled.score.max,
          scoreScaled: rolled.score.scaled,
          totalSeconds: attemptSeconds,
          updatedAt: now,
        })
        .where(eq(scormAttempts.id, attempt.id)),
      recordContentResult(
        this.db,
        this.events,
        claims.userId,
        pkg.lessonId,
        { passed, failed, creditedSeconds: Number(current.otherSeconds) + attemptSeconds },
        now,
      ).catch((err) => {
        // A lesson locked since the launch (its course reordered) keeps the SCORM data only.
        if (err instanceof ApiError && err.status === 403) return;
        throw err;
      }),
    ]);
    return { passed };
  }
}

/** A SCO's standing as SCORM 1.2's one lesson_status. */
function lessonStatus12(s: ScoStanding): string {
  if (s.success === 'passed') return 'passed';
  if (s.success === 'failed') return 'failed';
  if (s.completion === 'completed') return 'completed';
  return 'incomplete';
}
