import type { TCmi5Course } from '@academy/contract';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconBooks, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import {
  PackagePart,
  type PackageSource,
  PackageSummaryCard,
  PackageUploadField,
  type StagedPackage,
} from '../scorm';
import { courseKey, importUploadedCourse, removeCourse, useCmi5Course } from './api';

const isCourseFile = (name: string) => /\.(zip|xml)$/i.test(name);

/**
 * The lesson form's cmi5 course (decision 122): the SCORM package field's resumable upload, import
 * and removal with a cmi5 source — a .zip with cmi5.xml at its root, or cmi5.xml alone — and a
 * summary of what was read: title, blocks and AUs with what satisfies each (moveOn, mastery score).
 */
export function Cmi5CourseField({
  lessonId,
  staged,
  onStage,
  initialProblem,
  onCourse,
}: {
  lessonId: number | undefined;
  staged: StagedPackage | null;
  onStage: (staged: StagedPackage | null) => void;
  initialProblem?: string | null;
  onCourse?: (course: TCmi5Course | null) => void;
}) {
  const { t } = useTranslation();
  const source: PackageSource<TCmi5Course> = {
    queryKey: courseKey,
    useCurrent: useCmi5Course,
    importUpload: importUploadedCourse,
    remove: removeCourse,
    accept: '.zip,.xml,application/zip,application/xml,text/xml',
    acceptsName: isCourseFile,
    filetype: (name) => (/\.xml$/i.test(name) ? 'application/xml' : 'application/zip'),
    words: {
      label: t('cmi5.course'),
      hint: t('cmi5.courseHint'),
      hintNew: t('cmi5.courseHintNew'),
      none: t('cmi5.noCourse'),
      upload: t('cmi5.uploadCourse'),
      replace: t('cmi5.replaceCourse'),
      uploadHint: t('cmi5.uploadHint'),
      notAccepted: t('cmi5.notAccepted'),
      removeTitle: t('cmi5.removeTitle'),
      removeMessage: t('cmi5.removeMessage'),
      removeLabel: t('cmi5.removeCourse'),
    },
    summary: (course, { onRemove, removing }) => (
      <CourseSummary course={course} onRemove={onRemove} removing={removing} />
    ),
  };
  return (
    <PackageUploadField
      source={source}
      lessonId={lessonId}
      staged={staged}
      onStage={onStage}
      initialProblem={initialProblem}
      onValue={onCourse}
    />
  );
}

function CourseSummary({
  course,
  onRemove,
  removing,
}: {
  course: TCmi5Course;
  onRemove: () => void;
  removing: boolean;
}) {
  const { t } = useTranslation();
  const aus = new Map(course.aus.map((au) => [au.id, au]));
  return (
    <PackageSummaryCard
      testId="cmi5-summary"
      icon={<IconBooks size={18} />}
      title={course.title}
      titleTestId="cmi5-title"
      facts={
        course.fileCount > 0
          ? t('cmi5.courseFacts', { files: course.fileCount, size: formatBytes(course.sizeBytes) })
          : t('cmi5.structureOnly')
      }
      badge={
        <Badge variant="light" color="brand.9" tt="none">
          cmi5
        </Badge>
      }
      partsHeading={t('cmi5.aus', { count: course.aus.length })}
      parts={
        <Stack gap={4} data-testid="cmi5-aus">
          {course.items.map((item) => {
            const au = item.kind === 'au' ? aus.get(item.id) : undefined;
            return (
              <Box key={`${item.kind}:${item.id}`} pl={item.depth * 16}>
                {au ? (
                  <PackagePart title={au.title} launch={au.url}>
                    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                      {au.launchMethod === 'OwnWindow' && (
                        <IconExternalLink size={14} aria-label={t('cmi5.ownWindow')} />
                      )}
                      <Badge size="sm" variant="outline" color="gray" tt="none">
                        {t(`cmi5.moveOn.${au.moveOn}`)}
                        {au.masteryScore !== null && ` ≥ ${Math.round(au.masteryScore * 100)}%`}
                      </Badge>
                    </Group>
                  </PackagePart>
                ) : (
                  <Text fz="sm" fw={600}>
                    {item.title}
                  </Text>
                )}
              </Box>
            );
          })}
        </Stack>
      }
      remove={{ label: t('cmi5.removeCourse'), testId: 'remove-cmi5', onRemove, removing }}
    />
  );
}
