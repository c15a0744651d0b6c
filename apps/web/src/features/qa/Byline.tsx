import type { TQaPerson } from '@academy/contract';
import { Avatar, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/** Who wrote it and when (with "edited" when changed later). */
export function Byline({
  person,
  at,
  editedAt,
  size = 'sm',
}: {
  person: TQaPerson | null;
  at: string;
  editedAt?: string | null;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const name = person ? (person.fullName ?? t('qa.unnamed')) : t('qa.formerEmployee');
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Avatar
        src={person?.avatar ?? null}
        name={name}
        color="brand"
        size={size === 'md' ? 36 : 28}
        radius="xl"
      />
      <Text fz="sm" c="dimmed" miw={0} style={{ overflowWrap: 'anywhere' }}>
        <Text span fw={600} c="var(--mantine-color-text)" fz="sm">
          {name}
        </Text>{' '}
        · <time dateTime={at}>{formatDateTime(at)}</time>
        {editedAt && <> · {t('qa.edited')}</>}
      </Text>
    </Group>
  );
}
