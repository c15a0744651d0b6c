import { SCORM_LIMITS, SCORM_UPLOADS_PATH, type TScormPackage } from '@academy/contract';
import { Alert, Badge, Box, Button, FileButton, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconEye, IconFileZip, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/management';
import { UnfinishedUploads, UploadProgress, useResumableUpload } from '../../components/uploads';
import { formatBytes } from '../../lib/format';
import { ResumableUpload } from '../../lib/tus';
import { importUploadedPackage, packageKey, removePackage, usePackage } from './api';
import { PackagePreview } from './PackagePreview';
import { PackagePart, PackageSummaryCard } from './PackageSummaryCard';

/** A finished upload of a new lesson's package, imported right after the lesson is created. */
export interface StagedPackage {
  upload: string;
  name: string;
  size: number;
}

/**
 * What kind of package a lesson holds (SCORM, cmi5): how the form reads, imports and removes it,
 * which files it takes, its words, and how what the server read is shown.
 */
export interface PackageSource<T> {
  queryKey: (lessonId: number | undefined) => readonly unknown[];
  /** The lesson's package (null: none). */
  useCurrent: (lessonId: number | undefined) => { data: T | null | undefined; isSuccess: boolean };
  importUpload: (lessonId: number, upload: string) => Promise<T>;
  remove: (lessonId: number) => Promise<void>;
  /** FileButton's accept, the check of a chosen file's name, and the upload's content type. */
  accept: string;
  acceptsName: (name: string) => boolean;
  filetype: (name: string) => string;
  words: {
    label: string;
    hint: string;
    hintNew: string;
    none: string;
    upload: string;
    replace: string;
    uploadHint: string;
    notAccepted: string;
    removeTitle: string;
    removeMessage: string;
    removeLabel: string;
  };
  /** What the server read, with the remove action (and any preview of its own). */
  summary: (value: T, actions: { lessonId: number; onRemove: () => void; removing: boolean }) => ReactNode;
}

interface PackageFieldProps {
  /** The lesson being edited; undefined while it is being added. */
  lessonId: number | undefined;
  /** Adding: the finished upload waiting for the lesson to be saved. */
  staged: StagedPackage | null;
  onStage: (staged: StagedPackage | null) => void;
  /** What the server said when a package could not be imported (e.g. after the lesson was added). */
  initialProblem?: string | null;
  /** The lesson's package as now known (null: none), for the form's settings. */
  onPackage?: (pkg: TScormPackage | null) => void;
}

const scormSource: PackageSource<TScormPackage> = {
  queryKey: packageKey,
  useCurrent: (lessonId) => usePackage(lessonId),
  importUpload: importUploadedPackage,
  remove: removePackage,
  accept: '.zip,application/zip',
  acceptsName: (name) => /\.zip$/i.test(name),
  filetype: () => 'application/zip',
  // Filled in with t() where it is used.
  words: {} as PackageSource<TScormPackage>['words'],
  summary: (pkg, { lessonId, onRemove, removing }) => (
    <ScormSummary lessonId={lessonId} pkg={pkg} onRemove={onRemove} removing={removing} />
  ),
};

/**
 * The lesson form's SCORM package (decision 112): the generic package field with SCORM's reading,
 * import, words and summary (title, version, SCOs, warnings, Preview).
 */
export function PackageField(props: PackageFieldProps) {
  const { t } = useTranslation();
  const source: PackageSource<TScormPackage> = {
    ...scormSource,
    words: {
      label: t('scorm.package'),
      hint: t('scorm.packageHint'),
      hintNew: t('scorm.packageHintNew'),
      none: t('scorm.noPackage'),
      upload: t('scorm.uploadPackage'),
      replace: t('scorm.replacePackage'),
      uploadHint: t('scorm.uploadHint'),
      notAccepted: t('scorm.notZip'),
      removeTitle: t('scorm.removeTitle'),
      removeMessage: t('scorm.removeMessage'),
      removeLabel: t('scorm.removePackage'),
    },
  };
  return <PackageUploadField source={source} {...props} onValue={props.onPackage} />;
}

/**
 * A lesson's package in its form (decision 112): the file goes up resumably (tus) with progress,
 * speed, pause and resume; editing a lesson, the finished upload is imported at once (the server
 * checks and unpacks it; a refusal shows its reason); adding one, it waits for the lesson to be
 * saved. What the server read is shown by the source's summary, with Replace and Remove. SCORM
 * packages (PackageField) and cmi5 courses (features/cmi5) use it.
 */
export function PackageUploadField<T>({
  source,
  lessonId,
  staged,
  onStage,
  initialProblem,
  onValue,
}: Omit<PackageFieldProps, 'onPackage'> & { source: PackageSource<T>; onValue?: (value: T | null) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = source.useCurrent(lessonId);
  const remove = useMutation({
    mutationFn: (id: number) => source.remove(id),
    onSuccess: (_result, id) => queryClient.setQueryData(source.queryKey(id), null),
  });
  const words = source.words;
  const upload = useResumableUpload({
    path: SCORM_UPLOADS_PATH,
    fallbackName: 'package.zip',
    initialProblem,
  });
  const [confirmRemove, setConfirmRemove] = useState(false);
  const resetRef = useRef<() => void>(null);
  const pkg = current.data ?? null;
  const reported = useRef(onValue);
  reported.current = onValue;

  useEffect(() => {
    if (current.isSuccess) reported.current?.(current.data ?? null);
  }, [current.isSuccess, current.data]);

  async function imported(file: File, uploadId: string) {
    upload.arrived(file);
    if (lessonId === undefined) {
      upload.settled();
      onStage({ upload: uploadId, name: file.name, size: file.size });
      return;
    }
    upload.finishing();
    try {
      const saved = await source.importUpload(lessonId, uploadId);
      queryClient.setQueryData(source.queryKey(lessonId), saved);
      // The lesson's kind may have changed: its lists and the learner's pages change.
      void queryClient.invalidateQueries({ queryKey: ['lessons'] });
      void queryClient.invalidateQueries({ queryKey: ['study'] });
      upload.settled();
    } catch (error) {
      upload.failed(error instanceof Error ? error.message : String(error), { dropProgress: true });
    }
  }

  function pick(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    if (!source.acceptsName(file.name)) {
      upload.setProblem(words.notAccepted);
      return;
    }
    if (file.size > SCORM_LIMITS.maxPackageBytes) {
      upload.setProblem(t('scorm.tooLarge'));
      return;
    }
    upload.start(
      file,
      ({ onProgress, onError }) =>
        new ResumableUpload(
          file,
          SCORM_UPLOADS_PATH,
          { filetype: source.filetype(file.name) },
          {
            onProgress,
            onSuccess: (_body, url) => void imported(file, url.slice(url.lastIndexOf('/') + 1)),
            onError,
          },
        ),
    );
  }

  const { busy } = upload;
  const hasContent = pkg !== null || staged !== null;

  return (
    <Box data-testid="package-field">
      <Text fz="sm" fw={500}>
        {words.label}
      </Text>
      <Text fz="xs" c="dimmed" mb="xs">
        {lessonId === undefined ? words.hintNew : words.hint}
      </Text>

      {pkg &&
        lessonId !== undefined &&
        source.summary(pkg, {
          lessonId,
          onRemove: () => setConfirmRemove(true),
          removing: remove.isPending,
        })}
      {!pkg && staged && (
        <Paper withBorder radius="sm" px="sm" py={6} data-testid="package-staged">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFileZip size={18} color="#251A5B" aria-hidden style={{ flexShrink: 0 }} />
              <Text fz="sm" truncate>
                {staged.name}
              </Text>
              <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatBytes(staged.size)} · {t('scorm.importOnSave')}
              </Text>
            </Group>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => onStage(null)}>
              {t('common.delete')}
            </Button>
          </Group>
        </Paper>
      )}
      {!hasContent && !busy && current.isSuccess && lessonId !== undefined && (
        <Text fz="sm" c="dimmed" data-testid="no-package">
          {words.none}
        </Text>
      )}

      <Group gap="xs" align="center" mt="sm">
        <FileButton onChange={pick} accept={source.accept} resetRef={resetRef} disabled={busy}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              color="brand.9"
              leftSection={<IconUpload size={16} />}
              disabled={busy}
              data-testid="upload-package"
            >
              {hasContent ? words.replace : words.upload}
            </Button>
          )}
        </FileButton>
        <Text fz="xs" c="dimmed">
          {words.uploadHint}
        </Text>
      </Group>

      {!busy && <UnfinishedUploads unfinished={upload.unfinished} onForget={upload.forget} />}

      <UploadProgress
        upload={upload}
        finishingLabel={t('scorm.checking')}
        animatedWhileFinishing
        testId="package-progress"
        statsTestId="package-progress-stats"
      />
      {upload.problem && (
        <Alert color="red" mt="sm" icon={<IconAlertTriangle size={18} />} data-testid="package-problem">
          {upload.problem}
        </Alert>
      )}

      {lessonId !== undefined && (
        <ConfirmDialog
          opened={confirmRemove}
          title={words.removeTitle}
          message={words.removeMessage}
          confirmLabel={words.removeLabel}
          loading={remove.isPending}
          onCancel={() => setConfirmRemove(false)}
          onConfirm={() =>
            remove.mutate(lessonId, {
              onSuccess: () => setConfirmRemove(false),
              onError: (error) => {
                setConfirmRemove(false);
                upload.setProblem(error.message);
              },
            })
          }
          testId="remove-package-dialog"
        />
      )}
    </Box>
  );
}

/** A SCORM package's summary with its preview dialog. */
function ScormSummary({
  lessonId,
  pkg,
  onRemove,
  removing,
}: {
  lessonId: number;
  pkg: TScormPackage;
  onRemove: () => void;
  removing: boolean;
}) {
  const [preview, setPreview] = useState<{ sco?: string } | null>(null);
  return (
    <>
      <PackageSummary
        pkg={pkg}
        onPreview={(sco) => setPreview({ sco })}
        onRemove={onRemove}
        removing={removing}
      />
      <PackagePreview
        lessonId={lessonId}
        pkg={pkg}
        sco={preview?.sco}
        opened={preview !== null}
        onClose={() => setPreview(null)}
      />
    </>
  );
}

/** What the import read: title, version, size, SCOs (each with a preview) and warnings. */
function PackageSummary({
  pkg,
  onPreview,
  onRemove,
  removing,
}: {
  pkg: TScormPackage;
  onPreview: (sco?: string) => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PackageSummaryCard
      testId="package-summary"
      icon={<IconFileZip size={18} />}
      title={pkg.title}
      titleTestId="package-title"
      facts={t('scorm.packageFacts', { files: pkg.fileCount, size: formatBytes(pkg.sizeBytes) })}
      badge={
        <Badge variant="light" color="brand.9" data-testid="package-version">
          SCORM {pkg.version}
        </Badge>
      }
      partsHeading={t('scorm.scos', { count: pkg.scos.length })}
      parts={
        <Stack gap={4} data-testid="package-scos">
          {pkg.scos.map((sco) => (
            <PackagePart key={sco.identifier} title={sco.title} launch={sco.launch}>
              {pkg.scos.length > 1 && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconEye size={14} />}
                  onClick={() => onPreview(sco.identifier)}
                  aria-label={t('scorm.previewSco', { title: sco.title })}
                >
                  {t('scorm.preview')}
                </Button>
              )}
            </PackagePart>
          ))}
        </Stack>
      }
      actions={
        <Button
          size="xs"
          variant="light"
          color="brand.9"
          leftSection={<IconEye size={14} />}
          onClick={() => onPreview(undefined)}
          data-testid="preview-package"
        >
          {t('scorm.preview')}
        </Button>
      }
      remove={{ label: t('scorm.removePackage'), testId: 'remove-package', onRemove, removing }}
    >
      {pkg.warnings.length > 0 && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('scorm.warningsTitle')}
          data-testid="package-warnings"
        >
          <List size="sm" spacing={2}>
            {pkg.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </PackageSummaryCard>
  );
}
