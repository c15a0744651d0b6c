import { Image, Text } from '@mantine/core';
import type { Column } from '../../components/management';

/** A list's picture (a service's image, a branch's logo), or a dash when there is none. */
export function pictureColumn<T>(key: string, header: string, src: (row: T) => string | null): Column<T> {
  return {
    key,
    header,
    width: 110,
    render: (row) => {
      const url = src(row);
      return url ? (
        <Image src={url} alt="" w={80} h={48} fit="contain" radius="sm" />
      ) : (
        <Text c="dimmed" fz="sm">
          —
        </Text>
      );
    },
  };
}
