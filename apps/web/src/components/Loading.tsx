import { Center, Loader } from '@mantine/core';

/** A page or a section waiting for its data: a spinner in the middle. */
export function Loading({ py = 'xl' }: { py?: 'lg' | 'xl' | number }) {
  return (
    <Center py={py}>
      <Loader />
    </Center>
  );
}
