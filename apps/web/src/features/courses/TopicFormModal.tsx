import { type TTopic, ZTopicInput } from '@academy/contract';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal, useModalForm } from '../../components/management';
import { useSaveTopic } from './api';

interface TopicFormModalProps {
  opened: boolean;
  courseId: number;
  topic?: TTopic;
  onClose: () => void;
  onSaved: (topic: TTopic) => void;
}

/** Add a topic at the end of a course, or rename one (name ≤200). */
export function TopicFormModal({ opened, courseId, topic, onClose, onSaved }: TopicFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveTopic(courseId);
  const { error, fail, submit, field } = useModalForm(opened, () => ({ name: topic?.name ?? '' }), {
    schema: ZTopicInput,
    fields: ['name'],
  });

  const onSubmit = submit(({ name }) =>
    save.mutate({ id: topic?.id, name }, { onSuccess: onSaved, onError: (failure) => fail(failure) }),
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={topic ? t('courseAdmin.editTopic') : t('courseAdmin.addTopic')}
      onSubmit={onSubmit}
      error={error}
      saving={save.isPending}
      testId="topic-form"
    >
      <TextInput label={t('courseAdmin.topicName')} withAsterisk data-autofocus {...field('name')} />
    </FormModal>
  );
}
