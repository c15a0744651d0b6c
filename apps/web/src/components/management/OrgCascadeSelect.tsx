import type { TBranch, TService } from '@academy/contract';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  branchesOf,
  branchGroups,
  cascadeChange,
  type OrgLevel,
  type OrgPlace,
  serviceOptions,
} from './org-cascade';

/** What each level offers; `departments` are those of the chosen branch. */
export interface OrgChoices {
  services: readonly TService[] | undefined;
  branches: readonly TBranch[] | undefined;
  departments: readonly { id: number; name: string }[] | undefined;
}

export interface OrgCascadeSelectProps {
  value: OrgPlace;
  choices: OrgChoices;
  onChange: (changes: Partial<OrgPlace>) => void;
  labels: Record<OrgLevel, string>;
  /** `filter`: labels for screen readers only, "All …" placeholders; `field`: visible labels. */
  variant: 'filter' | 'field';
  errors?: Partial<Record<OrgLevel, string>>;
  /** A form's required place: every level gets the asterisk. */
  required?: boolean;
  /** Gives the selects `${testIdPrefix}-service`, `-branch` and `-department`. */
  testIdPrefix?: string;
}

/**
 * Service → branch → department: each list narrowed by the level above it. The organisation
 * feature feeds it (features/org's OrgCascadeSelect); the kit only lays the levels out.
 */
export function OrgCascadeSelect({
  value,
  choices,
  onChange,
  labels,
  variant,
  errors,
  required,
  testIdPrefix,
}: OrgCascadeSelectProps) {
  const { t } = useTranslation();
  const branches = choices.branches ?? [];
  const filter = variant === 'filter';
  const change = (level: OrgLevel) => (picked: string | null) =>
    onChange(cascadeChange(level, picked, value, branches, !filter));
  const named = (level: OrgLevel, part: string) => ({
    ...(filter ? { 'aria-label': labels[level] } : { label: labels[level] }),
    error: errors?.[level],
    withAsterisk: required,
    'data-testid': testIdPrefix ? `${testIdPrefix}-${part}` : undefined,
  });
  return (
    <>
      <Select
        {...named('serviceId', 'service')}
        placeholder={filter ? t('users.allServices') : undefined}
        data={serviceOptions(choices.services)}
        value={value.serviceId}
        onChange={change('serviceId')}
        clearable
      />
      <Select
        {...named('branchId', 'branch')}
        placeholder={filter ? t('users.allBranches') : undefined}
        data={branchGroups(branchesOf(branches, value.serviceId))}
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
        data={(value.branchId ? (choices.departments ?? []) : []).map((d) => ({
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
