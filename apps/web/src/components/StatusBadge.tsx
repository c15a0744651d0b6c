import type { StatusWord } from '@academy/contract';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR, statusLabelKey } from './status';

interface StatusBadgeProps {
  /** A word of the status vocabulary: map the API's status with the contract's *_STATUS_WORD. */
  status: StatusWord;
  size?: BadgeProps['size'];
  testId?: string;
  visibleFrom?: BadgeProps['visibleFrom'];
}

/** A lesson's, course's, exam's or attempt's status, with the same word and colour on every page. */
export function StatusBadge({ status, size = 'sm', testId, visibleFrom }: StatusBadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge
      size={size}
      variant="light"
      color={STATUS_COLOR[status]}
      data-testid={testId}
      data-status={status}
      visibleFrom={visibleFrom}
    >
      {t(statusLabelKey(status))}
    </Badge>
  );
}
