import { Alert, Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Loading } from '../Loading';

/** "← Back to …" above a page. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} fz="sm" mb="sm" display="inline-flex">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

interface EditPageFrameProps<T> {
  back: { to: string; label: string };
  /** The record to edit; `data` stays undefined while adding. */
  record: { data: T | undefined; error: Error | null };
  isNew: boolean;
  /** Said when the id in the address is not a record's. */
  notFound: string;
  invalidId: boolean;
  children: (record: T | undefined) => ReactNode;
}

/** An add-or-edit page: the back link, then the record's error, a spinner while it loads, or the form. */
export function EditPageFrame<T>({
  back,
  record,
  isNew,
  notFound,
  invalidId,
  children,
}: EditPageFrameProps<T>) {
  const backLink = <BackLink {...back} />;
  if (invalidId || record.error) {
    return (
      <>
        {backLink}
        <Alert color="red">{record.error?.message ?? notFound}</Alert>
      </>
    );
  }
  if (!isNew && !record.data) return <Loading />;
  return (
    <>
      {backLink}
      {children(record.data)}
    </>
  );
}
