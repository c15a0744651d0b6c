import {
  type PermissionKey,
  QUESTION_TYPE_LABELS,
  type TAuthorQuestion,
  type TExamSettings,
  type TExamSettingsInput,
  ZExamSettingsInput,
} from '@academy/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Center,
  FileButton,
  Grid,
  Group,
  List,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCheck,
  IconCopy,
  IconDownload,
  IconEdit,
  IconFileSpreadsheet,
  IconLockOpen,
  IconPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../app/auth/AuthProvider';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import {
  downloadQuestions,
  downloadTemplate,
  useDeleteQuestion,
  useDuplicateQuestion,
  useExamAuthoring,
  useImportQuestions,
  useLockedLearners,
  useReorderQuestions,
  useSaveExamSettings,
  useUnlockLearner,
} from './api';
import { QuestionEditor } from './QuestionEditor';

type Result = { message: string; kind: 'success' | 'error' } | null;

/** Course action keys decide the buttons (the API checks them again). */
function usePermissions() {
  const { user, isAdmin } = useAuth();
  const has = (key: PermissionKey) => isAdmin || (user?.permissions ?? []).includes(key);
  return {
    canAdd: has('ADD_COURSE_MANAGEMENT'),
    canEdit: has('EDIT_COURSE_MANAGEMENT'),
    canDelete: has('DELETE_COURSE_MANAGEMENT'),
    canUnlock: has('PROGRESS_MANAGEMENT'),
  };
}

/**
 * /management/course/topic/lesson/{id}: a lesson's exam — settings, questions (add, edit,
 * duplicate, reorder, delete), Excel import and export, and learners locked out of it.
 */
export function ExamAuthoringPage() {
  const { t } = useTranslation();
  const lessonId = Number(useParams().id);
  const exam = useExamAuthoring(lessonId);
  const can = usePermissions();
  const [editing, setEditing] = useState<TAuthorQuestion | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TAuthorQuestion | null>(null);
  const [result, setResult] = useState<Result>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const remove = useDeleteQuestion(lessonId);
  const duplicate = useDuplicateQuestion(lessonId);
  const reorder = useReorderQuestions(lessonId);

  if (exam.error) return <Alert color="red">{exam.error.message}</Alert>;
  if (!exam.data)
    return (
      <Center mih={240}>
        <Loader />
      </Center>
    );
  const { lesson, questions, settings } = exam.data;

  const move = (index: number, by: -1 | 1) => {
    const ids = questions.map((q) => q.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    reorder.mutate(ids, { onError: (e) => setResult({ kind: 'error', message: e.message }) });
  };

  return (
    <>
      <Breadcrumbs mb="sm" separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        <Anchor component={Link} to="/management/course" fz="sm" c="brand.9">
          {t('management.areas.course')}
        </Anchor>
        <Anchor component={Link} to={`/management/course/${lesson.courseId}`} fz="sm" c="brand.9">
          {lesson.courseName}
        </Anchor>
        <Anchor
          component={Link}
          to={`/management/course/${lesson.courseId}/topic/${lesson.topicId}`}
          fz="sm"
          c="brand.9"
        >
          {lesson.topicName}
        </Anchor>
        <Text fz="sm" c="dimmed" lineClamp={1}>
          {lesson.name}
        </Text>
      </Breadcrumbs>
      <PageHeader
        title={t('exams.authoringTitle', { lesson: lesson.name })}
        actions={
          can.canAdd && (
            <Button
              color="accent.6"
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing('new')}
              data-testid="add-question"
            >
              {t('exams.addQuestion')}
            </Button>
          )
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm" data-testid="question-list">
            {questions.length === 0 && (
              <Paper withBorder p="lg" radius="md">
                <Text c="dimmed">{t('exams.noQuestions')}</Text>
              </Paper>
            )}
            {questions.map((question, index) => (
              <QuestionCard
                key={question.id}
                question={question}
                number={index + 1}
                count={questions.length}
                can={can}
                busy={reorder.isPending || duplicate.isPending}
                onEdit={() => setEditing(question)}
                onDelete={() => setToDelete(question)}
                onDuplicate={() =>
                  duplicate.mutate(question.id, {
                    onSuccess: () => setResult({ kind: 'success', message: t('exams.questionDuplicated') }),
                    onError: (e) => setResult({ kind: 'error', message: e.message }),
                  })
                }
                onMove={(by) => move(index, by)}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <SettingsCard
              lessonId={lessonId}
              settings={settings}
              questionCount={questions.length}
              canEdit={can.canEdit}
            />
            <ExcelCard
              lessonId={lessonId}
              canAdd={can.canAdd}
              onImported={(n) => setResult({ kind: 'success', message: t('exams.imported', { count: n }) })}
            />
            {can.canUnlock && <LockedLearnersCard lessonId={lessonId} onResult={setResult} />}
          </Stack>
        </Grid.Col>
      </Grid>
      <QuestionEditor
        lessonId={lessonId}
        question={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          setResult({ kind: 'success', message });
        }}
      />
      <ConfirmDeleteDialog
        opened={toDelete !== null}
        subject={toDelete?.content}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              setToDelete(null);
              setResult({ kind: 'success', message: t('exams.questionDeleted') });
            },
            onError: (e) => {
              setToDelete(null);
              setResult({ kind: 'error', message: e.message });
            },
          })
        }
      />
      <MessageDialog message={result?.message ?? null} kind={result?.kind} onClose={closeResult} />
    </>
  );
}

function QuestionCard({
  question,
  number,
  count,
  can,
  busy,
  onEdit,
  onDelete,
  onDuplicate,
  onMove,
}: {
  question: TAuthorQuestion;
  number: number;
  count: number;
  can: ReturnType<typeof usePermissions>;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onDuplicate: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  const fill = question.type === 'FILL_BLANKS';
  return (
    <Paper withBorder radius="md" p="md" data-testid="question-card">
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs" mb={6}>
        <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
          <Badge color="brand.9" variant="filled" radius="sm">
            {number}
          </Badge>
          <Badge variant="light" color="accent.6" size="sm">
            {QUESTION_TYPE_LABELS[question.type]}
          </Badge>
          {question.displaySeconds !== null && (
            <Text fz="xs" c="dimmed">
              {t('exams.secondsShort', { count: question.displaySeconds })}
            </Text>
          )}
        </Group>
        <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
          {can.canEdit && (
            <>
              <Tooltip label={t('exams.moveUp')}>
                <ActionIcon
                  variant="subtle"
                  color="brand.9"
                  disabled={number === 1 || busy}
                  onClick={() => onMove(-1)}
                  aria-label={t('exams.moveUpN', { n: number })}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('exams.moveDown')}>
                <ActionIcon
                  variant="subtle"
                  color="brand.9"
                  disabled={number === count || busy}
                  onClick={() => onMove(1)}
                  aria-label={t('exams.moveDownN', { n: number })}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('common.edit')}>
                <ActionIcon
                  variant="subtle"
                  color="brand.9"
                  onClick={onEdit}
                  aria-label={t('exams.editN', { n: number })}
                >
                  <IconEdit size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
          {can.canAdd && (
            <Tooltip label={t('exams.duplicate')}>
              <ActionIcon
                variant="subtle"
                color="brand.9"
                disabled={busy}
                onClick={onDuplicate}
                aria-label={t('exams.duplicateN', { n: number })}
              >
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {can.canDelete && (
            <Tooltip label={t('common.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onDelete}
                aria-label={t('exams.deleteN', { n: number })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {question.taskDescription && (
        <Text fz="sm" c="dimmed">
          {question.taskDescription}
        </Text>
      )}
      <Text fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {question.content}
      </Text>
      {fill ? (
        <Stack gap={4} mt="xs">
          {question.blanks.map((blank, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positional
            <Text key={i} fz="sm">
              <Text span c="dimmed" fz="sm">
                {t('exams.blankN', { n: i + 1 })}:{' '}
              </Text>
              <Text span fw={600} c="green.8" fz="sm">
                {blank.answers.join(' | ')}
              </Text>
            </Text>
          ))}
          {question.options.length > 0 && (
            <Text fz="xs" c="dimmed">
              {t('exams.wordBank')}: {question.options.map((o) => o.text).join(', ')}
            </Text>
          )}
        </Stack>
      ) : (
        <List spacing={2} size="sm" mt="xs" listStyleType="none">
          {question.options.map((option) => (
            <List.Item
              key={option.id}
              icon={
                option.correct ? (
                  <IconCheck size={14} color="#2f9e44" aria-label={t('exams.correct')} />
                ) : (
                  <span style={{ display: 'inline-block', width: 14 }} />
                )
              }
            >
              <Text fz="sm" fw={option.correct ? 600 : 400} c={option.correct ? 'green.8' : undefined}>
                {option.text}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      {question.taskGuide && (
        <Text fz="xs" c="dimmed" mt={6}>
          {t('exams.taskGuide')}: {question.taskGuide}
        </Text>
      )}
    </Paper>
  );
}

type SettingsValues = {
  examTimeLimitMinutes: number | string;
  requiredCorrectAnswers: number | string;
  maxFailedAttempts: number | string;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
};
const SETTINGS_FIELDS = ['examTimeLimitMinutes', 'requiredCorrectAnswers', 'maxFailedAttempts'] as const;

const settingsResolver: Resolver<SettingsValues, unknown, TExamSettingsInput> = async (values) => {
  const parsed = ZExamSettingsInput.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<SettingsValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SettingsValues;
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

function SettingsCard({
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
    resolver: settingsResolver,
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
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={description}
          min={min}
          allowDecimal={false}
          allowNegative={false}
          disabled={!canEdit}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} data-testid="exam-settings">
      <Title order={4} c="brand.9" mb="sm">
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
        <Controller
          control={form.control}
          name="shuffleQuestions"
          render={({ field }) => (
            <Switch
              label={t('exams.shuffleQuestions')}
              checked={field.value}
              disabled={!canEdit}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="shuffleOptions"
          render={({ field }) => (
            <Switch
              label={t('exams.shuffleOptions')}
              checked={field.value}
              disabled={!canEdit}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
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

function ExcelCard({
  lessonId,
  canAdd,
  onImported,
}: {
  lessonId: number;
  canAdd: boolean;
  onImported: (count: number) => void;
}) {
  const { t } = useTranslation();
  const importQuestions = useImportQuestions(lessonId);
  const [problem, setProblem] = useState<{
    message: string;
    rows: { field: string; message: string }[];
  } | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const upload = (file: File | null) => {
    if (!file) return;
    setProblem(null);
    importQuestions.mutate(file, {
      onSuccess: (result) => onImported(result.imported),
      onError: (error) =>
        setProblem({
          message: error.message,
          rows: error instanceof ApiError ? error.fieldErrors.filter((f) => f.field.startsWith('row')) : [],
        }),
    });
  };
  const download = (run: () => Promise<void>) => {
    setDownloadError(null);
    run().catch((e: unknown) => setDownloadError(e instanceof Error ? e.message : String(e)));
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="exam-excel">
      <Group gap={6} mb="xs">
        <IconFileSpreadsheet size={20} color="#251A5B" aria-hidden />
        <Title order={4} c="brand.9">
          {t('exams.excel')}
        </Title>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('exams.excelHint')}
      </Text>
      <Stack gap="xs">
        <Button
          variant="light"
          color="brand.9"
          leftSection={<IconDownload size={16} />}
          onClick={() => download(downloadTemplate)}
        >
          {t('exams.template')}
        </Button>
        {canAdd && (
          <FileButton onChange={upload} accept=".xlsx">
            {(props) => (
              <Button
                {...props}
                variant="light"
                color="accent.6"
                leftSection={<IconUpload size={16} />}
                loading={importQuestions.isPending}
                data-testid="import-questions"
              >
                {t('exams.import')}
              </Button>
            )}
          </FileButton>
        )}
        <Button
          variant="light"
          color="brand.9"
          leftSection={<IconDownload size={16} />}
          onClick={() => download(() => downloadQuestions(lessonId))}
        >
          {t('exams.export')}
        </Button>
        {downloadError && <Alert color="red">{downloadError}</Alert>}
        {problem && (
          <Alert color="red" title={problem.message} data-testid="import-errors">
            {problem.rows.length > 0 && (
              <List size="sm" spacing={2}>
                {problem.rows.map((row) => (
                  <List.Item key={`${row.field}-${row.message}`}>
                    <b>{row.field.replace(/^row/, t('exams.row'))}</b>: {row.message}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function LockedLearnersCard({
  lessonId,
  onResult,
}: {
  lessonId: number;
  onResult: (result: Result) => void;
}) {
  const { t } = useTranslation();
  const locked = useLockedLearners(lessonId, true);
  const unlock = useUnlockLearner(lessonId);
  const rows = locked.data?.items ?? [];
  return (
    <Paper withBorder radius="md" p="md" data-testid="locked-learners">
      <Title order={4} c="brand.9" mb="xs">
        {t('exams.lockedLearners')}
      </Title>
      {locked.error && <Alert color="red">{locked.error.message}</Alert>}
      {rows.length === 0 && !locked.isPending && (
        <Text fz="sm" c="dimmed">
          {t('exams.nobodyLocked')}
        </Text>
      )}
      <Stack gap="xs">
        {rows.map((row) => (
          <Group key={row.userId} justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fz="sm" fw={600} truncate>
                {row.fullName ?? row.employeeCode}
              </Text>
              <Text fz="xs" c="dimmed">
                {row.employeeCode} · {t('exams.failedCount', { count: row.failedAttempts })}
              </Text>
            </div>
            <Button
              size="xs"
              variant="light"
              color="accent.6"
              leftSection={<IconLockOpen size={14} />}
              loading={unlock.isPending && unlock.variables === row.userId}
              onClick={() =>
                unlock.mutate(row.userId, {
                  onSuccess: () =>
                    onResult({
                      kind: 'success',
                      message: t('exams.unlocked', { name: row.fullName ?? row.employeeCode }),
                    }),
                  onError: (e) => onResult({ kind: 'error', message: e.message }),
                })
              }
              data-testid="unlock-learner"
            >
              {t('exams.unlock')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

export default ExamAuthoringPage;
