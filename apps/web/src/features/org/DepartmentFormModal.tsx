import { type TDepartment, ZDepartmentInput } from '@academy/contract';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { branchGroups, FormModal, SelectField, useModalForm } from '../../components/management';
import { useBranches } from './api';
import { useSaveDepartment } from './manage-api';

interface DepartmentFormModalProps {
  opened: boolean;
  department?: TDepartment;
  /** Branch chosen for a new department (e.g. the list's branch filter). */
  defaultBranchId?: number;
  onClose: () => void;
  onSaved: (department: TDepartment) => void;
}

/** Add or edit a department: name and branch (branches grouped by service). */
export function DepartmentFormModal({
  opened,
  department,
  defaultBranchId,
  onClose,
  onSaved,
}: DepartmentFormModalProps) {
  const { t } = useTranslation();
  const branches = useBranches();
  const save = useSaveDepartment();
  const branchId = department?.branchId ?? defaultBranchId;
  const { form, error, fail, submit, field } = useModalForm(
    opened,
    () => ({ name: department?.name ?? '', branchId: branchId ? String(branchId) : '' }),
    { schema: ZDepartmentInput, fields: ['name', 'branchId'], defaultValues: { name: '', branchId: '' } },
  );

  const onSubmit = submit((values) =>
    save.mutate({ id: department?.id, values }, { onSuccess: onSaved, onError: (failure) => fail(failure) }),
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={department ? t('org.departments.editTitle') : t('org.departments.addTitle')}
      onSubmit={onSubmit}
      error={error}
      saving={save.isPending}
      testId="department-form"
    >
      <TextInput label={t('org.departments.name')} withAsterisk {...field('name')} />
      <SelectField
        control={form.control}
        name="branchId"
        label={t('org.departments.branch')}
        withAsterisk
        searchable
        data={branchGroups(branches.data)}
        nothingFoundMessage={t('org.nothingFound')}
        comboboxProps={{ withinPortal: true }}
        data-testid="department-branch"
      />
    </FormModal>
  );
}
