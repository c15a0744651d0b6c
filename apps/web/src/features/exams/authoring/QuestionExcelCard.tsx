import { Alert, Button, FileButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { downloadQuestions, downloadTemplate, useImportQuestions } from '../api';

/** The questions as an Excel sheet: the template, import and export. */
export function QuestionExcelCard({
  lessonId,
  canAdd,
  onImported,
}: {
  lessonId: number;
  canAdd: boolean;
  onImported: (count: number) => void;
}) {
  const { t } = useTranslation();
  const importQuestions = useImportQuestions(lessonId);
  const [problem, setProblem] = useState<{
    message: string;
    rows: { field: string; message: string }[];
  } | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const upload = (file: File | null) => {
    if (!file) return;
    setProblem(null);
    importQuestions.mutate(file, {
      onSuccess: (result) => onImported(result.imported),
      onError: (error) =>
        setProblem({
          message: error.message,
          rows: error instanceof ApiError ? error.fieldErrors.filter((f) => f.field.startsWith('row')) : [],
        }),
    });
  };
  const download = (run: () => Promise<void>) => {
    setDownloadError(null);
    run().catch((e: unknown) => setDownloadError(e instanceof Error ? e.message : String(e)));
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="exam-excel">
      <Group gap={6} mb="xs">
        <IconFileSpreadsheet size={20} color="#251A5B" aria-hidden />
        <Title order={2} size="h4" c="var(--academy-ink)">
          {t('exams.excel')}
        </Title>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('exams.excelHint')}
      </Text>
      <Stack gap="xs">
        <Button
          variant="light"
          color="brand.9"
          leftSection={<IconDownload size={16} />}
          onClick={() => download(downloadTemplate)}
        >
          {t('exams.template')}
        </Button>
        {canAdd && (
          <FileButton onChange={upload} accept=".xlsx">
            {(props) => (
              <Button
                {...props}
                variant="light"
                color="accent.6"
                leftSection={<IconUpload size={16} />}
                loading={importQuestions.isPending}
                data-testid="import-questions"
              >
                {t('exams.import')}
              </Button>
            )}
          </FileButton>
        )}
        <Button
          variant="light"
          color="brand.9"
          leftSection={<IconDownload size={16} />}
          onClick={() => download(() => downloadQuestions(lessonId))}
        >
          {t('exams.export')}
        </Button>
        {downloadError && <Alert color="red">{downloadError}</Alert>}
        {problem && (
          <Alert color="red" title={problem.message} data-testid="import-errors">
            {problem.rows.length > 0 && (
              <List size="sm" spacing={2}>
                {problem.rows.map((row) => (
                  <List.Item key={`${row.field}-${row.message}`}>
                    <b>{row.field.replace(/^row/, t('exams.row'))}</b>: {row.message}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
