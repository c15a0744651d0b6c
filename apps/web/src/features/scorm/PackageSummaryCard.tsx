import { Box, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * What the server read from a lesson's package, in the lesson form (SCORM packages, cmi5
 * courses): its icon, title, facts and kind, its parts under a heading, any notes (`children`),
 * and its actions ending with Remove.
 */
export function PackageSummaryCard({
  testId,
  icon,
  title,
  titleTestId,
  facts,
  badge,
  partsHeading,
  parts,
  children,
  actions,
  remove,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  titleTestId: string;
  facts: string;
  badge: ReactNode;
  partsHeading: string;
  parts: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  remove: { label: string; testId: string; onRemove: () => void; removing: boolean };
}) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            <ThemeIcon size={32} radius="sm" color="brand.9" variant="light" aria-hidden>
              {icon}
            </ThemeIcon>
            <Box style={{ minWidth: 0 }}>
              <Text fw={600} fz="sm" lineClamp={2} data-testid={titleTestId}>
                {title}
              </Text>
              <Text fz="xs" c="dimmed">
                {facts}
              </Text>
            </Box>
          </Group>
          {badge}
        </Group>
        <Box>
          <Text fz="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
            {partsHeading}
          </Text>
          {parts}
        </Box>
        {children}
        <Group gap="xs">
          {actions}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={remove.onRemove}
            loading={remove.removing}
            data-testid={remove.testId}
          >
            {remove.label}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One part of the package: its title, the file it launches, and what stands at its right. */
export function PackagePart({
  title,
  launch,
  children,
}: {
  title: string;
  launch: string;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Box style={{ minWidth: 0 }}>
        <Text fz="sm" truncate>
          {title}
        </Text>
        <Text fz="xs" c="dimmed" truncate>
          {launch}
        </Text>
      </Box>
      {children}
    </Group>
  );
}
