import { Alert } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';

type Cmi5Player = ComponentType<{ lessonId: number }>;

/**
 * The slot for a cmi5 lesson on the learner's lesson page: the cmi5 feature's `Cmi5Lesson` (named
 * export of features/cmi5/Cmi5Lesson.tsx, taking the lesson id), loaded when a cmi5 lesson is
 * opened, as ScormLessonSlot does for SCORM (features/cmi5 uses the scorm feature's player, which
 * uses study's pieces, so study does not import it).
 */
const cmi5Modules = import.meta.glob<{ Cmi5Lesson: Cmi5Player }>('../cmi5/Cmi5Lesson.tsx');
const loadCmi5 = Object.values(cmi5Modules)[0];
const Cmi5Lesson = loadCmi5 ? lazy(async () => ({ default: (await loadCmi5()).Cmi5Lesson })) : null;

export function Cmi5LessonSlot({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation();
  if (!Cmi5Lesson) return <Alert color="orange">{t('study.videoNotPlayable')}</Alert>;
  return (
    <Suspense fallback={<Loading />}>
      <Cmi5Lesson lessonId={lessonId} />
    </Suspense>
  );
}
