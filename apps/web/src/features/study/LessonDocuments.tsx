import type { TLessonDocument } from '@academy/contract';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../lib/api';
import { formatBytes } from '../../lib/format';

/** A lesson's documents, downloaded from /get/documents/{id} with the bearer token. */
export function LessonDocuments({ documents }: { documents: TLessonDocument[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (documents.length === 0) return null;

  async function download(document: TLessonDocument) {
    setBusy(document.id);
    setError(null);
    try {
      await downloadFile(document.url, undefined, document.name);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="xs" data-testid="lesson-documents">
      <Text fw={700} c="var(--academy-ink)">
        {t('study.documents')}
      </Text>
      {error && <Alert color="red">{error}</Alert>}
      {documents.map((document) => (
        <Paper key={document.id} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFileText size={22} color="#251A5B" aria-hidden style={{ flexShrink: 0 }} />
              <div style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600} truncate>
                  {document.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {formatBytes(document.size)}
                </Text>
              </div>
            </Group>
            <Button
              variant="light"
              color="brand.9"
              size="compact-sm"
              leftSection={<IconDownload size={16} />}
              loading={busy === document.id}
              onClick={() => void download(document)}
              aria-label={`${t('study.download')} ${document.name}`}
              style={{ flexShrink: 0 }}
            >
              {t('study.download')}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
