import { type TCourse, ZCourseForm } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Radio, Select, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ImageInput } from '../../components/ImageInput';
import { FormModal, SwitchField } from '../../components/management';
import { ApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { useServices } from '../org/api';
import { useCertificateOptions, useSaveCourse } from './api';

/** The course form's fields with the contract's rules; the image is picked by ImageInput. */
const schema = ZCourseForm.pick({
  name: true,
  serviceId: true,
  requirements: true,
  ordered: true,
  mustCompleteBeforeNext: true,
  featured: true,
  certificateId: true,
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;
const FIELDS = [
  'name',
  'serviceId',
  'requirements',
  'ordered',
  'mustCompleteBeforeNext',
  'featured',
  'certificateId',
] as const;

interface CourseFormModalProps {
  opened: boolean;
  /** The course being edited; undefined adds a new one. */
  course?: TCourse;
  onClose: () => void;
  onSaved: (course: TCourse) => void;
}

/**
 * Add or edit a course: name (≤200), service, image, requirements, ordered or free learning,
 * "complete this course before moving on", featured on the home page and, once certificates
 * exist, the certificate it grants.
 */
export function CourseFormModal({ opened, course, onClose, onSaved }: CourseFormModalProps) {
  const { t } = useTranslation();
  const services = useServices();
  const certificates = useCertificateOptions(opened);
  const save = useSaveCourse();
  const [formError, setFormError] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [removeImage, setRemoveImage] = useState(false);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema) });
  const { errors } = form.formState;

  useEffect(() => {
    if (!opened) return;
    setFormError(null);
    setImage(null);
    setImageError(undefined);
    setRemoveImage(false);
    form.reset({
      name: course?.name ?? '',
      serviceId: course ? String(course.serviceId) : '',
      requirements: course?.requirements ?? '',
      ordered: course ? String(course.ordered) : '',
      mustCompleteBeforeNext: course?.mustCompleteBeforeNext ?? false,
      featured: course?.featured ?? false,
      certificateId: course?.certificateId ? String(course.certificateId) : '',
    });
  }, [opened, course, form]);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    setImageError(undefined);
    save.mutate(
      {
        id: course?.id,
        values: {
          name: values.name,
          serviceId: values.serviceId,
          requirements: values.requirements ?? null,
          ordered: values.ordered,
          mustCompleteBeforeNext: values.mustCompleteBeforeNext,
          featured: values.featured,
          certificateId: values.certificateId,
          image,
          removeImage,
        },
      },
      {
        onSuccess: (saved) => onSaved(saved),
        onError: (error) => {
          const message = applyServerErrors(error, form.setError, FIELDS);
          const imageProblem =
            error instanceof ApiError && error.fieldErrors.find((e) => e.field === 'image');
          if (imageProblem) setImageError(imageProblem.message);
          setFormError(imageProblem ? null : message);
        },
      },
    );
  });

  const certificateData = (certificates.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={course ? t('courseAdmin.editCourse') : t('courseAdmin.addCourse')}
      onSubmit={submit}
      error={formError}
      saving={save.isPending}
      testId="course-form"
      size="lg"
    >
      <TextInput
        label={t('courseAdmin.courseName')}
        withAsterisk
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Controller
        control={form.control}
        name="serviceId"
        render={({ field }) => (
          <Select
            label={t('courseAdmin.service')}
            withAsterisk
            data={(services.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={field.value ? String(field.value) : null}
            onChange={(value) => field.onChange(value ?? '')}
            error={errors.serviceId?.message}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="course-service"
          />
        )}
      />
      <Controller
        control={form.control}
        name="ordered"
        render={({ field }) => (
          <Radio.Group
            label={t('courseAdmin.learningOrder')}
            withAsterisk
            value={field.value === undefined || field.value === '' ? null : String(field.value)}
            onChange={field.onChange}
            error={errors.ordered?.message}
          >
            <Group mt={6} gap="lg">
              <Radio value="true" label={t('courseAdmin.ordered')} color="accent.6" />
              <Radio value="false" label={t('courseAdmin.unordered')} color="accent.6" />
            </Group>
          </Radio.Group>
        )}
      />
      <Textarea
        label={t('courseAdmin.requirements')}
        autosize
        minRows={3}
        maxRows={8}
        error={errors.requirements?.message}
        {...form.register('requirements')}
      />
      <SwitchField
        control={form.control}
        name="mustCompleteBeforeNext"
        label={t('courseAdmin.mustCompleteBeforeNext')}
      />
      <SwitchField control={form.control} name="featured" label={t('courseAdmin.featured')} />
      {certificates.isSuccess && (
        <Controller
          control={form.control}
          name="certificateId"
          render={({ field }) => (
            <Select
              label={t('courseAdmin.certificate')}
              placeholder={t('courseAdmin.noCertificate')}
              data={certificateData}
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(value ?? '')}
              clearable
              error={errors.certificateId?.message}
            />
          )}
        />
      )}
      <ImageInput
        label={t('courseAdmin.image')}
        currentUrl={removeImage ? null : course?.image}
        value={image}
        onChange={(file) => {
          setImage(file);
          setRemoveImage(false);
        }}
        error={imageError}
      />
      {course?.image && !image && (
        <Checkbox
          label={t('courseAdmin.removeImage')}
          checked={removeImage}
          onChange={(event) => setRemoveImage(event.currentTarget.checked)}
        />
      )}
    </FormModal>
  );
}
