import type { LessonStatus } from '@academy/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<LessonStatus, string> = {
  IDLE: 'gray',
  STUDYING: 'blue',
  PASSED: 'green',
  FAILED: 'red',
};

/** A lesson's learning status: not studying, studying, passed, failed. */
export function StatusBadge({ status }: { status: LessonStatus }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={STATUS_COLOR[status]} data-testid="lesson-status">
      {t(`study.status.${status}`)}
    </Badge>
  );
}
