import { SEARCH_KINDS, SEARCH_LIMITS, type SearchKind, type TSearchResult } from '@academy/contract';
import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth/AuthProvider';
import { useSearch } from './api';

function isKind(value: string | null): value is SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(value ?? '');
}

function ResultGroup({
  kind,
  rows,
  q,
  more,
}: {
  kind: SearchKind;
  rows: TSearchResult[];
  q: string;
  more: boolean;
}) {
  const { t } = useTranslation();
  const headingId = `search-${kind}`;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="lg"
      aria-labelledby={headingId}
      data-testid={`search-group-${kind}`}
    >
      <Title order={2} fz="h4" c="var(--academy-ink)" id={headingId} mb="sm">
        {t(`search.kinds.${kind}`)}
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((r) => (
          <li key={`${r.kind}-${r.id}`}>
            <Anchor component={Link} to={r.url} fw={600} data-testid="search-result">
              {r.title}
            </Anchor>
            {r.snippet && (
              <Text fz="sm" c="dimmed" lineClamp={2}>
                {r.snippet}
              </Text>
            )}
          </li>
        ))}
      </Stack>
      {more && (
        <Anchor
          component={Link}
          to={`/search?q=${encodeURIComponent(q)}&kind=${kind}`}
          fz="sm"
          mt="sm"
          display="inline-block"
        >
          {t('search.more', { kind: t(`search.kinds.${kind}`) })}
        </Anchor>
      )}
    </Paper>
  );
}

/** /search?q=&kind=: the header's search, results grouped by kind (what the person may see). */
export function SearchPage() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const results = useSearch(q, kind, status === 'signedIn');
  const rows = results.data ?? [];
  const groups = SEARCH_KINDS.map((k) => ({ kind: k, rows: rows.filter((r) => r.kind === k) })).filter(
    (g) => g.rows.length > 0,
  );
  const tooShort = q.trim().length < SEARCH_LIMITS.minLength;

  return (
    <Container size="md" py="xl">
      <Title order={1} c="var(--academy-ink)" mb="md">
        {q.trim() ? t('search.titleFor', { q: q.trim() }) : t('search.title')}
      </Title>
      <search aria-label={t('search.label')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const value = String(new FormData(e.currentTarget).get('q') ?? '').trim();
            setParams(value ? { q: value } : {});
          }}
        >
          <Group gap="sm" wrap="nowrap" mb="lg" align="flex-end">
            <TextInput
              key={q}
              name="q"
              defaultValue={q}
              style={{ flex: 1 }}
              aria-label={t('search.label')}
              placeholder={t('search.placeholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              data-testid="search-page-input"
            />
            <Button type="submit" color="accent.6">
              {t('search.submit')}
            </Button>
          </Group>
        </form>
      </search>
      {kind && (
        <Anchor
          component={Link}
          to={`/search?q=${encodeURIComponent(q)}`}
          fz="sm"
          mb="md"
          display="inline-block"
        >
          {t('search.allKinds')}
        </Anchor>
      )}
      {tooShort ? (
        <Text c="dimmed">{t('search.hint')}</Text>
      ) : results.isPending ? (
        <Stack>
          {[0, 1].map((i) => (
            <Skeleton key={i} h={120} radius="md" />
          ))}
        </Stack>
      ) : groups.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text>{t('search.none', { q: q.trim() })}</Text>
          <Text fz="sm" c="dimmed" mt="xs">
            {status === 'signedIn' ? t('search.coversSignedIn') : t('search.coversPublic')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="md" aria-live="polite">
          {groups.map((g) => (
            <ResultGroup
              key={g.kind}
              kind={g.kind}
              rows={g.rows}
              q={q.trim()}
              more={!kind && g.rows.length >= SEARCH_LIMITS.perKind}
            />
          ))}
        </Stack>
      )}
    </Container>
  );
}

export default SearchPage;
