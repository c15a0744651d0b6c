import { LIMITS } from '@academy/contract';
import { Box, Button, FileButton, Group, Image, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ACCEPT = 'image/png,image/jpeg';

interface ImageInputProps {
  label: string;
  /** The image already saved (a /files URL), shown until another is chosen. */
  currentUrl?: string | null;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
}

/** Picks a jpg/jpeg/png up to 5 MB with a preview. The server checks the content again. */
export function ImageInput({ label, currentUrl, value, onChange, error }: ImageInputProps) {
  const { t } = useTranslation();
  const [localError, setLocalError] = useState<string | null>(null);
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? currentUrl ?? null;

  function pick(file: File | null) {
    setLocalError(null);
    if (!file) return;
    if (!ACCEPT.split(',').includes(file.type)) return setLocalError(t('uploads.imageType'));
    if (file.size > LIMITS.imageBytes) return setLocalError(t('uploads.imageTooLarge'));
    onChange(file);
  }

  return (
    <Box>
      <Text fz="sm" fw={500} mb={4}>
        {label}
      </Text>
      <Group align="center" gap="md">
        {shown && <Image src={shown} alt="" w={120} h={80} fit="cover" radius="sm" />}
        <FileButton onChange={pick} accept={ACCEPT}>
          {(buttonProps) => (
            <Button variant="light" leftSection={<IconPhotoUp size={16} />} {...buttonProps}>
              {shown ? t('uploads.replaceImage') : t('uploads.chooseImage')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text fz="xs" c="dimmed" mt={4}>
        {t('uploads.imageHint')}
      </Text>
      {(localError ?? error) && (
        <Text fz="xs" c="red" mt={4}>
          {localError ?? error}
        </Text>
      )}
    </Box>
  );
}
