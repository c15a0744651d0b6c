import { type TDepartment, ZDepartmentInput } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormModal } from '../../components/management';
import { applyServerErrors } from '../../lib/forms';
import { branchGroups, useBranches, useSaveDepartment } from './api';

type Input = z.input<typeof ZDepartmentInput>;
type Output = z.output<typeof ZDepartmentInput>;
const FIELDS = ['name', 'branchId'] as const;

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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ZDepartmentInput),
    defaultValues: { name: '', branchId: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!opened) return;
    setFormError(null);
    form.reset({
      name: department?.name ?? '',
      branchId: department ? String(department.branchId) : defaultBranchId ? String(defaultBranchId) : '',
    });
  }, [opened, department, defaultBranchId, form]);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id: department?.id, values },
      {
        onSuccess: onSaved,
        onError: (error) => setFormError(applyServerErrors(error, form.setError, FIELDS)),
      },
    );
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={department ? t('org.departments.editTitle') : t('org.departments.addTitle')}
      onSubmit={submit}
      error={formError}
      saving={save.isPending}
      testId="department-form"
    >
      <TextInput
        label={t('org.departments.name')}
        withAsterisk
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Controller
        control={form.control}
        name="branchId"
        render={({ field }) => (
          <Select
            label={t('org.departments.branch')}
            withAsterisk
            searchable
            data={branchGroups(branches.data)}
            value={field.value ? String(field.value) : null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={errors.branchId?.message}
            nothingFoundMessage={t('org.nothingFound')}
            comboboxProps={{ withinPortal: true }}
            data-testid="department-branch"
          />
        )}
      />
    </FormModal>
  );
}
