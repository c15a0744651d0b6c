import type { TIssuedCertificate, TLearnerCourse, TLearnerLesson, TMyProgress } from '@academy/contract';
import type { Db } from '../../platform/db/client';
import { certificatesOf } from '../certificates';
import { learnerCard } from '../users';
import { myProgress } from './service';

/**
 * The learner's transcript (decision 94): their own record, gathered once and drawn as a PDF
 * (transcript-pdf.ts) or a workbook (transcript-xlsx.ts). Eleven statements whatever the number of
 * courses, lessons, exams and certificates: My progress's nine (two more once a course was
 * recertified: its earlier cycles, decision 105), the learner's card, their certificates.
 */

export type TranscriptLesson = Pick<TLearnerLesson, 'id' | 'name' | 'topicName' | 'creditedSeconds'> & {
  /** When it was passed; only passed lessons are listed. */
  passedAt: Date;
};

export type TranscriptCourse = Pick<
  TLearnerCourse,
  'courseId' | 'courseName' | 'lessonCount' | 'passedLessons' | 'percent'
> & {
  finished: boolean;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Study time credited in the course's lessons, in seconds. */
  studySeconds: number;
  lessons: TranscriptLesson[];
};

export type TranscriptExam = Pick<
  TMyProgress['exams'][number],
  'examId' | 'courseName' | 'lessonName' | 'attempts' | 'bestMark' | 'status'
> & { lastAttemptAt: Date | null };

export type TranscriptCertificate = Pick<TIssuedCertificate, 'code' | 'courseName' | 'certificateName'> & {
  issuedAt: Date;
  verifyUrl: string;
};

export type Transcript = {
  producedAt: Date;
  /** The academy's time zone: dates are printed as its calendar reads them. */
  timeZone: string;
  learner: {
    fullName: string;
    employeeCode: string;
    position: string | null;
    serviceName: string | null;
    branchName: string | null;
    departmentName: string | null;
  };
  /** Courses the learner started (not the roadmap's courses never opened), finished first. */
  courses: TranscriptCourse[];
  /** Exams the learner took or is taking. */
  exams: TranscriptExam[];
  certificates: TranscriptCertificate[];
  totals: {
    coursesStarted: number;
    coursesFinished: number;
    lessonsPassed: number;
    studySeconds: number;
    certificates: number;
  };
};

const date = (value: string | null): Date | null => (value ? new Date(value) : null);

function toCourse(course: TLearnerCourse): TranscriptCourse {
  const lessons = course.lessons.flatMap((lesson): TranscriptLesson[] =>
    lesson.passed && lesson.passedAt
      ? [
          {
            id: lesson.id,
            name: lesson.name,
            topicName: lesson.topicName,
            creditedSeconds: lesson.creditedSeconds,
            passedAt: new Date(lesson.passedAt),
          },
        ]
      : [],
  );
  const finished = course.status === 'PASSED';
  return {
    courseId: course.courseId,
    courseName: course.courseName,
    lessonCount: course.lessonCount,
    passedLessons: course.passedLessons,
    percent: course.percent,
    finished,
    startedAt: date(course.startedAt),
    finishedAt: finished ? date(course.finishedAt) : null,
    studySeconds: course.lessons.reduce((sum, lesson) => sum + lesson.creditedSeconds, 0),
    lessons,
  };
}

/** Finished courses by their finishing day (newest first), then the others by name. */
function courseOrder(a: TranscriptCourse, b: TranscriptCourse): number {
  if (a.finished !== b.finished) return a.finished ? -1 : 1;
  const byDay = (b.finishedAt?.getTime() ?? 0) - (a.finishedAt?.getTime() ?? 0);
  return byDay || a.courseName.localeCompare(b.courseName) || a.courseId - b.courseId;
}

/** The signed-in learner's transcript: only their own rows are read. */
export async function transcriptOf(
  db: Db,
  userId: number,
  options: { publicUrl: string; timeZone: string; now?: Date },
): Promise<Transcript> {
  const now = options.now ?? new Date();
  const [card, progress, certificates] = await Promise.all([
    learnerCard(db, userId),
    myProgress(db, userId, now),
    certificatesOf(db, userId, now),
  ]);
  if (!card) throw new Error(`user ${userId} has no card`);
  const courses = progress.courses
    .filter((course) => course.startedAt !== null)
    .map(toCourse)
    .sort(courseOrder);
  const exams = progress.exams
    .filter((exam) => exam.status !== 'NOT_TAKEN' || exam.attempts > 0)
    .map((exam) => ({
      examId: exam.examId,
      courseName: exam.courseName,
      lessonName: exam.lessonName,
      attempts: exam.attempts,
      bestMark: exam.bestMark,
      status: exam.status,
      lastAttemptAt: date(exam.lastAttemptAt),
    }))
    .sort(
      (a, b) =>
        a.courseName.localeCompare(b.courseName) ||
        a.lessonName.localeCompare(b.lessonName) ||
        a.examId - b.examId,
    );
  return {
    producedAt: now,
    timeZone: options.timeZone,
    learner: {
      // Composed form: a name typed with combining marks draws with the font's own letters.
      fullName: (card.fullName ?? '').normalize('NFC'),
      employeeCode: card.employeeCode,
      position: card.position,
      serviceName: card.serviceName,
      branchName: card.branchName,
      departmentName: card.departmentName,
    },
    courses,
    exams,
    certificates: certificates.map((c) => ({
      code: c.code,
      courseName: c.courseName,
      certificateName: c.certificateName,
      issuedAt: new Date(c.issuedAt),
      verifyUrl: `${options.publicUrl}/certificates/verify/${encodeURIComponent(c.code)}`,
    })),
    totals: {
      coursesStarted: courses.length,
      coursesFinished: courses.filter((c) => c.finished).length,
      lessonsPassed: courses.reduce((sum, c) => sum + c.lessons.length, 0),
      studySeconds: courses.reduce((sum, c) => sum + c.studySeconds, 0),
      certificates: certificates.length,
    },
  };
}

/** `transcript-<employee code>-<day>.<format>`, the day in the academy's time zone. */
export function transcriptFileName(
  employeeCode: string,
  format: 'pdf' | 'xlsx',
  producedAt: Date,
  timeZone: string,
): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(producedAt);
  const code = employeeCode.replace(/[^\p{L}\p{N}._-]+/gu, '_');
  return `transcript-${code}-${day}.${format}`;
}
