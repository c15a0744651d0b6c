import { Alert } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';

type ScormPlayer = ComponentType<{ lessonId: number }>;

/**
 * The slot for a SCORM lesson on the learner's lesson page: the scorm feature's `ScormLesson`
 * (named export of features/scorm/ScormLesson.tsx, taking the lesson id), loaded when a SCORM
 * lesson is opened, so the player weighs on no other page (and features/scorm, which uses the
 * study feature's pieces, is not imported by it).
 */
const scormModules = import.meta.glob<{ ScormLesson: ScormPlayer }>('../scorm/ScormLesson.tsx');
const loadScorm = Object.values(scormModules)[0];
const ScormLesson = loadScorm ? lazy(async () => ({ default: (await loadScorm()).ScormLesson })) : null;

export function ScormLessonSlot({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation();
  if (!ScormLesson) return <Alert color="orange">{t('study.videoNotPlayable')}</Alert>;
  return (
    <Suspense fallback={<Loading />}>
      <ScormLesson lessonId={lessonId} />
    </Suspense>
  );
}
