import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  branchGroups,
  serviceOptions,
  useBranches,
  useDepartmentOptions,
  useServices,
} from '../../features/org/api';
import { branchesOf, cascadeChange, type OrgLevel, type OrgPlace } from './org-cascade';

interface OrgCascadeSelectProps {
  value: OrgPlace;
  onChange: (changes: Partial<OrgPlace>) => void;
  labels: Record<OrgLevel, string>;
  /** `filter`: labels for screen readers only, "All …" placeholders; `field`: visible labels. */
  variant: 'filter' | 'field';
  errors?: Partial<Record<OrgLevel, string>>;
  /** Gives the selects `${testIdPrefix}-service`, `-branch` and `-department`. */
  testIdPrefix?: string;
}

/** Service → branch → department: each list narrowed by the level above it. */
export function OrgCascadeSelect({
  value,
  onChange,
  labels,
  variant,
  errors,
  testIdPrefix,
}: OrgCascadeSelectProps) {
  const { t } = useTranslation();
  const services = useServices();
  const branches = useBranches();
  const departments = useDepartmentOptions(
    value.branchId ? Number(value.branchId) : null,
    variant === 'filter' || value.branchId !== null,
  );
  const filter = variant === 'filter';
  const change = (level: OrgLevel) => (picked: string | null) =>
    onChange(cascadeChange(level, picked, value, branches.data ?? [], !filter));
  const named = (level: OrgLevel, part: string) => ({
    ...(filter ? { 'aria-label': labels[level] } : { label: labels[level] }),
    error: errors?.[level],
    'data-testid': testIdPrefix ? `${testIdPrefix}-${part}` : undefined,
  });
  return (
    <>
      <Select
        {...named('serviceId', 'service')}
        placeholder={filter ? t('users.allServices') : undefined}
        data={serviceOptions(services.data)}
        value={value.serviceId}
        onChange={change('serviceId')}
        clearable
      />
      <Select
        {...named('branchId', 'branch')}
        placeholder={filter ? t('users.allBranches') : undefined}
        data={branchGroups(branchesOf(branches.data ?? [], value.serviceId))}
        value={value.branchId}
        onChange={change('branchId')}
        clearable
        searchable
      />
      <Select
        {...named('departmentId', 'department')}
        placeholder={
          value.branchId ? (filter ? t('users.allDepartments') : undefined) : t('users.pickBranchFirst')
        }
        data={(value.branchId ? (departments.data ?? []) : []).map((d) => ({
          value: String(d.id),
          label: d.name,
        }))}
        value={value.departmentId}
        onChange={change('departmentId')}
        disabled={!value.branchId}
        clearable
      />
    </>
  );
}
