import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface CellLinesProps {
  /** The main line: a link to `to` when given (then always bold). */
  main: ReactNode;
  to?: string;
  strong?: boolean;
  /** The smaller, dimmed line under it; left out when empty. */
  sub?: ReactNode;
  /** The second line in monospace (codes). */
  subMono?: boolean;
  miw?: number;
  testId?: string;
}

/** A table cell of two lines: the row's name (or link) and a detail under it. */
export function CellLines({ main, to, strong, sub, subMono, miw, testId }: CellLinesProps) {
  return (
    <Stack gap={0} miw={miw}>
      {to ? (
        <Text component={Link} to={to} fw={600} c="var(--academy-ink)" fz="sm" data-testid={testId}>
          {main}
        </Text>
      ) : (
        <Text fz="sm" fw={strong ? 600 : undefined}>
          {main}
        </Text>
      )}
      {sub !== undefined && sub !== null && sub !== '' && (
        <Text fz="xs" c="dimmed" ff={subMono ? 'monospace' : undefined}>
          {sub}
        </Text>
      )}
    </Stack>
  );
}
