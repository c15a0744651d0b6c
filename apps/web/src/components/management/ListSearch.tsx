import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ListSearchProps extends Omit<TextInputProps, 'onChange' | 'value' | 'defaultValue'> {
  /** The search in the URL; the box follows it when it changes there (back button, links). */
  q: string;
  onSearch: (q: string) => void;
  testId?: string;
}

/** A list's search box: searches 300 ms after the user stops typing. */
export function ListSearch({ q, onSearch, testId, ...props }: ListSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(q);
  const search = useDebouncedCallback(onSearch, 300);
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
