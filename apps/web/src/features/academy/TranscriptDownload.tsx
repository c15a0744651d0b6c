import type { TranscriptFormat } from '@academy/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadTranscript } from './api';

/** My progress's transcript downloads: the learner's record as a PDF or an Excel workbook. */
export function TranscriptDownload() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<TranscriptFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = (format: TranscriptFormat) => {
    setBusy(format);
    setError(null);
    downloadTranscript(format)
      .catch((e: Error) => setError(e.message))
      .finally(() => setBusy(null));
  };
  return (
    <Stack gap={4} data-testid="transcript">
      <Group gap="xs">
        <Button
          color="brand.9"
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          loading={busy === 'pdf'}
          disabled={busy !== null && busy !== 'pdf'}
          onClick={() => download('pdf')}
          data-testid="transcript-pdf"
        >
          {t('academy.transcriptPdf')}
        </Button>
        <Button
          variant="light"
          color="brand.9"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          loading={busy === 'xlsx'}
          disabled={busy !== null && busy !== 'xlsx'}
          onClick={() => download('xlsx')}
          data-testid="transcript-xlsx"
        >
          {t('academy.transcriptExcel')}
        </Button>
      </Group>
      {error && (
        <Text c="red" fz="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
