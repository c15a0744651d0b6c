import { Button, Group, Stack, Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageInput } from '../../components/ImageInput';
import type { ResultState } from '../../components/management';
import { useSavePopup } from './manage-api';
import { SettingsSection } from './SettingsSection';

export function PopupSection({
  popup,
  result,
}: {
  popup: { enabled: boolean; image: { src: string } | null };
  result: ResultState;
}) {
  const { t } = useTranslation();
  const save = useSavePopup();
  const [enabled, setEnabled] = useState(popup.enabled);
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setEnabled(popup.enabled), [popup.enabled]);

  function submit() {
    setError(undefined);
    save.mutate(
      { enabled, image, removeImage },
      {
        onSuccess: () => {
          setImage(null);
          setRemoveImage(false);
          result.succeed(t('homeAdmin.popupSaved'));
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  return (
    <SettingsSection title={t('homeAdmin.popup')} hint={t('homeAdmin.popupHint')} testId="popup-section">
      <Stack gap="md">
        <Switch
          label={t('homeAdmin.popupEnabled')}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
          color="accent.6"
        />
        <ImageInput
          label={t('homeAdmin.popupImage')}
          currentUrl={removeImage ? null : popup.image?.src}
          value={image}
          onChange={(file) => {
            setImage(file);
            setRemoveImage(false);
          }}
          error={error}
        />
        {popup.image && !image && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            w="fit-content"
            onClick={() => setRemoveImage((v) => !v)}
          >
            {removeImage ? t('homeAdmin.keepImage') : t('homeAdmin.removeImage')}
          </Button>
        )}
        <Group justify="flex-end">
          <Button color="accent.6" onClick={submit} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}
