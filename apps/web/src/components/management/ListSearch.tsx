import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../lib/use-list-params';

interface ListSearchProps extends Omit<TextInputProps, 'onChange' | 'value' | 'defaultValue' | 'list'> {
  /** The list whose search (`q` in the URL) the box shows and sets; it follows the URL (back button, links). */
  list: Pick<ListState, 'q' | 'update'>;
  testId?: string;
}

/** A list's search box: searches 300 ms after the user stops typing. */
export function ListSearch({ list, testId, ...props }: ListSearchProps) {
  const { t } = useTranslation();
  const { q, update } = list;
  const [text, setText] = useState(q);
  const search = useDebouncedCallback((typed: string) => update({ q: typed }), 300);
  useEffect(() => setText(q), [q]);
  return (
    <TextInput
      aria-label={t('common.search')}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      data-testid={testId}
      {...props}
    />
  );
}
