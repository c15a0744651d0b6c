import { type TBranch, ZBranchForm } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ImageInput } from '../../components/ImageInput';
import { FormModal } from '../../components/management';
import { ApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { useSaveBranch } from './api';

const schema = ZBranchForm.pick({ name: true });
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;
const FIELDS = ['name'] as const;

interface BranchFormModalProps {
  opened: boolean;
  serviceId: number;
  /** The branch being edited; undefined adds one to the service. */
  branch?: TBranch;
  onClose: () => void;
  onSaved: (branch: TBranch) => void;
}

/** Add or edit a branch of a service: name and logo. */
export function BranchFormModal({ opened, serviceId, branch, onClose, onSaved }: BranchFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveBranch(serviceId);
  const [formError, setFormError] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [removeLogo, setRemoveLogo] = useState(false);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { name: '' },
  });

  useEffect(() => {
    if (!opened) return;
    setFormError(null);
    setLogo(null);
    setLogoError(undefined);
    setRemoveLogo(false);
    form.reset({ name: branch?.name ?? '' });
  }, [opened, branch, form]);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    setLogoError(undefined);
    save.mutate(
      { id: branch?.id, values: { name: values.name, logo, removeLogo } },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const message = applyServerErrors(error, form.setError, FIELDS);
          const logoProblem = error instanceof ApiError && error.fieldErrors.find((e) => e.field === 'logo');
          if (logoProblem) setLogoError(logoProblem.message);
          setFormError(logoProblem ? null : message);
        },
      },
    );
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={branch ? t('org.branches.editTitle') : t('org.branches.addTitle')}
      onSubmit={submit}
      error={formError}
      saving={save.isPending}
      testId="branch-form"
      size="lg"
    >
      <TextInput
        label={t('org.branches.name')}
        withAsterisk
        error={form.formState.errors.name?.message}
        {...form.register('name')}
      />
      <ImageInput
        label={t('org.branches.logo')}
        currentUrl={removeLogo ? null : branch?.logo}
        value={logo}
        onChange={setLogo}
        error={logoError}
      />
      {branch?.logo && !logo && (
        <Checkbox
          label={t('org.branches.removeLogo')}
          checked={removeLogo}
          onChange={(event) => setRemoveLogo(event.currentTarget.checked)}
        />
      )}
    </FormModal>
  );
}
