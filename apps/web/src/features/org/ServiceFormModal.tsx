import { type TService, ZServiceForm } from '@academy/contract';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  FormModal,
  ImageChoiceField,
  SwitchField,
  useImageChoice,
  useModalForm,
  useOnOpen,
} from '../../components/management';
import { useSaveService } from './manage-api';

/** The text fields of the service form; the image is picked (and checked) by ImageInput. */
const schema = ZServiceForm.pick({ name: true, websiteUrl: true, showOnHome: true });
const FIELDS = ['name', 'websiteUrl', 'showOnHome'] as const;

interface ServiceFormModalProps {
  opened: boolean;
  /** The service being edited; undefined adds a new one. */
  service?: TService;
  onClose: () => void;
  onSaved: (service: TService) => void;
}

/** Add or edit a service: name, website link, show on home page, image with preview. */
export function ServiceFormModal({ opened, service, onClose, onSaved }: ServiceFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveService();
  const image = useImageChoice();
  useOnOpen(opened, image.reset);
  const { form, error, fail, submit, field } = useModalForm(
    opened,
    () => ({
      name: service?.name ?? '',
      websiteUrl: service?.websiteUrl ?? '',
      showOnHome: service?.showOnHome ?? false,
    }),
    { schema, fields: FIELDS, defaultValues: { name: '', websiteUrl: '', showOnHome: false } },
  );

  const onSubmit = submit((values) => {
    const { file, remove } = image;
    save.mutate(
      {
        id: service?.id,
        values: { ...values, websiteUrl: values.websiteUrl ?? '', image: file, removeImage: remove },
      },
      { onSuccess: onSaved, onError: (failure) => fail(failure, image.claim(failure)) },
    );
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={service ? t('org.services.editTitle') : t('org.services.addTitle')}
      onSubmit={onSubmit}
      error={error}
      saving={save.isPending}
      testId="service-form"
      size="lg"
    >
      <TextInput label={t('org.services.name')} withAsterisk {...field('name')} />
      <TextInput label={t('org.services.website')} placeholder="https://" {...field('websiteUrl')} />
      <SwitchField control={form.control} name="showOnHome" label={t('org.services.showOnHome')} />
      <ImageChoiceField
        choice={image}
        label={t('org.services.image')}
        currentUrl={service?.image}
        removeLabel={t('org.services.removeImage')}
      />
    </FormModal>
  );
}
