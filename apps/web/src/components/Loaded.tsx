import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { Loading } from './Loading';

interface LoadedProps<T> {
  query: { data: T | undefined; isPending: boolean; error: Error | null };
  /** Said when the answer holds no record and no error message. */
  notFound: string;
  children: (data: T) => ReactNode;
}

/** A page's record: a spinner while it loads, the error when there is none, else the page made from it. */
export function Loaded<T>({ query, notFound, children }: LoadedProps<T>) {
  if (query.isPending) return <Loading py={60} />;
  if (query.data === undefined) return <Alert color="red">{query.error?.message ?? notFound}</Alert>;
  return children(query.data);
}
