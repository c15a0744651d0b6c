import {
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type QuestionType,
  type TAuthorQuestion,
} from '@academy/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalActions } from '../../components/management';
import { ApiError } from '../../lib/api';
import { useAnnounceModal } from '../../lib/use-announce-modal';
import { useSaveQuestion } from './api';
import { draftErrors, draftOf, emptyDraft, type QuestionDraft, syncBlanks, toInput } from './question-draft';

interface QuestionEditorProps {
  lessonId: number;
  /** The question to edit, `'new'` to add one, or null when closed. */
  question: TAuthorQuestion | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Adds or edits a question: single choice, multiple choice or fill in the blanks. */
export function QuestionEditor({ lessonId, question, onClose, onSaved }: QuestionEditorProps) {
  const { t } = useTranslation();
  const opened = question !== null;
  useAnnounceModal(opened);
  const save = useSaveQuestion(lessonId);
  const [draft, setDraft] = useState<QuestionDraft>(emptyDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!question) return;
    setDraft(question === 'new' ? emptyDraft() : draftOf(question));
    setErrors({});
    setFormError(null);
  }, [question]);

  const update = (change: Partial<QuestionDraft>) => setDraft((d) => syncBlanks({ ...d, ...change }));
  const setType = (type: QuestionType) =>
    setDraft((d) => {
      let options = d.options;
      if (type === 'SINGLE_CHOICE') {
        const first = options.findIndex((o) => o.correct);
        options = options.map((o, i) => ({ ...o, correct: i === Math.max(0, first) }));
      }
      return syncBlanks({ ...d, type, options });
    });

  async function submit() {
    const found = draftErrors(draft);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({
        id: question !== 'new' && question ? question.id : undefined,
        input: toInput(draft, question !== 'new' && question ? question : undefined),
      });
      onSaved(question === 'new' ? t('exams.questionAdded') : t('exams.questionSaved'));
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        setErrors(Object.fromEntries(error.fieldErrors.map((f) => [f.field, f.message])));
      }
      setFormError(error instanceof Error ? error.message : String(error));
    }
  }

  const choice = draft.type !== 'FILL_BLANKS';
  const optionsError = errors.options;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={question === 'new' ? t('exams.addQuestion') : t('exams.editQuestion')}
    >
      <Stack gap="sm" data-testid="question-editor">
        {formError && <Alert color="red">{formError}</Alert>}
        <SegmentedControl
          fullWidth
          value={draft.type}
          onChange={(value) => setType(value as QuestionType)}
          data={QUESTION_TYPES.map((type) => ({ value: type, label: QUESTION_TYPE_LABELS[type] }))}
          data-testid="question-type"
        />
        <Textarea
          label={t('exams.content')}
          description={choice ? undefined : t('exams.blankHint')}
          withAsterisk
          autosize
          minRows={2}
          value={draft.content}
          onChange={(e) => update({ content: e.currentTarget.value })}
          error={errors.content}
          name="content"
        />
        {choice ? (
          <Stack gap={6}>
            <Text fz="sm" fw={500}>
              {t('exams.options')}{' '}
              <Text span c="dimmed" fz="xs">
                {draft.type === 'SINGLE_CHOICE' ? t('exams.markOneCorrect') : t('exams.markCorrect')}
              </Text>
            </Text>
            <Radio.Group
              value={String(draft.options.findIndex((o) => o.correct))}
              onChange={(value) =>
                update({ options: draft.options.map((o, i) => ({ ...o, correct: String(i) === value })) })
              }
            >
              <Stack gap={6}>
                {draft.options.map((option, index) => (
                  <Group key={option.id ?? `new-${index}`} gap="xs" wrap="nowrap" align="flex-start">
                    {draft.type === 'SINGLE_CHOICE' ? (
                      <Radio
                        value={String(index)}
                        mt={8}
                        aria-label={t('exams.correctOption', { n: index + 1 })}
                      />
                    ) : (
                      <Checkbox
                        mt={8}
                        checked={option.correct}
                        aria-label={t('exams.correctOption', { n: index + 1 })}
                        onChange={(e) => {
                          const checked = e.currentTarget.checked;
                          update({
                            options: draft.options.map((o, i) =>
                              i === index ? { ...o, correct: checked } : o,
                            ),
                          });
                        }}
                      />
                    )}
                    <TextInput
                      style={{ flex: 1 }}
                      placeholder={t('exams.optionN', { n: index + 1 })}
                      aria-label={t('exams.optionN', { n: index + 1 })}
                      value={option.text}
                      onChange={(e) => {
                        const text = e.currentTarget.value;
                        update({ options: draft.options.map((o, i) => (i === index ? { ...o, text } : o)) });
                      }}
                      error={errors[`options.${index}.text`]}
                    />
                    <Tooltip label={t('exams.removeOption')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        mt={4}
                        aria-label={t('exams.removeOption')}
                        disabled={draft.options.length <= 2}
                        onClick={() => update({ options: draft.options.filter((_, i) => i !== index) })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ))}
              </Stack>
            </Radio.Group>
            {optionsError && (
              <Text c="red" fz="xs" data-testid="options-error">
                {optionsError}
              </Text>
            )}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => update({ options: [...draft.options, { text: '', correct: false }] })}
              disabled={draft.options.length >= 10}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('exams.addOption')}
            </Button>
          </Stack>
        ) : (
          <Stack gap={6}>
            {draft.blanks.length === 0 && (
              <Text c={errors.content ? 'red' : 'dimmed'} fz="sm">
                {t('exams.noBlanksYet')}
              </Text>
            )}
            {draft.blanks.map((answers, index) => (
              <TagsInput
                // Blanks are positional: the n-th ___ of the content.
                // biome-ignore lint/suspicious/noArrayIndexKey: a blank is identified by its position
                key={index}
                label={t('exams.blankAnswers', { n: index + 1 })}
                description={index === 0 ? t('exams.blankAnswersHint') : undefined}
                value={answers}
                onChange={(value) =>
                  update({ blanks: draft.blanks.map((b, i) => (i === index ? value : b)) })
                }
                error={errors[`blanks.${index}.answers`]}
                splitChars={['|', ',']}
                acceptValueOnBlur
                data-testid={`blank-answers-${index + 1}`}
              />
            ))}
            {errors.blanks && (
              <Text c="red" fz="xs">
                {errors.blanks}
              </Text>
            )}
            <TagsInput
              label={t('exams.wordBank')}
              description={t('exams.wordBankHint')}
              value={draft.wordBank}
              onChange={(value) => update({ wordBank: value })}
              acceptValueOnBlur
            />
          </Stack>
        )}
        <Textarea
          label={t('exams.taskDescription')}
          autosize
          minRows={1}
          value={draft.taskDescription}
          onChange={(e) => update({ taskDescription: e.currentTarget.value })}
          error={errors.taskDescription}
        />
        <Group grow align="flex-start">
          <Textarea
            label={t('exams.taskGuide')}
            autosize
            minRows={1}
            value={draft.taskGuide}
            onChange={(e) => update({ taskGuide: e.currentTarget.value })}
            error={errors.taskGuide}
          />
          <NumberInput
            label={t('exams.displayTime')}
            description={t('exams.displayTimeHint')}
            min={0}
            max={3600}
            allowDecimal={false}
            allowNegative={false}
            value={draft.displaySeconds}
            onChange={(value) => update({ displaySeconds: String(value) })}
            error={errors.displaySeconds}
          />
        </Group>
        <ModalActions
          onCancel={onClose}
          onSave={submit}
          saving={save.isPending}
          saveTestId="save-question"
          mt="sm"
        />
      </Stack>
    </Modal>
  );
}
