import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ListSearchProps extends Omit<TextInputProps, 'onChange' | 'defaultValue'> {
  /** The search in the URL when the page opens. */
  q: string;
  onSearch: (q: string) => void;
  testId?: string;
}

/** A list's search box: searches 300 ms after the user stops typing. */
export function ListSearch({ q, onSearch, testId, ...props }: ListSearchProps) {
  const { t } = useTranslation();
  const search = useDebouncedCallback(onSearch, 300);
  return (
    <TextInput
      aria-label={t('common.search')}
      leftSection={<IconSearch size={16} />}
      defaultValue={q}
      onChange={(event) => search(event.currentTarget.value)}
      data-testid={testId}
      {...props}
    />
  );
}
