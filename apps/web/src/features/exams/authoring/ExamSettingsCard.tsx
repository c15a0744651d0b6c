import { ANSWER_REVIEWS, type TExamSettings, type TExamSettingsInput } from '@academy/contract';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField, SelectField, SwitchField } from '../../../components/management';
import { applyServerErrors } from '../../../lib/forms';
import { useSaveExamSettings } from '../api';
import { SETTINGS_FIELDS, type SettingsValues, settingsResolver } from './settings-form';

/** Time limit, pass mark, attempts and shuffling of a lesson's exam. */
export function ExamSettingsCard({
  lessonId,
  settings,
  questionCount,
  canEdit,
}: {
  lessonId: number;
  settings: TExamSettings;
  questionCount: number;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveExamSettings(lessonId);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const form = useForm<SettingsValues, unknown, TExamSettingsInput>({
    resolver: settingsResolver(questionCount),
    values: settings,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await save.mutateAsync(values);
      setMessage({ text: t('exams.settingsSaved'), ok: true });
    } catch (error) {
      const text = applyServerErrors(error, form.setError, SETTINGS_FIELDS);
      if (text) setMessage({ text, ok: false });
    }
  });

  const number = (
    name: (typeof SETTINGS_FIELDS)[number],
    label: string,
    min: number,
    description?: string,
  ) => (
    <NumberField
      control={form.control}
      name={name}
      label={label}
      description={description}
      min={min}
      disabled={!canEdit}
    />
  );

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} data-testid="exam-settings">
      <Title order={2} size="h4" c="var(--academy-ink)" mb="sm">
        {t('exams.settings')}
      </Title>
      <Stack gap="xs">
        {number('examTimeLimitMinutes', t('exams.timeLimit'), 1)}
        {number(
          'requiredCorrectAnswers',
          t('exams.requiredCorrect'),
          0,
          t('exams.requiredOf', { count: questionCount }),
        )}
        {number('maxFailedAttempts', t('exams.maxFailed'), 0, t('exams.maxFailedHint'))}
        <SwitchField
          control={form.control}
          name="shuffleQuestions"
          label={t('exams.shuffleQuestions')}
          disabled={!canEdit}
        />
        <SwitchField
          control={form.control}
          name="shuffleOptions"
          label={t('exams.shuffleOptions')}
          disabled={!canEdit}
        />
        <SelectField
          control={form.control}
          name="answerReview"
          label={t('exams.answerReview')}
          description={t('exams.answerReviewHint')}
          data={ANSWER_REVIEWS.map((value) => ({ value, label: t(`exams.answerReviews.${value}`) }))}
          allowDeselect={false}
          disabled={!canEdit}
          data-testid="answer-review"
        />
        {message && (
          <Text fz="sm" c={message.ok ? 'green.8' : 'red'} role="status">
            {message.text}
          </Text>
        )}
        {canEdit && (
          <Button type="submit" color="brand.9" loading={save.isPending} data-testid="save-settings">
            {t('common.save')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
