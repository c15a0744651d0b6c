import { type TService, ZServiceForm } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ImageInput } from '../../components/ImageInput';
import { FormModal, SwitchField } from '../../components/management';
import { ApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { useSaveService } from './api';

/** The text fields of the service form; the image is picked (and checked) by ImageInput. */
const schema = ZServiceForm.pick({ name: true, websiteUrl: true, showOnHome: true });
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;
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
  const [formError, setFormError] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [removeImage, setRemoveImage] = useState(false);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', websiteUrl: '', showOnHome: false },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!opened) return;
    setFormError(null);
    setImage(null);
    setImageError(undefined);
    setRemoveImage(false);
    form.reset({
      name: service?.name ?? '',
      websiteUrl: service?.websiteUrl ?? '',
      showOnHome: service?.showOnHome ?? false,
    });
  }, [opened, service, form]);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    setImageError(undefined);
    save.mutate(
      {
        id: service?.id,
        values: {
          name: values.name,
          websiteUrl: values.websiteUrl ?? '',
          showOnHome: values.showOnHome,
          image,
          removeImage,
        },
      },
      {
        onSuccess: (saved) => onSaved(saved),
        onError: (error) => {
          const message = applyServerErrors(error, form.setError, FIELDS);
          // Upload problems (type, size, damaged image) belong under the image.
          const imageProblem =
            error instanceof ApiError && error.fieldErrors.find((e) => e.field === 'image');
          if (imageProblem) setImageError(imageProblem.message);
          setFormError(imageProblem ? null : message);
        },
      },
    );
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={service ? t('org.services.editTitle') : t('org.services.addTitle')}
      onSubmit={submit}
      error={formError}
      saving={save.isPending}
      testId="service-form"
      size="lg"
    >
      <TextInput
        label={t('org.services.name')}
        withAsterisk
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextInput
        label={t('org.services.website')}
        placeholder="https://"
        error={errors.websiteUrl?.message}
        {...form.register('websiteUrl')}
      />
      <SwitchField control={form.control} name="showOnHome" label={t('org.services.showOnHome')} />
      <ImageInput
        label={t('org.services.image')}
        currentUrl={removeImage ? null : service?.image}
        value={image}
        onChange={setImage}
        error={imageError}
      />
      {service?.image && !image && (
        <Checkbox
          label={t('org.services.removeImage')}
          checked={removeImage}
          onChange={(event) => setRemoveImage(event.currentTarget.checked)}
        />
      )}
    </FormModal>
  );
}
