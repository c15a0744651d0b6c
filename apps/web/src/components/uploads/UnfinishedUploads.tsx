import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import type { UnfinishedUpload } from '../../lib/tus';

/** The uploads this browser started and did not finish (choosing the same file continues one). */
export function UnfinishedUploads({
  unfinished,
  onForget,
}: {
  unfinished: UnfinishedUpload[];
  onForget: (key: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  if (unfinished.length === 0) return null;
  return (
    <Alert color="blue" mt="sm" data-testid="unfinished-uploads" title={t('media.unfinishedTitle')}>
      {unfinished.map((u) => (
        <Group key={u.key} justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="sm" truncate>
            {u.name} · {formatBytes(u.size)}
          </Text>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={() => void onForget(u.key)}>
            {t('media.forget')}
          </Button>
        </Group>
      ))}
      <Text fz="xs" mt={4}>
        {t('media.unfinishedHint')}
      </Text>
    </Alert>
  );
}
