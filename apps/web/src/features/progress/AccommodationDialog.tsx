import { ACCOMMODATION_LIMITS, type TExamAccommodation } from '@academy/contract';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveAccommodation, useSetAccommodation } from './api';

export type AccommodationTarget = {
  examId: number;
  lessonName: string;
  current: TExamAccommodation | undefined;
};

/**
 * Gives one learner extra time (percent of the time limit) and extra attempts in one exam, or
 * takes them back (decision 88). The server checks the numbers and the caller's scope.
 */
export function AccommodationDialog({
  target,
  userId,
  learnerName,
  onClose,
  onDone,
  onError,
}: {
  target: AccommodationTarget | null;
  userId: number;
  learnerName: string;
  onClose: () => void;
  onDone: (message: string) => void;
  onError: (error: Error) => void;
}) {
  const { t } = useTranslation();
  const save = useSetAccommodation();
  const remove = useRemoveAccommodation();
  const [extraTime, setExtraTime] = useState<number | string>(0);
  const [extraAttempts, setExtraAttempts] = useState<number | string>(0);
  useEffect(() => {
    setExtraTime(target?.current?.extraTimePercent ?? 0);
    setExtraAttempts(target?.current?.extraAttempts ?? 0);
  }, [target]);

  const submit = () => {
    if (!target) return;
    const body = { userId, extraTimePercent: Number(extraTime), extraAttempts: Number(extraAttempts) };
    save.mutate(
      { examId: target.examId, body },
      { onSuccess: () => onDone(t('progress.accommodationSaved')), onError, onSettled: onClose },
    );
  };
  const takeBack = () => {
    if (!target) return;
    remove.mutate(
      { examId: target.examId, userId },
      { onSuccess: () => onDone(t('progress.accommodationRemoved')), onError, onSettled: onClose },
    );
  };

  return (
    <Modal opened={target !== null} onClose={onClose} title={t('progress.accommodationTitle')} centered>
      <Stack gap="sm" data-testid="accommodation-dialog">
        <Text fz="sm">
          {t('progress.accommodationFor', { exam: target?.lessonName ?? '', name: learnerName })}
        </Text>
        <NumberInput
          label={t('progress.extraTime')}
          description={t('progress.extraTimeHint')}
          min={0}
          max={ACCOMMODATION_LIMITS.maxExtraTimePercent}
          step={25}
          suffix="%"
          value={extraTime}
          onChange={setExtraTime}
          data-testid="extra-time"
        />
        <NumberInput
          label={t('progress.extraAttempts')}
          description={t('progress.extraAttemptsHint')}
          min={0}
          max={ACCOMMODATION_LIMITS.maxExtraAttempts}
          value={extraAttempts}
          onChange={setExtraAttempts}
          data-testid="extra-attempts"
        />
        <Group justify="space-between" mt="sm">
          {target?.current ? (
            <Button variant="subtle" color="red" onClick={takeBack} loading={remove.isPending}>
              {t('progress.removeAccommodation')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              color="brand.9"
              onClick={submit}
              loading={save.isPending}
              data-testid="save-accommodation"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
