import { USER_ACCESS } from '@academy/contract';
import { Collapse, Group, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListSearch, useFoldingFilters } from '../../components/management';
import type { useListParams } from '../../lib/use-list-params';
import { useAuthorizationOptions } from '../authorizations';
import { OrgCascadeFilter } from '../org';

export const USER_FILTERS = ['serviceId', 'branchId', 'departmentId', 'authorizationId', 'access'] as const;

/** The users list's search and filters; on phones the filters fold away behind a button. */
export function UserFilters({ list }: { list: ReturnType<typeof useListParams> }) {
  const { t } = useTranslation();
  const { filters } = list;
  const authorizations = useAuthorizationOptions();
  const folding = useFoldingFilters(USER_FILTERS.filter((key) => filters[key]).length);
  return (
    <>
      <Group gap="xs" mb="sm" wrap="nowrap">
        <ListSearch
          list={list}
          placeholder={t('users.searchPlaceholder')}
          testId="users-search"
          style={{ flex: 1 }}
          maw={{ sm: 360 }}
        />
        {folding.toggle}
      </Group>
      <Collapse in={folding.shown}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 5 }} spacing="sm" mb="md">
          <OrgCascadeFilter filters={filters} update={list.update} />
          <FilterSelect
            list={list}
            name="authorizationId"
            label={t('users.authorization')}
            placeholder={t('users.allAuthorizations')}
            data={(authorizations.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            searchable
          />
          <FilterSelect
            list={list}
            name="access"
            label={t('users.access')}
            placeholder={t('users.anyAccess')}
            data={USER_ACCESS.map((value) => ({ value, label: t(`users.accessValues.${value}`) }))}
            data-testid="users-access-filter"
          />
        </SimpleGrid>
      </Collapse>
    </>
  );
}
