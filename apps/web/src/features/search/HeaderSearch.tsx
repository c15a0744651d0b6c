import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/**
 * The header's search box (wide screens); on tablets a button to the search page, on phones an
 * entry of the menu drawer. Enter opens
 * /search with the words, where the results are grouped by kind.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  return (
    <>
      <search aria-label={t('search.label')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (q.trim()) void navigate(`/search?q=${encodeURIComponent(q.trim())}`);
          }}
        >
          <TextInput
            visibleFrom="lg"
            // Narrower on 1200–1407 px screens (and the menu links, SiteHeader.module.css): at 220 px the
            // main menu wrapped "Hiring" onto a second line at 1200–1280 px beside a signed-in user's name.
            w={{ base: 140, xl: 220 }}
            radius="xl"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.label')}
            leftSection={<IconSearch size={16} aria-hidden />}
            data-testid="header-search"
          />
        </form>
      </search>
      {/* Phones find the search in the menu drawer: the header has no room left there. */}
      <ActionIcon
        hiddenFrom="lg"
        visibleFrom="sm"
        component={Link}
        to="/search"
        variant="subtle"
        color="brand.9"
        size="lg"
        radius="xl"
        aria-label={t('search.label')}
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
    </>
  );
}
