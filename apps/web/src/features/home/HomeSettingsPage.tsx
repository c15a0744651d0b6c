import {
  HOME_LIMITS,
  type TFooterContactInput,
  type THomeBanner,
  ZFooterContactInput,
} from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPhotoUp, IconReplace, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ImageInput } from '../../components/ImageInput';
import { Loading } from '../../components/Loading';
import {
  ConfirmDeleteDialog,
  PageHeader,
  ResultDialog,
  type ResultState,
  RowAction,
  useResult,
} from '../../components/management';
import { applyServerErrors } from '../../lib/forms';
import {
  useAddBanner,
  useDeleteBanner,
  useHomePage,
  useReorderBanners,
  useReplaceBanner,
  useSaveContact,
  useSavePopup,
} from './api';

const ACCEPT = 'image/png,image/jpeg';
const MAX_BYTES = 5 * 1024 * 1024;

/** Checks a picked picture the way ImageInput does; answers the problem or null. */
function pictureProblem(file: File, t: (key: string) => string): string | null {
  if (!ACCEPT.split(',').includes(file.type)) return t('uploads.imageType');
  if (file.size > MAX_BYTES) return t('uploads.imageTooLarge');
  return null;
}

function BannersSection({ banners, result }: { banners: THomeBanner[]; result: ResultState }) {
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
          <Title order={3} c="brand.9" fz="lg">
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

function PopupSection({
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
    <Paper withBorder p="lg" radius="md" data-testid="popup-section">
      <Title order={3} c="brand.9" fz="lg" mb="xs">
        {t('homeAdmin.popup')}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {t('homeAdmin.popupHint')}
      </Text>
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
    </Paper>
  );
}

type ContactInput = z.input<typeof ZFooterContactInput>;
type ContactOutput = z.output<typeof ZFooterContactInput>;
const CONTACT_FIELDS = [
  'companyLine',
  'customerCare',
  'address',
  'addressMapUrl',
  'mailbox',
  'social.facebook',
  'social.youtube',
  'social.linkedin',
  'social.instagram',
  'social.tiktok',
] as const;

function ContactSection({ contact, result }: { contact: TFooterContactInput; result: ResultState }) {
  const { t } = useTranslation();
  const save = useSaveContact();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ContactInput, unknown, ContactOutput>({
    resolver: zodResolver(ZFooterContactInput),
    defaultValues: contact,
  });
  const { errors } = form.formState;
  useEffect(() => form.reset(contact), [contact, form]);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values as TFooterContactInput, {
      onSuccess: () => result.succeed(t('homeAdmin.contactSaved')),
      onError: (error) => setFormError(applyServerErrors(error, form.setError, CONTACT_FIELDS)),
    });
  });

  const socials = ['facebook', 'youtube', 'linkedin', 'instagram', 'tiktok'] as const;
  return (
    <Paper withBorder p="lg" radius="md" data-testid="contact-section">
      <Title order={3} c="brand.9" fz="lg" mb="xs">
        {t('homeAdmin.contact')}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {t('homeAdmin.contactHint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {formError && <Alert color="red">{formError}</Alert>}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <TextInput
              label={t('homeAdmin.companyLine')}
              error={errors.companyLine?.message}
              {...form.register('companyLine')}
            />
            <TextInput
              label={t('homeAdmin.customerCare')}
              error={errors.customerCare?.message}
              {...form.register('customerCare')}
            />
            <TextInput
              label={t('homeAdmin.address')}
              error={errors.address?.message}
              {...form.register('address')}
            />
            <TextInput
              label={t('homeAdmin.addressMapUrl')}
              placeholder="https://"
              error={errors.addressMapUrl?.message}
              {...form.register('addressMapUrl')}
            />
            <TextInput
              label={t('homeAdmin.mailbox')}
              type="email"
              error={errors.mailbox?.message}
              {...form.register('mailbox')}
            />
          </SimpleGrid>
          <Text fw={600} fz="sm" mt="xs">
            {t('homeAdmin.social')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {socials.map((network) => (
              <TextInput
                key={network}
                label={t(`homeAdmin.networks.${network}`)}
                placeholder="https://"
                error={errors.social?.[network]?.message}
                {...form.register(`social.${network}`)}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" color="accent.6" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /management/home: banners (1 to 5, reorderable), the welcome popup and the footer contact. */
export function HomeSettingsPage() {
  const { t } = useTranslation();
  const home = useHomePage();
  const result = useResult();
  const page = home.data;

  const contactValues = page?.contact;
  const contact = useMemo<TFooterContactInput | null>(
    () =>
      contactValues
        ? {
            companyLine: contactValues.companyLine ?? '',
            customerCare: contactValues.customerCare ?? '',
            address: contactValues.address ?? '',
            addressMapUrl: contactValues.addressMapUrl ?? '',
            mailbox: contactValues.mailbox ?? '',
            social: {
              facebook: contactValues.social.facebook ?? '',
              youtube: contactValues.social.youtube ?? '',
              linkedin: contactValues.social.linkedin ?? '',
              instagram: contactValues.social.instagram ?? '',
              tiktok: contactValues.social.tiktok ?? '',
            },
          }
        : null,
    [contactValues],
  );

  if (home.error) return <Alert color="red">{home.error.message}</Alert>;
  if (!page || !contact) {
    return <Loading />;
  }

  return (
    <>
      <PageHeader title={t('management.areas.home')} />
      <Stack gap="lg">
        <BannersSection banners={page.banners} result={result} />
        <PopupSection popup={page.popup} result={result} />
        <ContactSection contact={contact} result={result} />
      </Stack>
      <ResultDialog state={result} />
    </>
  );
}

export default HomeSettingsPage;
