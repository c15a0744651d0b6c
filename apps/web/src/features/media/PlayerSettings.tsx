import type { TStreamCaption } from '@academy/contract';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PLAYBACK_RATES } from './player-keys';

const OFF = 'off';

/** The menus under the HLS player: speed, captions (when the video has some) and quality. */
export function PlayerSettings({
  rate,
  onRate,
  captions,
  showing,
  onCaptions,
  levels,
  level,
  onLevel,
}: {
  rate: number;
  onRate: (rate: number) => void;
  captions: TStreamCaption[];
  showing: string | null;
  onCaptions: (language: string | null) => void;
  levels: { index: number; height: number }[];
  level: string;
  onLevel: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs" mt={6} data-testid="player-settings">
      <Select
        size="xs"
        w={96}
        label={t('media.speed')}
        value={String(rate)}
        onChange={(value) => onRate(Number(value ?? 1))}
        allowDeselect={false}
        data-testid="speed-select"
        data={PLAYBACK_RATES.map((r) => ({
          value: String(r),
          label: r === 1 ? t('media.normalSpeed') : `${r}×`,
        }))}
      />
      {captions.length > 0 && (
        <Select
          size="xs"
          w={150}
          label={t('media.captions')}
          value={showing ?? OFF}
          onChange={(value) => onCaptions(value === OFF || value === null ? null : value)}
          allowDeselect={false}
          data-testid="captions-select"
          data={[
            { value: OFF, label: t('media.captionsOff') },
            ...captions.map((c) => ({ value: c.language, label: c.label })),
          ]}
        />
      )}
      {levels.length > 1 && (
        <Select
          size="xs"
          w={110}
          label={t('media.quality')}
          value={level}
          onChange={onLevel}
          allowDeselect={false}
          data-testid="quality-select"
          data={[
            { value: '-1', label: t('media.auto') },
            ...levels.map((l) => ({ value: String(l.index), label: `${l.height}p` })),
          ]}
        />
      )}
    </Group>
  );
}
