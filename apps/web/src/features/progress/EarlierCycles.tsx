import { percentText, type TEarlierCycle } from '@academy/contract';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STATUS_TEXT_COLOR, statusLabelKey } from '../../components/status';
import { formatDate } from '../../lib/format';
import { CertificateValidity } from '../certificates';

/**
 * Earlier cycles of recertified courses (decision 105), newest first: each cycle's result (lessons
 * passed, when finished), its exams' best marks and the certificate earned in it with its validity.
 * Shown on My progress and on a learner's progress detail.
 */
export function EarlierCycles({ cycles }: { cycles: TEarlierCycle[] }) {
  const { t } = useTranslation();
  if (cycles.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="earlier-cycles">
      {cycles.map((c) => (
        <Paper key={`${c.courseId}:${c.cycle}`} withBorder radius="md" p="sm" data-testid="earlier-cycle">
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600} c="var(--academy-ink)" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {c.courseName}
              </Text>
              <Badge variant="light" color="gray" tt="none">
                {t('progress.cycle', { cycle: c.cycle })}
              </Badge>
            </Group>
            <Text fz="sm" c="dimmed">
              {c.finishedAt
                ? t('progress.cycleFinished', { date: formatDate(c.finishedAt) })
                : t('progress.cycleNotFinished')}
              {' · '}
              {t('progress.cycleLessons', { passed: c.passedLessons, total: c.lessonCount })}
              {' · '}
              {t('progress.cycleEnded', { date: formatDate(c.endedAt) })}
            </Text>
            {c.exams.map((exam) => (
              <Text key={exam.examId} fz="sm">
                {t('progress.cycleExam', {
                  lesson: exam.lessonName,
                  mark: percentText(exam.bestMark),
                  count: exam.attempts,
                })}{' '}
                <Text span fz="sm" fw={600} c={STATUS_TEXT_COLOR[exam.passed ? 'PASSED' : 'FAILED']}>
                  {t(statusLabelKey(exam.passed ? 'PASSED' : 'FAILED'))}
                </Text>
              </Text>
            ))}
            {c.certificate && (
              <Group gap="xs" wrap="wrap">
                <Text fz="sm">{t('progress.cycleCertificate')}</Text>
                <Anchor
                  component={Link}
                  to={`/certificates/verify/${c.certificate.code}`}
                  fz="sm"
                  ff="monospace"
                >
                  {c.certificate.code}
                </Anchor>
                <CertificateValidity expiresAt={c.certificate.expiresAt} status={c.certificate.status} />
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
