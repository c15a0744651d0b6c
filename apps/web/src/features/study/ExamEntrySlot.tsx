import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

type ExamEntry = ComponentType<{ lessonId: number }>;

/**
 * The slot for a lesson's exam on the learner's lesson page: the exams feature's
 * `LessonExamEntry` (named export of features/exams/LessonExamEntry.tsx, taking the lesson id)
 * shows the exam's state and the way into the exam player. Vite's glob finds nothing until that
 * file exists; until then `fallback` is shown.
 */
const examEntryModules = import.meta.glob<{ LessonExamEntry: ExamEntry }>('../exams/LessonExamEntry.tsx');
const loadExamEntry = Object.values(examEntryModules)[0];
const LessonExamEntry = loadExamEntry
  ? lazy(async () => ({ default: (await loadExamEntry()).LessonExamEntry }))
  : null;

export const hasExamEntry = LessonExamEntry !== null;

export function ExamEntrySlot({ lessonId, fallback }: { lessonId: number; fallback?: ReactNode }) {
  if (!LessonExamEntry) return <>{fallback}</>;
  return (
    <Suspense fallback={null}>
      <LessonExamEntry lessonId={lessonId} />
    </Suspense>
  );
}
