import { useTranslation } from 'react-i18next';
import {
  type OrgCascadeSelectProps,
  OrgCascadeSelect as OrgCascadeSelectView,
  type OrgPlace,
} from '../../components/management';
import { useBranches, useDepartmentOptions, useServices } from './api';

/** The kit's service → branch → department select, fed from the organisation's lists. */
export function OrgCascadeSelect(props: Omit<OrgCascadeSelectProps, 'choices'>) {
  const { value, variant } = props;
  const services = useServices();
  const branches = useBranches();
  const departments = useDepartmentOptions(
    value.branchId ? Number(value.branchId) : null,
    variant === 'filter' || value.branchId !== null,
  );
  return (
    <OrgCascadeSelectView
      {...props}
      choices={{ services: services.data, branches: branches.data, departments: departments.data }}
    />
  );
}

interface OrgCascadeFilterProps {
  /** The list's filters in the URL: serviceId, branchId, departmentId among them. */
  filters: Record<string, string>;
  update: (changes: Partial<OrgPlace>) => void;
}

/** A list's service, branch and department filters. */
export function OrgCascadeFilter({ filters, update }: OrgCascadeFilterProps) {
  const { t } = useTranslation();
  return (
    <OrgCascadeSelect
      variant="filter"
      value={{
        serviceId: filters.serviceId ?? null,
        branchId: filters.branchId ?? null,
        departmentId: filters.departmentId ?? null,
      }}
      onChange={update}
      labels={{
        serviceId: t('users.service'),
        branchId: t('users.branch'),
        departmentId: t('users.department'),
      }}
    />
  );
}
