import { MESSAGES, type TLessonProgress, type TMyLesson, type TMyThematic } from '@academy/contract';
import { coursePercent, requiredSeconds, studyComplete } from './rules';
import type { LessonNode, TopicNode } from './tree';

/** Shapes the course tree into the learner's payloads. No exam answers exist at this level. */

export function toMyLesson(lesson: LessonNode): TMyLesson {
  return {
    id: lesson.id,
    courseId: lesson.courseId,
    topicId: lesson.topicId,
    name: lesson.name,
    position: lesson.position,
    locked: !lesson.unlocked,
    lockedMessage: lesson.unlocked ? null : (lesson.lockedMessage ?? MESSAGES.finishPreviousExam),
    status: lesson.passed ? 'PASSED' : (lesson.record?.status ?? 'IDLE'),
    creditedSeconds: Math.floor(lesson.record?.creditedSeconds ?? 0),
    requiredSeconds: requiredSeconds(lesson),
    studyComplete: studyComplete(lesson, lesson.record),
    hasExam: lesson.examQuestionCount > 0,
    examPassed: lesson.record?.examPassed ?? false,
    passed: lesson.passed,
    videoDurationSeconds: lesson.videoDurationSeconds,
    requiredCorrectAnswers: lesson.requiredCorrectAnswers,
    examTimeLimitMinutes: lesson.examTimeLimitMinutes,
    maxFailedAttempts: lesson.maxFailedAttempts,
    documentCount: lesson.documentCount,
  };
}

export function toMyThematic(courseId: number, topic: TopicNode): TMyThematic {
  const passed = topic.lessons.filter((l) => l.passed).length;
  return {
    id: topic.id,
    courseId,
    name: topic.name,
    position: topic.position,
    open: topic.open,
    lessonCount: topic.lessons.length,
    passedLessons: passed,
    percent: coursePercent(passed, topic.lessons.length),
    nextLessonId: (topic.lessons.find((l) => l.unlocked && !l.passed) ?? topic.lessons[0])?.id ?? null,
  };
}

export function toLessonProgress(lesson: LessonNode): TLessonProgress {
  const view = toMyLesson(lesson);
  return {
    lessonId: lesson.id,
    status: view.status,
    creditedSeconds: view.creditedSeconds,
    requiredSeconds: view.requiredSeconds,
    studyComplete: view.studyComplete,
    hasExam: view.hasExam,
    examPassed: view.examPassed,
    passed: view.passed,
    lastPositionSeconds: lesson.record?.lastPositionSeconds ?? 0,
  };
}
