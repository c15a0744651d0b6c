import { ActionIcon, Anchor, Group, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { CertificateValidity, downloadMine, useMyCertificates } from '../certificates';

/** The learner's certificates with a download each (shown on /training-academy/study-progress). */
export function MyCertificates() {
  const { t } = useTranslation();
  const mine = useMyCertificates();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Title order={2} c="var(--academy-ink)" fz={20} mt="xl" mb="sm">
        {t('certificates.mine')}
      </Title>
      {mine.data?.length === 0 && <Text c="dimmed">{t('certificates.noneMine')}</Text>}
      {error && (
        <Text c="red" fz="sm" mb="xs">
          {error}
        </Text>
      )}
      <Stack gap="xs" data-testid="my-certificates">
        {mine.data?.map((c) => (
          <Paper key={c.id} withBorder radius="md" p="sm" data-testid="my-certificate">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ThemeIcon color="accent.6" radius="xl" aria-hidden>
                  <IconCertificate size={16} />
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} c="var(--academy-ink)" lineClamp={1}>
                    {c.courseName}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {formatDate(c.issuedAt)} ·{' '}
                    <Anchor component={Link} to={`/certificates/verify/${c.code}`} fz="xs" ff="monospace">
                      {c.code}
                    </Anchor>
                  </Text>
                  {c.expiresAt && (
                    <CertificateValidity expiresAt={c.expiresAt} status={c.status} size="sm" mt={4} />
                  )}
                </Stack>
              </Group>
              <Tooltip label={t('certificates.download')}>
                <ActionIcon
                  variant="light"
                  color="brand.9"
                  size="lg"
                  loading={busy === c.id}
                  aria-label={`${t('certificates.download')} ${c.courseName}`}
                  data-testid="my-certificate-download"
                  onClick={() => {
                    setBusy(c.id);
                    setError(null);
                    downloadMine(c.id)
                      .catch((e: Error) => setError(e.message))
                      .finally(() => setBusy(null));
                  }}
                >
                  <IconDownload size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
