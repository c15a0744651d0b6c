import { Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  hint: string;
  testId: string;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One part of the home page settings: a card with its title, what it does, and its fields. */
export function SettingsSection({ title, hint, testId, actions, children }: SettingsSectionProps) {
  return (
    <Paper withBorder p="lg" radius="md" data-testid={testId}>
      <Group justify="space-between" mb="md" gap="sm">
        <div>
          <Title order={2} c="var(--academy-ink)" fz="lg" mb="xs">
            {title}
          </Title>
          <Text fz="sm" c="dimmed">
            {hint}
          </Text>
        </div>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
