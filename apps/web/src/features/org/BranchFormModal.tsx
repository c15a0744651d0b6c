import { type TBranch, ZBranchForm } from '@academy/contract';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  FormModal,
  ImageChoiceField,
  useImageChoice,
  useModalForm,
  useOnOpen,
} from '../../components/management';
import { useSaveBranch } from './manage-api';

const schema = ZBranchForm.pick({ name: true });

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
  const logo = useImageChoice('logo');
  useOnOpen(opened, logo.reset);
  const { error, fail, submit, field } = useModalForm(opened, () => ({ name: branch?.name ?? '' }), {
    schema,
    fields: ['name'],
    defaultValues: { name: '' },
  });

  const onSubmit = submit(({ name }) =>
    save.mutate(
      { id: branch?.id, values: { name, logo: logo.file, removeLogo: logo.remove } },
      { onSuccess: onSaved, onError: (failure) => fail(failure, logo.claim(failure)) },
    ),
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={branch ? t('org.branches.editTitle') : t('org.branches.addTitle')}
      onSubmit={onSubmit}
      error={error}
      saving={save.isPending}
      testId="branch-form"
      size="lg"
    >
      <TextInput label={t('org.branches.name')} withAsterisk {...field('name')} />
      <ImageChoiceField
        choice={logo}
        label={t('org.branches.logo')}
        currentUrl={branch?.logo}
        removeLabel={t('org.branches.removeLogo')}
      />
    </FormModal>
  );
}
