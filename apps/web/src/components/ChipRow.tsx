import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './ChipRow.module.css';

/**
 * A row of filter chips that keeps its height while its chips load and on a phone (it scrolls
 * sideways there instead of wrapping onto more lines), so what is below it does not jump.
 */
export function ChipRow({
  children,
  label,
  testId,
}: {
  children: ReactNode;
  /** Given when the row is a navigation of its own (e.g. the news services). */
  label?: string;
  testId?: string;
}) {
  return (
    <Group
      gap="xs"
      className={classes.row}
      data-testid={testId}
      {...(label ? { role: 'navigation', 'aria-label': label } : {})}
    >
      {children}
    </Group>
  );
}
