import type { TMailPreview, TMailPreviews } from '@academy/contract';
import {
  Box,
  Code,
  Group,
  NavLink,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loaded } from '../../components/Loaded';
import { PageHeader } from '../../components/PageHeader';
import { useMailPreviews } from './api';
import classes from './MailPreviewsPage.module.css';

type View = 'html' | 'text';

/** /management/mail-previews: every mail the product sends, as its recipient gets it (admins only). */
export function MailPreviewsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const language = search.get('language') ?? undefined;
  const previews = useMailPreviews(language);

  const choose = (changes: Record<string, string>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('management.areas.mail-previews')} />
      <Text c="dimmed" mb="md" maw={720}>
        {t('mailPreviews.intro')}
      </Text>
      <Loaded query={previews} notFound={t('mailPreviews.none')}>
        {(data) => (
          <Previews
            data={data}
            kind={search.get('kind') ?? data.previews[0]?.kind}
            onKind={(kind) => choose({ kind })}
            onLanguage={(value) => choose({ language: value })}
          />
        )}
      </Loaded>
    </>
  );
}

function Previews({
  data,
  kind,
  onKind,
  onLanguage,
}: {
  data: TMailPreviews;
  kind: string | undefined;
  onKind: (kind: string) => void;
  onLanguage: (language: string) => void;
}) {
  const { t } = useTranslation();
  const selected = data.previews.find((p) => p.kind === kind) ?? data.previews[0];
  return (
    <div className={classes.layout}>
      <Stack gap="sm" className={classes.kinds}>
        {data.languages.length > 1 && (
          <Select
            label={t('mailPreviews.language')}
            data={data.languages}
            value={data.language}
            allowDeselect={false}
            onChange={(value) => value && onLanguage(value)}
          />
        )}
        <nav aria-label={t('mailPreviews.kindsLabel')} data-testid="mail-kinds">
          {data.previews.map((preview) => (
            <NavLink
              key={preview.kind}
              component="button"
              type="button"
              label={t(`mailPreviews.kinds.${preview.kind}.name`, { defaultValue: preview.kind })}
              description={t(`mailPreviews.kinds.${preview.kind}.when`, { defaultValue: '' })}
              leftSection={<IconMail size={18} aria-hidden />}
              active={preview.kind === selected?.kind}
              aria-current={preview.kind === selected?.kind ? 'true' : undefined}
              onClick={() => onKind(preview.kind)}
            />
          ))}
        </nav>
      </Stack>
      {selected && <Preview key={`${selected.kind}-${data.language}`} preview={selected} />}
    </div>
  );
}

function Preview({ preview }: { preview: TMailPreview }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('html');
  const name = t(`mailPreviews.kinds.${preview.kind}.name`, { defaultValue: preview.kind });
  return (
    <Paper withBorder radius="md" p="md" className={classes.preview} data-testid="mail-preview">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Box miw={0}>
            <Title order={3} fz="lg" c="brand.9">
              {name}
            </Title>
            <Text fz="sm" className={classes.subject}>
              <Text span c="dimmed" fz="sm">
                {t('mailPreviews.subject')}{' '}
              </Text>
              <span data-testid="mail-subject">{preview.subject}</span>
            </Text>
          </Box>
          <SegmentedControl
            value={view}
            onChange={(value) => setView(value as View)}
            aria-label={t('mailPreviews.partLabel')}
            data={[
              { value: 'html', label: t('mailPreviews.html') },
              { value: 'text', label: t('mailPreviews.text') },
            ]}
          />
        </Group>
        {view === 'html' ? (
          // sandbox="" runs no script and gives the mail no access to this page.
          <iframe
            title={t('mailPreviews.frameTitle', { name })}
            sandbox=""
            srcDoc={preview.html}
            className={classes.frame}
            data-testid="mail-html"
          />
        ) : (
          <Code block className={classes.text} data-testid="mail-text">
            {preview.text}
          </Code>
        )}
      </Stack>
    </Paper>
  );
}

export default MailPreviewsPage;
