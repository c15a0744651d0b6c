import {
  COURSE_LIMITS,
  forbiddenMessage,
  MESSAGES,
  type TCmi5Course,
  type TLesson,
  type TLessonDocument,
  type TScormPackage,
  type TVideo,
  videoIdFromUrl,
  youtubeVideoId,
  ZLessonInput,
  ZScormSettings,
} from '@academy/contract';
import {
  Alert,
  Box,
  Button,
  FileButton,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileText, IconFileUpload, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Loading } from '../../components/Loading';
import { NumberField, RowAction } from '../../components/management';
import { formatBytes } from '../../lib/format';
import { applyServerErrors } from '../../lib/forms';
import { validId } from '../../lib/queries';
import { Cmi5CourseField, importUploadedCourse, removeCourse } from '../cmi5';
import { VideoStatus, VideoUploadField } from '../media';
import {
  importUploadedPackage,
  PackageField,
  removePackage,
  type StagedPackage,
  saveScormSettings,
} from '../scorm';
import { type PlayerHandle, YouTubeVideo } from '../study';
import { useCourse, useDeleteDocument, useLesson, useSaveLesson, useTopics, useUploadDocument } from './api';
import { CourseBreadcrumbs } from './CourseBreadcrumbs';
import {
  DOCUMENT_ACCEPT,
  formatVideoLength,
  isDocumentName,
  lessonFormPath,
  lessonsPath,
  parseVideoLength,
} from './paths';
import { useCourseActions } from './permissions';

type ContentKind = 'video' | 'scorm' | 'cmi5';

/** What the form holds: text as typed; the video length as "m:ss". */
interface LessonFormValues {
  name: string;
  topicId: string;
  /** A video (YouTube link or upload), a SCORM package or a cmi5 course. */
  contentKind: ContentKind;
  videoUrl: string;
  videoDurationSeconds: string;
  minStudyMinutes: number | string;
  requiredCorrectAnswers: number | string;
  examTimeLimitMinutes: number | string;
  maxFailedAttempts: number | string;
  /** A SCORM lesson's attempts allowed (0 = unlimited) and pass mark in % (empty = the package decides). */
  scormMaxAttempts: number | string;
  scormPassMark: number | string;
}
type LessonPayload = z.output<typeof ZLessonInput> & {
  /** Saved on the lesson's package after the lesson (null for a video lesson). */
  scormSettings: z.output<typeof ZScormSettings> | null;
};
const FIELDS = [
  'name',
  'topicId',
  'videoUrl',
  'videoDurationSeconds',
  'minStudyMinutes',
  'requiredCorrectAnswers',
  'examTimeLimitMinutes',
  'maxFailedAttempts',
] as const;

/** The contract's lesson rules, run on the form's values (the same rules run on the server). */
const resolver: Resolver<LessonFormValues, unknown, LessonPayload> = async (values) => {
  const scorm = values.contentKind === 'scorm';
  const { contentKind: _kind, scormMaxAttempts, scormPassMark, ...lesson } = values;
  const parsed = ZLessonInput.safeParse({
    ...lesson,
    topicId: values.topicId || undefined,
    ...(values.contentKind === 'video'
      ? { videoDurationSeconds: parseVideoLength(values.videoDurationSeconds) }
      : { videoKind: values.contentKind, videoUrl: '', videoDurationSeconds: undefined }),
  });
  const settings = scorm
    ? ZScormSettings.safeParse({ maxAttempts: scormMaxAttempts, passMark: scormPassMark })
    : null;
  if (parsed.success && (settings === null || settings.success)) {
    return { values: { ...parsed.data, scormSettings: settings?.data ?? null }, errors: {} };
  }
  const errors: FieldErrors<LessonFormValues> = {};
  const note = (field: string, issue: { code: string; message: string }) => {
    if (field in values && !errors[field as keyof LessonFormValues]) {
      errors[field as keyof LessonFormValues] = { type: issue.code, message: issue.message };
    }
  };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    if (typeof issue.path[0] === 'string') note(issue.path[0], issue);
  }
  for (const issue of settings && !settings.success ? settings.error.issues : []) {
    note(issue.path[0] === 'passMark' ? 'scormPassMark' : 'scormMaxAttempts', issue);
  }
  return { values: {}, errors };
};

function formValues(lesson: TLesson | undefined, topicId: number): LessonFormValues {
  return {
    name: lesson?.name ?? '',
    topicId: String(lesson?.topicId ?? topicId),
    contentKind:
      lesson?.video.kind === 'scorm' || lesson?.video.kind === 'cmi5' ? lesson.video.kind : 'video',
    videoUrl: lesson?.video.url ?? '',
    videoDurationSeconds: formatVideoLength(lesson?.videoDurationSeconds),
    minStudyMinutes: lesson?.minStudyMinutes ?? '',
    requiredCorrectAnswers: lesson?.requiredCorrectAnswers ?? '',
    examTimeLimitMinutes: lesson?.examTimeLimitMinutes ?? '',
    maxFailedAttempts: lesson?.maxFailedAttempts ?? 3,
    scormMaxAttempts: 0,
    scormPassMark: '',
  };
}

/** Carried to the edit form after adding a lesson: what could not be uploaded or imported. */
interface CarriedState {
  problems?: string[];
  packageProblem?: string;
}

/**
 * /management/course/add-lesson?courseId=&topicId= and /management/course/edit-lesson?…&id=:
 * name, YouTube link (checked, previewed, its length filled in when the player knows it) or an
 * uploaded video (tus upload, then its checks and encoding state, see features/media),
 * documents, minimum study time, required correct answers, exam time limit and failed attempts
 * before the exam locks.
 */
export function LessonFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const location = useLocation();
  const carriedState = (location.state as CarriedState | null) ?? {};
  const carried = carriedState.problems ?? [];
  const courseId = Number(search.get('courseId'));
  const topicId = Number(search.get('topicId'));
  const lessonId = search.get('id') ? Number(search.get('id')) : undefined;
  const editing = lessonId !== undefined;
  const actions = useCourseActions();
  const allowed = editing ? actions.canEdit : actions.canAdd;
  const course = useCourse(courseId);
  const topics = useTopics(courseId);
  const lesson = useLesson(lessonId);
  const topic = topics.data?.find((x) => x.id === topicId);

  if (!validId(courseId) || !validId(topicId) || (editing && !validId(lessonId))) {
    return <Alert color="red">{MESSAGES.lessonNotFound}</Alert>;
  }
  if (!allowed) {
    return <Alert color="red">{forbiddenMessage(editing ? 'edit lessons' : 'add lessons')}</Alert>;
  }
  if (lesson.error) return <Alert color="red">{lesson.error.message}</Alert>;

  return (
    <>
      <CourseBreadcrumbs
        items={[
          { label: course.data?.name, to: `/management/course/${courseId}` },
          { label: topic?.name, to: lessonsPath(courseId, topicId) },
          { label: editing ? lesson.data?.name : t('courseAdmin.addLesson') },
        ]}
      />
      <Title order={1} size="h2" c="var(--academy-ink)" mb="lg">
        {editing ? t('courseAdmin.editLesson') : t('courseAdmin.addLesson')}
      </Title>
      {editing && !lesson.data ? (
        <Loading />
      ) : (
        <LessonForm
          key={lesson.data?.id ?? 'new'}
          courseId={courseId}
          topicId={topicId}
          lesson={lesson.data}
          topicOptions={(topics.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
          onDone={(saved) => {
            notifications.show({
              color: 'green',
              message: editing ? t('courseAdmin.lessonSaved') : t('courseAdmin.lessonAdded'),
            });
            navigate(lessonsPath(courseId, saved.topicId));
          }}
          initialProblems={carried}
          initialPackageProblem={carriedState.packageProblem ?? null}
          onCreatedWithProblems={(saved, state) =>
            navigate(lessonFormPath({ courseId, topicId: saved.topicId, lessonId: saved.id }), {
              replace: true,
              state,
            })
          }
        />
      )}
    </>
  );
}

interface LessonFormProps {
  courseId: number;
  topicId: number;
  lesson: TLesson | undefined;
  topicOptions: { value: string; label: string }[];
  onDone: (lesson: TLesson) => void;
  /** Documents that could not be uploaded when the lesson was created. */
  initialProblems: string[];
  /** Why the package of a lesson just added could not be imported. */
  initialPackageProblem: string | null;
  /** Added, but staying on the form: documents failed, or a SCORM lesson's package is to be seen. */
  onCreatedWithProblems: (lesson: TLesson, state: CarriedState) => void;
}

function LessonForm({
  courseId,
  topicId,
  lesson,
  topicOptions,
  initialProblems,
  initialPackageProblem,
  onDone,
  onCreatedWithProblems,
}: LessonFormProps) {
  const { t } = useTranslation();
  const save = useSaveLesson();
  const upload = useUploadDocument();
  const { canEdit } = useCourseActions();
  const [formError, setFormError] = useState<string | null>(null);
  const [uploadProblems, setUploadProblems] = useState<string[]>(initialProblems);
  const [staged, setStaged] = useState<File[]>([]);
  const [stagedPackage, setStagedPackage] = useState<StagedPackage | null>(null);
  const [pkg, setPkg] = useState<TScormPackage | null>(null);
  const [stagedCourse, setStagedCourse] = useState<StagedPackage | null>(null);
  const [cmi5Course, setCmi5Course] = useState<TCmi5Course | null>(null);
  const form = useForm<LessonFormValues, unknown, LessonPayload>({
    resolver,
    defaultValues: formValues(lesson, topicId),
  });
  const { errors } = form.formState;
  const contentKind = form.watch('contentKind');
  const scorm = contentKind === 'scorm';
  const cmi5 = contentKind === 'cmi5';
  /** A package lesson (SCORM or cmi5): no video fields. */
  const packaged = scorm || cmi5;
  const videoUrl = form.watch('videoUrl') ?? '';
  const videoId = youtubeVideoId(videoUrl);
  const uploadedId = videoIdFromUrl(videoUrl);
  const previewHandle = useRef<PlayerHandle | null>(null);

  /** The package's settings become the form's once it is known (after loading or an import). */
  function takePackage(known: TScormPackage | null) {
    setPkg(known);
    if (known && !form.formState.dirtyFields.scormMaxAttempts && !form.formState.dirtyFields.scormPassMark) {
      form.resetField('scormMaxAttempts', { defaultValue: known.maxAttempts });
      form.resetField('scormPassMark', { defaultValue: known.passMark ?? '' });
    }
  }

  /** A new SCORM lesson's package: imported, then given the form's settings; the problem, if any. */
  async function importStaged(
    target: number,
    settings: LessonPayload['scormSettings'],
  ): Promise<string | null> {
    if (!stagedPackage) return null;
    try {
      await importUploadedPackage(target, stagedPackage.upload);
      if (settings) await saveScormSettings(target, settings);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** A new cmi5 lesson's course: imported; the problem, if any. */
  async function importStagedCourse(target: number): Promise<string | null> {
    if (!stagedCourse) return null;
    try {
      await importUploadedCourse(target, stagedCourse.upload);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** A checked upload becomes the lesson's video; its real length fills the length field. */
  function takeUploadedVideo(video: TVideo) {
    form.setValue('videoUrl', video.videoUrl, { shouldDirty: true });
    form.clearErrors('videoUrl');
    if (video.durationSeconds) {
      form.setValue('videoDurationSeconds', formatVideoLength(video.durationSeconds), { shouldDirty: true });
    }
  }

  /** Uploads documents one by one; returns the problems ("name: message"). */
  async function uploadAll(target: number, files: File[]): Promise<string[]> {
    const problems: string[] = [];
    for (const file of files) {
      try {
        await upload.mutateAsync({ lessonId: target, file });
      } catch (error) {
        problems.push(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return problems;
  }

  const submit = form.handleSubmit(async ({ scormSettings, ...values }) => {
    setFormError(null);
    setUploadProblems([]);
    try {
      const saved = await save.mutateAsync({ id: lesson?.id, topicId, values });
      if (!lesson) {
        const problems = staged.length > 0 ? await uploadAll(saved.id, staged) : [];
        const packageProblem = scorm
          ? await importStaged(saved.id, scormSettings)
          : cmi5
            ? await importStagedCourse(saved.id)
            : null;
        // A SCORM or cmi5 lesson stays on its form, to show (and preview) what the package holds.
        if (problems.length > 0 || packaged) {
          onCreatedWithProblems(saved, { problems, packageProblem: packageProblem ?? undefined });
          return;
        }
      } else if (scorm && pkg && scormSettings) {
        if (scormSettings.maxAttempts !== pkg.maxAttempts || scormSettings.passMark !== pkg.passMark) {
          await saveScormSettings(saved.id, scormSettings);
        }
      } else if (!scorm && pkg) {
        // The lesson is no longer a SCORM lesson: its package goes.
        await removePackage(saved.id);
      }
      if (lesson && !cmi5 && cmi5Course) await removeCourse(saved.id);
      onDone(saved);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="lesson-form">
      <Grid gutter={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {formError && <Alert color="red">{formError}</Alert>}
            <TextInput
              label={t('courseAdmin.lessonName')}
              withAsterisk
              error={errors.name?.message}
              {...form.register('name')}
            />
            {lesson && topicOptions.length > 1 && (
              <Controller
                control={form.control}
                name="topicId"
                render={({ field }) => (
                  <Select
                    label={t('courseAdmin.topic')}
                    description={t('courseAdmin.moveLessonHint')}
                    data={topicOptions}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? '')}
                    allowDeselect={false}
                    error={errors.topicId?.message}
                  />
                )}
              />
            )}
            <Controller
              control={form.control}
              name="contentKind"
              render={({ field }) => (
                <Box>
                  <Text fz="sm" fw={500} mb={4} id="lesson-content-kind">
                    {t('courseAdmin.content')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="lesson-content-kind"
                    data={[
                      { value: 'video', label: t('courseAdmin.contentVideo') },
                      { value: 'scorm', label: t('courseAdmin.contentScorm') },
                      { value: 'cmi5', label: t('courseAdmin.contentCmi5') },
                    ]}
                    value={field.value}
                    onChange={(value) => field.onChange(value as ContentKind)}
                    data-testid="content-kind"
                  />
                  {lesson && !scorm && pkg && (
                    <Text fz="xs" c="orange.8" mt={4}>
                      {t('courseAdmin.packageGoesOnSave')}
                    </Text>
                  )}
                  {lesson && !cmi5 && cmi5Course && (
                    <Text fz="xs" c="orange.8" mt={4}>
                      {t('courseAdmin.courseGoesOnSave')}
                    </Text>
                  )}
                </Box>
              )}
            />
            {scorm ? (
              <>
                <PackageField
                  lessonId={lesson?.id}
                  staged={stagedPackage}
                  onStage={setStagedPackage}
                  initialProblem={initialPackageProblem}
                  onPackage={takePackage}
                />
                {(pkg || stagedPackage) && (
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
                    <NumberField
                      control={form.control}
                      name="scormMaxAttempts"
                      label={t('scorm.maxAttempts')}
                      description={t('scorm.maxAttemptsHint')}
                      min={0}
                      max={1000}
                    />
                    <NumberField
                      control={form.control}
                      name="scormPassMark"
                      label={t('scorm.passMark')}
                      description={t('scorm.passMarkHint')}
                      min={0}
                      max={100}
                      suffix=" %"
                    />
                  </SimpleGrid>
                )}
              </>
            ) : cmi5 ? (
              <Cmi5CourseField
                lessonId={lesson?.id}
                staged={stagedCourse}
                onStage={setStagedCourse}
                initialProblem={initialPackageProblem}
                onCourse={setCmi5Course}
              />
            ) : (
              <>
                <TextInput
                  label={t('courseAdmin.videoLink')}
                  description={t('courseAdmin.videoLinkHint')}
                  placeholder="https://www.youtube.com/watch?v=…"
                  withAsterisk
                  error={errors.videoUrl?.message}
                  {...form.register('videoUrl')}
                />
                <VideoUploadField onUploaded={takeUploadedVideo} />
              </>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
              {!packaged && (
                <TextInput
                  label={t('courseAdmin.videoLength')}
                  description={t('courseAdmin.videoLengthHint')}
                  placeholder="10:34"
                  error={errors.videoDurationSeconds?.message}
                  {...form.register('videoDurationSeconds')}
                />
              )}
              <NumberField
                control={form.control}
                withAsterisk
                name="minStudyMinutes"
                label={t('courseAdmin.minStudyMinutes')}
                description={
                  scorm
                    ? t('scorm.minStudyHint')
                    : cmi5
                      ? t('cmi5.minStudyHint')
                      : t('courseAdmin.minStudyHint')
                }
                min={0}
                max={COURSE_LIMITS.maxMinutes}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
              <NumberField
                control={form.control}
                withAsterisk
                name="requiredCorrectAnswers"
                label={t('courseAdmin.requiredCorrectAnswers')}
                min={0}
                max={COURSE_LIMITS.maxCount}
              />
              <NumberField
                control={form.control}
                withAsterisk
                name="examTimeLimitMinutes"
                label={t('courseAdmin.examTimeLimit')}
                min={1}
                max={COURSE_LIMITS.maxMinutes}
              />
            </SimpleGrid>
            <NumberField
              control={form.control}
              withAsterisk
              name="maxFailedAttempts"
              label={t('courseAdmin.maxFailedAttempts')}
              description={t('courseAdmin.maxFailedAttemptsHint')}
              min={0}
              max={COURSE_LIMITS.maxCount}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {!packaged && uploadedId && <VideoStatus key={uploadedId} id={uploadedId} canEdit={canEdit} />}
            {!packaged && videoId && (
              <Box>
                <Text fz="sm" fw={500} mb={4}>
                  {t('courseAdmin.preview')}
                </Text>
                <YouTubeVideo
                  videoId={videoId}
                  startAt={0}
                  handleRef={previewHandle}
                  onPlayingChange={() => {}}
                  onDuration={(seconds) => {
                    if (!form.getValues('videoDurationSeconds')) {
                      form.setValue('videoDurationSeconds', formatVideoLength(seconds));
                    }
                  }}
                />
              </Box>
            )}
            <DocumentsField
              lesson={lesson}
              staged={staged}
              onStage={setStaged}
              uploadAll={uploadAll}
              problems={uploadProblems}
              onProblems={setUploadProblems}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" component={Link} to={lessonsPath(courseId, topicId)}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" color="accent.6" loading={form.formState.isSubmitting}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The lesson's documents. Editing: uploaded (or removed) at once. Adding: kept here and uploaded
 * right after the lesson is created.
 */
function DocumentsField({
  lesson,
  staged,
  onStage,
  uploadAll,
  problems,
  onProblems,
}: {
  lesson: TLesson | undefined;
  staged: File[];
  onStage: (files: File[]) => void;
  uploadAll: (lessonId: number, files: File[]) => Promise<string[]>;
  problems: string[];
  onProblems: (problems: string[]) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteDocument();
  const [uploading, setUploading] = useState(false);
  const resetRef = useRef<() => void>(null);

  useEffect(() => () => resetRef.current?.(), []);

  async function pick(files: File[]) {
    resetRef.current?.();
    const refused: string[] = [];
    const accepted = files.filter((file) => {
      if (!isDocumentName(file.name)) refused.push(`${file.name}: ${MESSAGES.lessonDocumentType}`);
      else if (file.size > COURSE_LIMITS.documentBytes)
        refused.push(`${file.name}: ${t('courseAdmin.documentTooLarge')}`);
      else return true;
      return false;
    });
    onProblems(refused);
    if (accepted.length === 0) return;
    if (!lesson) {
      onStage([...staged, ...accepted]);
      return;
    }
    setUploading(true);
    const failed = await uploadAll(lesson.id, accepted);
    setUploading(false);
    onProblems([...refused, ...failed]);
  }

  const existing: TLessonDocument[] = lesson?.documents ?? [];

  return (
    <Box data-testid="lesson-documents-field">
      <Text fz="sm" fw={500}>
        {t('courseAdmin.documents')}
      </Text>
      <Text fz="xs" c="dimmed" mb="xs">
        {t('courseAdmin.documentsHint')}
      </Text>
      <Stack gap={6}>
        {existing.map((document) => (
          <DocumentRow
            key={document.id}
            name={document.name}
            size={document.size}
            busy={remove.isPending && remove.variables === document.id}
            onRemove={() =>
              remove.mutate(document.id, {
                onError: (error) => onProblems([`${document.name}: ${error.message}`]),
              })
            }
          />
        ))}
        {staged.map((file) => (
          <DocumentRow
            key={`${file.name}-${file.size}-${file.lastModified}`}
            name={file.name}
            size={file.size}
            pending
            onRemove={() => onStage(staged.filter((other) => other !== file))}
          />
        ))}
        {existing.length === 0 && staged.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('courseAdmin.noDocuments')}
          </Text>
        )}
      </Stack>
      {problems.length > 0 && (
        <Alert color="red" mt="sm" data-testid="document-problems">
          {problems.map((problem) => (
            <Text key={problem} fz="sm">
              {problem}
            </Text>
          ))}
        </Alert>
      )}
      <FileButton
        onChange={(files) => void pick(files)}
        accept={DOCUMENT_ACCEPT}
        multiple
        resetRef={resetRef}
      >
        {(props) => (
          <Button
            {...props}
            mt="sm"
            variant="light"
            color="brand.9"
            leftSection={<IconFileUpload size={16} />}
            loading={uploading}
            data-testid="add-documents"
          >
            {t('courseAdmin.addDocuments')}
          </Button>
        )}
      </FileButton>
    </Box>
  );
}

function DocumentRow({
  name,
  size,
  pending,
  busy,
  onRemove,
}: {
  name: string;
  size: number;
  pending?: boolean;
  busy?: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="sm" px="sm" py={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFileText size={18} color="#251A5B" aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="sm" truncate>
            {name}
          </Text>
          <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatBytes(size)}
            {pending ? ` · ${t('courseAdmin.uploadOnSave')}` : ''}
          </Text>
        </Group>
        <RowAction
          label={t('common.delete')}
          subject={name}
          icon={<IconTrash size={16} />}
          color="red"
          loading={busy}
          onClick={onRemove}
        />
      </Group>
    </Paper>
  );
}

export default LessonFormPage;
