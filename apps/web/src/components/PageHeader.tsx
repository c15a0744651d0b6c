import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's title (its one h1) with its actions (add, export…) on the right. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" mb="lg" gap="sm">
      <Title order={1} size="h2" c="var(--academy-ink)">
        {title}
      </Title>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
