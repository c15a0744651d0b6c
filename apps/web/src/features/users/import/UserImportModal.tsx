import type { TUserImportResult } from '@academy/contract';
import { Alert, Button, Checkbox, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnOpen } from '../../../components/management';
import { useAnnounceModal } from '../../../lib/use-announce-modal';
import { downloadImportTemplate, useImportUsers } from '../api';
import { ImportPreview } from './ImportPreview';
import { IMPORT_ACCEPT, importFileProblem, mayImport } from './import-file';

interface UserImportModalProps {
  opened: boolean;
  onClose: () => void;
  /** After the file was applied: what it did. */
  onImported: (result: TUserImportResult) => void;
}

/**
 * Users from a spreadsheet: the template, the file, "Check" (a preview that writes nothing), then
 * "Import", which only a preview without errors allows. The API applies every row or none.
 */
export function UserImportModal({ opened, onClose, onImported }: UserImportModalProps) {
  const { t } = useTranslation();
  useAnnounceModal(opened);
  const importUsers = useImportUsers();
  const [file, setFile] = useState<File | null>(null);
  const [welcome, setWelcome] = useState(false);
  const [preview, setPreview] = useState<TUserImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useOnOpen(opened, () => {
    setFile(null);
    setWelcome(false);
    setPreview(null);
    setProblem(null);
  });

  function choose(picked: File | null) {
    setFile(picked);
    setPreview(null);
    setProblem(picked ? importFileProblem(picked) : null);
  }

  function send(dryRun: boolean) {
    if (!file) return setProblem(t('users.import.chooseFile'));
    setProblem(null);
    importUsers.mutate(
      { file, dryRun, welcome },
      {
        onSuccess: (result) => {
          if (result.applied) return onImported(result);
          // A preview, or a file that changed between the check and the import: show what stops it.
          setPreview(result);
        },
        onError: (error) => {
          setPreview(null);
          setProblem(error.message);
        },
      },
    );
  }

  const download = (format: 'xlsx' | 'csv') =>
    downloadImportTemplate(format).catch((error: unknown) =>
      setProblem(error instanceof Error ? error.message : String(error)),
    );
  const checking = importUsers.isPending && importUsers.variables?.dryRun === true;
  const importing = importUsers.isPending && importUsers.variables?.dryRun === false;

  return (
    <Modal opened={opened} onClose={onClose} title={t('users.import.title')} size="lg" centered>
      <Stack gap="md" data-testid="user-import">
        <div>
          <Text fz="sm">{t('users.import.hint')}</Text>
          <Group gap="xs" mt={6}>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconDownload size={14} />}
              onClick={() => download('xlsx')}
              data-testid="import-template-xlsx"
            >
              {t('users.import.templateXlsx')}
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconDownload size={14} />}
              onClick={() => download('csv')}
              data-testid="import-template-csv"
            >
              {t('users.import.templateCsv')}
            </Button>
          </Group>
        </div>
        <FileInput
          label={t('users.import.file')}
          placeholder={t('users.import.filePlaceholder')}
          accept={IMPORT_ACCEPT}
          value={file}
          onChange={choose}
          leftSection={<IconFileSpreadsheet size={16} />}
          clearable
          data-testid="import-file"
        />
        <Checkbox
          label={t('users.import.welcome')}
          description={t('users.import.welcomeHint')}
          checked={welcome}
          onChange={(event) => setWelcome(event.currentTarget.checked)}
          data-testid="import-welcome"
        />
        {problem && (
          <Alert color="red" data-testid="import-problem">
            {problem}
          </Alert>
        )}
        {preview && <ImportPreview preview={preview} />}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="light"
            color="brand.9"
            onClick={() => send(true)}
            loading={checking}
            disabled={!file || importing || Boolean(file && importFileProblem(file))}
            data-testid="import-check"
          >
            {t('users.import.check')}
          </Button>
          <Button
            color="accent.6"
            onClick={() => send(false)}
            loading={importing}
            disabled={!mayImport(preview) || checking}
            data-testid="import-apply"
          >
            {t('users.import.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
