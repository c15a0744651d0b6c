import { Alert, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleX, IconClockExclamation, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { formatDate } from '../../lib/format';
import { useVerification } from './api';
import { CertificateValidity } from './CertificateValidity';

/**
 * /certificates/verify/{code}: public; confirms who earned which certificate and when, and whether
 * it is still valid ("Valid until …" / "Expired on …", decision 104).
 */
export function VerifyCertificatePage() {
  const { t } = useTranslation();
  const code = useParams().code ?? '';
  const check = useVerification(code);
  return (
    <Container size="sm" py="xl">
      <Title order={1} c="var(--academy-ink)" mb="lg" fz={{ base: 24, md: 30 }}>
        {t('certificates.verifyTitle')}
      </Title>
      {check.isPending && <Loading />}
      {check.error && (
        <Alert color="red" icon={<IconCircleX size={20} />} data-testid="verify-invalid">
          {check.error.message}
        </Alert>
      )}
      {check.data && (
        <Paper
          withBorder
          radius="md"
          p="lg"
          data-testid={check.data.status === 'EXPIRED' ? 'verify-expired' : 'verify-valid'}
        >
          <Stack align="center" gap="xs" ta="center">
            {check.data.status === 'EXPIRED' ? (
              <>
                <ThemeIcon color="red" size={56} radius="xl" aria-hidden>
                  <IconClockExclamation size={34} />
                </ThemeIcon>
                <Text fw={700} c="red.8">
                  {t('certificates.expiredTitle')}
                </Text>
              </>
            ) : (
              <>
                <ThemeIcon color="green" size={56} radius="xl" aria-hidden>
                  <IconRosetteDiscountCheck size={34} />
                </ThemeIcon>
                <Text fw={700} c="var(--academy-success-text)">
                  {t('certificates.verified')}
                </Text>
              </>
            )}
            <Title order={2} fz={24} c="var(--academy-ink)">
              {check.data.fullName}
            </Title>
            <Text>{t('certificates.earned', { course: check.data.courseName })}</Text>
            <Text c="dimmed" fz="sm">
              {check.data.certificateName} ·{' '}
              {t('certificates.issuedOn', { date: formatDate(check.data.issuedAt) })}
            </Text>
            <CertificateValidity expiresAt={check.data.expiresAt} status={check.data.status} size="lg" />
            <Text ff="monospace" fz="sm">
              {check.data.code}
            </Text>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}

export default VerifyCertificatePage;
