import { CAPTION_LANGUAGE, MEDIA_LIMITS, MEDIA_MESSAGES } from '@academy/contract';
import { ActionIcon, Box, Button, FileInput, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { useCaptionChanges, useCaptions } from './api';

/** The language's own name ("Tiếng Việt" for vi), a good default label; null for an unknown code. */
export function languageName(code: string): string | null {
  if (!CAPTION_LANGUAGE.test(code)) return null;
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name && name !== code ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : null;
  } catch {
    return null;
  }
}

/** Inside the lesson form: Enter in these fields must not save the lesson. */
function keepEnter(event: KeyboardEvent) {
  if (event.key === 'Enter') event.preventDefault();
}

/**
 * The caption tracks of an uploaded video, in the lesson form: the list (language, name, size,
 * delete) and a row to attach a WebVTT file in another language. Changes apply at once; the
 * server checks the file (WebVTT, at most 512 KB, one per language).
 */
export function CaptionsField({ videoId, canEdit }: { videoId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const captions = useCaptions(videoId);
  const { add, remove } = useCaptionChanges(videoId);
  const [language, setLanguage] = useState('');
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function chooseLanguage(value: string) {
    const previousDefault = languageName(language.trim()) ?? '';
    setLanguage(value);
    if (label === '' || label === previousDefault) setLabel(languageName(value.trim()) ?? '');
  }

  function attach() {
    const problems: Record<string, string> = {};
    if (!CAPTION_LANGUAGE.test(language.trim())) problems.language = MEDIA_MESSAGES.captionLanguage;
    if (label.trim() === '' || label.trim().length > 64) problems.label = MEDIA_MESSAGES.captionLabel;
    if (!file) problems.file = t('media.chooseCaptionFile');
    else if (file.size > MEDIA_LIMITS.maxCaptionBytes) problems.file = MEDIA_MESSAGES.captionTooLarge;
    setErrors(problems);
    if (!file || Object.keys(problems).length > 0) return;
    add.mutate(
      { language: language.trim(), label: label.trim(), file },
      {
        onSuccess: () => {
          setLanguage('');
          setLabel('');
          setFile(null);
        },
        onError: (error) => {
          const fields: Record<string, string> = {};
          if (error instanceof ApiError) for (const e of error.fieldErrors) fields[e.field] = e.message;
          setErrors(Object.keys(fields).length > 0 ? fields : { file: error.message });
        },
      },
    );
  }

  const rows = captions.data ?? [];
  return (
    <Box data-testid="captions-field">
      <Text fz="sm" fw={500}>
        {t('media.captionsTitle')}
      </Text>
      <Text fz="xs" c="dimmed" mb="xs">
        {t('media.captionsHint')}
      </Text>
      {captions.isLoading && <Loader size="xs" />}
      {captions.error && (
        <Text fz="sm" c="var(--academy-danger-text)">
          {captions.error.message}
        </Text>
      )}
      <Stack gap={4} mb="xs">
        {rows.length === 0 && captions.data && (
          <Text fz="sm" c="dimmed">
            {t('media.noCaptions')}
          </Text>
        )}
        {rows.map((caption) => (
          <Group key={caption.id} justify="space-between" wrap="nowrap" data-testid="caption-row">
            <Text fz="sm">
              {caption.label}{' '}
              <Text span fz="xs" c="dimmed">
                {caption.language} · {formatBytes(caption.sizeBytes)}
              </Text>
            </Text>
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('media.deleteCaptions', { label: caption.label })}
                loading={remove.isPending && remove.variables === caption.id}
                onClick={() => remove.mutate(caption.id)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {remove.error && (
          <Text fz="sm" c="var(--academy-danger-text)">
            {remove.error.message}
          </Text>
        )}
      </Stack>
      {canEdit && (
        <Stack gap="xs">
          <Group grow align="flex-start" gap="xs">
            <TextInput
              size="xs"
              label={t('media.captionLanguage')}
              placeholder="en"
              value={language}
              onChange={(event) => chooseLanguage(event.currentTarget.value)}
              onKeyDown={keepEnter}
              error={errors.language}
            />
            <TextInput
              size="xs"
              label={t('media.captionLabel')}
              placeholder="English"
              value={label}
              onChange={(event) => setLabel(event.currentTarget.value)}
              onKeyDown={keepEnter}
              error={errors.label}
            />
          </Group>
          <FileInput
            size="xs"
            label={t('media.captionFile')}
            placeholder={t('media.chooseCaptionFile')}
            accept=".vtt,text/vtt"
            value={file}
            onChange={setFile}
            clearable
            error={errors.file}
            data-testid="caption-file"
          />
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              loading={add.isPending}
              onClick={attach}
              data-testid="add-captions"
            >
              {t('media.addCaptions')}
            </Button>
          </Group>
        </Stack>
      )}
    </Box>
  );
}
