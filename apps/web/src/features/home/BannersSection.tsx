import { HOME_LIMITS, type THomeBanner } from '@academy/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPhotoUp, IconReplace, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog, type ResultState, RowAction } from '../../components/management';
import { useAddBanner, useDeleteBanner, useReorderBanners, useReplaceBanner } from './manage-api';

const ACCEPT = 'image/png,image/jpeg';
const MAX_BYTES = 5 * 1024 * 1024;

/** Checks a picked picture the way ImageInput does; answers the problem or null. */
function pictureProblem(file: File, t: (key: string) => string): string | null {
  if (!ACCEPT.split(',').includes(file.type)) return t('uploads.imageType');
  if (file.size > MAX_BYTES) return t('uploads.imageTooLarge');
  return null;
}

export function BannersSection({ banners, result }: { banners: THomeBanner[]; result: ResultState }) {
  const { t } = useTranslation();
  const add = useAddBanner();
  const replace = useReplaceBanner();
  const remove = useDeleteBanner();
  const reorder = useReorderBanners();
  const [toDelete, setToDelete] = useState<THomeBanner | null>(null);
  const full = banners.length >= HOME_LIMITS.maxBanners;
  const fail = result.fail;

  function upload(file: File | null, banner?: THomeBanner) {
    if (!file) return;
    const problem = pictureProblem(file, t);
    if (problem) return result.fail(problem);
    if (banner) replace.mutate({ id: banner.id, file }, { onError: fail });
    else
      add.mutate(file, {
        onError: fail,
        onSuccess: () => notifications.show({ color: 'green', message: t('homeAdmin.bannerAdded') }),
      });
  }

  function move(index: number, by: number) {
    const ids = banners.map((b) => b.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate(ids, { onError: fail });
  }

  return (
    <Paper withBorder p="lg" radius="md" data-testid="banners-section">
      <Group justify="space-between" mb="xs" gap="sm">
        <div>
          <Title order={2} c="var(--academy-ink)" fz="lg">
            {t('homeAdmin.banners')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('homeAdmin.bannersHint', { min: HOME_LIMITS.minBanners, max: HOME_LIMITS.maxBanners })}
          </Text>
        </div>
        <FileButton onChange={(file) => upload(file)} accept={ACCEPT} disabled={full}>
          {(props) => (
            <Button
              {...props}
              leftSection={<IconPhotoUp size={16} />}
              color="accent.6"
              loading={add.isPending}
              disabled={full}
            >
              {t('homeAdmin.addBanner')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text fz="xs" c="dimmed" mb="md">
        {t('uploads.imageHint')} ·{' '}
        {t('homeAdmin.bannerCount', { count: banners.length, max: HOME_LIMITS.maxBanners })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {banners.map((banner, index) => (
          <Card key={banner.id} withBorder radius="md" padding="sm" data-testid="banner-item">
            <Card.Section>
              <Image
                src={banner.image.srcset.split(' ')[0]}
                alt={t('home.bannerOf', { index: index + 1, count: banners.length })}
                h={130}
                fit="cover"
              />
            </Card.Section>
            <Group justify="space-between" mt="sm" wrap="nowrap">
              <Badge variant="light" color="brand.9">
                {index + 1}
              </Badge>
              <Group gap={4} wrap="nowrap">
                <RowAction
                  label={t('homeAdmin.moveUp')}
                  subject={String(index + 1)}
                  icon={<IconArrowUp size={18} />}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                />
                <RowAction
                  label={t('homeAdmin.moveDown')}
                  subject={String(index + 1)}
                  icon={<IconArrowDown size={18} />}
                  disabled={index === banners.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                />
                <FileButton onChange={(file) => upload(file, banner)} accept={ACCEPT}>
                  {(props) => (
                    <Tooltip label={t('homeAdmin.replaceBanner')}>
                      <ActionIcon
                        {...props}
                        variant="subtle"
                        aria-label={`${t('homeAdmin.replaceBanner')} ${index + 1}`}
                      >
                        <IconReplace size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </FileButton>
                <Tooltip
                  label={
                    banners.length <= HOME_LIMITS.minBanners ? t('homeAdmin.lastBanner') : t('common.delete')
                  }
                >
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${t('common.delete')} ${index + 1}`}
                    disabled={banners.length <= HOME_LIMITS.minBanners}
                    onClick={() => setToDelete(banner)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <ConfirmDeleteDialog
        opened={toDelete !== null}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, { onError: fail, onSettled: () => setToDelete(null) });
        }}
      />
    </Paper>
  );
}
