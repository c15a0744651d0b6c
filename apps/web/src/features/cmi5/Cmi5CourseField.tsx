import type { TCmi5Course } from '@academy/contract';
import { Badge, Box, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBooks, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import { type PackageSource, PackageUploadField, type StagedPackage } from '../scorm';
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
    <Paper withBorder radius="sm" p="sm" data-testid="cmi5-summary">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            <ThemeIcon size={32} radius="sm" color="brand.9" variant="light" aria-hidden>
              <IconBooks size={18} />
            </ThemeIcon>
            <Box style={{ minWidth: 0 }}>
              <Text fw={600} fz="sm" lineClamp={2} data-testid="cmi5-title">
                {course.title}
              </Text>
              <Text fz="xs" c="dimmed">
                {course.fileCount > 0
                  ? t('cmi5.courseFacts', { files: course.fileCount, size: formatBytes(course.sizeBytes) })
                  : t('cmi5.structureOnly')}
              </Text>
            </Box>
          </Group>
          <Badge variant="light" color="brand.9" tt="none">
            cmi5
          </Badge>
        </Group>
        <Box>
          <Text fz="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
            {t('cmi5.aus', { count: course.aus.length })}
          </Text>
          <Stack gap={4} data-testid="cmi5-aus">
            {course.items.map((item) => {
              const au = item.kind === 'au' ? aus.get(item.id) : undefined;
              return (
                <Box key={`${item.kind}:${item.id}`} pl={item.depth * 16}>
                  {au ? (
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Box style={{ minWidth: 0 }}>
                        <Text fz="sm" truncate>
                          {au.title}
                        </Text>
                        <Text fz="xs" c="dimmed" truncate>
                          {au.url}
                        </Text>
                      </Box>
                      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                        {au.launchMethod === 'OwnWindow' && (
                          <IconExternalLink size={14} aria-label={t('cmi5.ownWindow')} />
                        )}
                        <Badge size="sm" variant="outline" color="gray" tt="none">
                          {t(`cmi5.moveOn.${au.moveOn}`)}
                          {au.masteryScore !== null && ` ≥ ${Math.round(au.masteryScore * 100)}%`}
                        </Badge>
                      </Group>
                    </Group>
                  ) : (
                    <Text fz="sm" fw={600}>
                      {item.title}
                    </Text>
                  )}
                </Box>
              );
            })}
          </Stack>
        </Box>
        <Group gap="xs">
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={onRemove}
            loading={removing}
            data-testid="remove-cmi5"
          >
            {t('cmi5.removeCourse')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
