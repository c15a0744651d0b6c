import { MESSAGES } from '@academy/contract';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { PageHeader, ResultDialog, useResult } from '../../components/management';
import { RichTextEditor } from '../../components/RichTextEditor';
import { formatDateTime } from '../../lib/format';
import { uploadIntroductionImage, useIntroduction, useSaveIntroduction } from './api';

const EMPTY = '';

/** /management/introduction: the introduction page's rich content. */
export function IntroductionManagementPage() {
  const { t } = useTranslation();
  const introduction = useIntroduction();
  const save = useSaveIntroduction();
  const [content, setContent] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const result = useResult();

  useEffect(() => {
    if (introduction.data && content === null) setContent(introduction.data.content);
  }, [introduction.data, content]);

  function submit() {
    setError(undefined);
    if (!content?.trim()) return setError(MESSAGES.required);
    save.mutate(content, {
      onSuccess: (saved) => {
        setContent(saved.content);
        result.succeed(t('introductionAdmin.saved'));
      },
      onError: (err) => setError(err.message),
    });
  }

  if (introduction.error) return <Alert color="red">{introduction.error.message}</Alert>;
  if (content === null) {
    return <Loading />;
  }

  return (
    <>
      <PageHeader
        title={t('management.areas.introduction')}
        actions={
          <Button
            component="a"
            href="/introduction"
            target="_blank"
            variant="default"
            leftSection={<IconExternalLink size={16} />}
          >
            {t('introductionAdmin.openPublic')}
          </Button>
        }
      />
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <RichTextEditor
            label={t('introductionAdmin.content')}
            required
            value={content ?? EMPTY}
            onChange={setContent}
            uploadImage={uploadIntroductionImage}
            error={error}
            testId="introduction-editor"
          />
          <Group justify="space-between">
            <Text fz="xs" c="dimmed">
              {introduction.data?.updatedAt
                ? t('introductionAdmin.updated', { date: formatDateTime(introduction.data.updatedAt) })
                : ''}
            </Text>
            <Button color="accent.6" onClick={submit} loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
          <Text fz="xs" c="dimmed">
            {t('introductionAdmin.hint')}{' '}
            <Anchor href="/introduction" target="_blank" fz="xs">
              /introduction
            </Anchor>
          </Text>
        </Stack>
      </Paper>
      <ResultDialog state={result} />
    </>
  );
}

export default IntroductionManagementPage;
