import { type TTopic, ZTopicInput } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormModal } from '../../components/management';
import { applyServerErrors } from '../../lib/forms';
import { useSaveTopic } from './api';

type Input = z.input<typeof ZTopicInput>;
type Output = z.output<typeof ZTopicInput>;

/** Add a topic at the end of a course, or rename one (name ≤200). */
export function TopicFormModal({
  opened,
  courseId,
  topic,
  onClose,
  onSaved,
}: {
  opened: boolean;
  courseId: number;
  topic?: TTopic;
  onClose: () => void;
  onSaved: (topic: TTopic) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTopic(courseId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(ZTopicInput) });

  useEffect(() => {
    if (!opened) return;
    setFormError(null);
    form.reset({ name: topic?.name ?? '' });
  }, [opened, topic, form]);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id: topic?.id, name: values.name },
      {
        onSuccess: onSaved,
        onError: (error) => setFormError(applyServerErrors(error, form.setError, ['name'])),
      },
    );
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={topic ? t('courseAdmin.editTopic') : t('courseAdmin.addTopic')}
      onSubmit={submit}
      error={formError}
      saving={save.isPending}
      testId="topic-form"
    >
      <TextInput
        label={t('courseAdmin.topicName')}
        withAsterisk
        data-autofocus
        error={form.formState.errors.name?.message}
        {...form.register('name')}
      />
    </FormModal>
  );
}
