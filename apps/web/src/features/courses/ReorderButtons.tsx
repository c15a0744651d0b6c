import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Move-up / move-down buttons for one row of an ordered list. */
export function ReorderButtons({
  index,
  count,
  name,
  disabled,
  onMove,
}: {
  index: number;
  count: number;
  name: string;
  disabled?: boolean;
  onMove: (from: number, to: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="brand.9"
        aria-label={t('courseAdmin.moveUp', { name })}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <IconArrowUp size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="brand.9"
        aria-label={t('courseAdmin.moveDown', { name })}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <IconArrowDown size={18} />
      </ActionIcon>
    </Group>
  );
}
