import type { TLearnerProgress } from '@academy/contract';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Back to the report (its filters are restored) and who the learner is. */
export function BackToProgress() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/management/progress" fz="sm" data-testid="back-to-progress">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('progress.backToReport')}
      </Group>
    </Anchor>
  );
}

export function LearnerHeader({ user, actions }: { user: TLearnerProgress['user']; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" mb="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3" c="var(--academy-ink)" data-testid="learner-name">
            {user.fullName ?? user.employeeCode}
          </Title>
          <Text fz="sm" c="dimmed">
            {[user.employeeCode, user.email].join(' · ')}
          </Text>
          <Text fz="sm">
            {[user.serviceName, user.branchName, user.departmentName, user.authorizationName]
              .filter(Boolean)
              .join(' · ') || t('progress.noPlacement')}
          </Text>
        </Stack>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Paper>
  );
}

export function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="default" size="xs">
      {children}
    </Button>
  );
}
