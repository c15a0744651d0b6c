import {
  COURSE_LIMITS,
  COURSE_VALIDITY_MESSAGES,
  recertificationWindowFits,
  type TCourse,
  ZCourseForm,
} from '@academy/contract';
import { Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  FormModal,
  ImageChoiceField,
  NumberField,
  SelectField,
  SwitchField,
  serviceOptions,
  useImageChoice,
  useModalForm,
  useOnOpen,
} from '../../components/management';
import { useServices } from '../org';
import { useCertificateOptions, useSaveCourse } from './api';

/**
 * The course form's fields with the contract's rules; the image is picked by ImageInput. The
 * recertification window must be shorter than the validity (the server says so too).
 */
const schema = ZCourseForm.pick({
  name: true,
  serviceId: true,
  requirements: true,
  ordered: true,
  mustCompleteBeforeNext: true,
  featured: true,
  certificateId: true,
  certificateValidityMonths: true,
  recertificationWindowDays: true,
}).superRefine((values, ctx) => {
  const windowDays = values.recertificationWindowDays ?? COURSE_LIMITS.defaultRecertificationWindowDays;
  if (!recertificationWindowFits(values.certificateValidityMonths, windowDays)) {
    ctx.addIssue({
      code: 'custom',
      path: ['recertificationWindowDays'],
      message: COURSE_VALIDITY_MESSAGES.windowTooLong,
    });
  }
});
const FIELDS = [
  'name',
  'serviceId',
  'requirements',
  'ordered',
  'mustCompleteBeforeNext',
  'featured',
  'certificateId',
  'certificateValidityMonths',
  'recertificationWindowDays',
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
 * exist, the certificate it grants: how many months it is valid (blank: it never expires) and how
 * many days before it expires the course is assigned again (decisions 104, 105).
 */
export function CourseFormModal({ opened, course, onClose, onSaved }: CourseFormModalProps) {
  const { t } = useTranslation();
  const services = useServices();
  const certificates = useCertificateOptions(opened);
  const save = useSaveCourse();
  const image = useImageChoice();
  useOnOpen(opened, image.reset);
  const { form, error, fail, submit, field } = useModalForm(
    opened,
    () => ({
      name: course?.name ?? '',
      serviceId: course ? String(course.serviceId) : '',
      requirements: course?.requirements ?? '',
      ordered: course ? String(course.ordered) : '',
      mustCompleteBeforeNext: course?.mustCompleteBeforeNext ?? false,
      featured: course?.featured ?? false,
      certificateId: course?.certificateId ? String(course.certificateId) : '',
      certificateValidityMonths: course?.certificateValidityMonths ?? '',
      recertificationWindowDays: course?.recertificationWindowDays ?? '',
    }),
    { schema, fields: FIELDS },
  );
  const { errors } = form.formState;
  const certificateChosen = Boolean(form.watch('certificateId'));
  const validity = form.watch('certificateValidityMonths');
  const expires = validity !== '' && validity !== null && validity !== undefined;

  const onSubmit = submit((values) =>
    save.mutate(
      {
        id: course?.id,
        values: {
          ...values,
          requirements: values.requirements ?? null,
          certificateValidityMonths: values.certificateValidityMonths ?? null,
          recertificationWindowDays: values.recertificationWindowDays ?? null,
          image: image.file,
          removeImage: image.remove,
        },
      },
      { onSuccess: onSaved, onError: (failure) => fail(failure, image.claim(failure)) },
    ),
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={course ? t('courseAdmin.editCourse') : t('courseAdmin.addCourse')}
      onSubmit={onSubmit}
      error={error}
      saving={save.isPending}
      testId="course-form"
      size="lg"
    >
      <TextInput label={t('courseAdmin.courseName')} withAsterisk {...field('name')} />
      <SelectField
        control={form.control}
        name="serviceId"
        label={t('courseAdmin.service')}
        withAsterisk
        data={serviceOptions(services.data)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="course-service"
      />
      <Controller
        control={form.control}
        name="ordered"
        render={({ field: ordered }) => (
          <Radio.Group
            label={t('courseAdmin.learningOrder')}
            withAsterisk
            value={ordered.value === undefined || ordered.value === '' ? null : String(ordered.value)}
            onChange={ordered.onChange}
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
        {...field('requirements')}
      />
      <SwitchField
        control={form.control}
        name="mustCompleteBeforeNext"
        label={t('courseAdmin.mustCompleteBeforeNext')}
      />
      <SwitchField control={form.control} name="featured" label={t('courseAdmin.featured')} />
      {certificates.isSuccess && (
        <SelectField
          control={form.control}
          name="certificateId"
          label={t('courseAdmin.certificate')}
          placeholder={t('courseAdmin.noCertificate')}
          data={certificates.data.map((c) => ({ value: String(c.id), label: c.name }))}
          clearable
        />
      )}
      {certificates.isSuccess && certificateChosen && (
        <Stack gap="md" data-testid="course-validity">
          <NumberField
            control={form.control}
            name="certificateValidityMonths"
            label={t('courseAdmin.validityMonths')}
            description={t('courseAdmin.validityHint')}
            placeholder={t('courseAdmin.neverExpires')}
            min={1}
            max={COURSE_LIMITS.maxValidityMonths}
          />
          <NumberField
            control={form.control}
            name="recertificationWindowDays"
            label={t('courseAdmin.recertificationWindow')}
            description={t('courseAdmin.recertificationWindowHint')}
            placeholder={String(COURSE_LIMITS.defaultRecertificationWindowDays)}
            min={0}
            max={COURSE_LIMITS.maxRecertificationWindowDays}
            disabled={!expires}
          />
        </Stack>
      )}
      <ImageChoiceField
        choice={image}
        label={t('courseAdmin.image')}
        currentUrl={course?.image}
        removeLabel={t('courseAdmin.removeImage')}
      />
    </FormModal>
  );
}
