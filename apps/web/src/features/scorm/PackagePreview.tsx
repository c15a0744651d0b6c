import type { TScormPackage } from '@academy/contract';
import { Alert, Box, Group, Modal, Select, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { previewPackage } from './api';
import { ContentFrame } from './ContentFrame';

/**
 * The manager's preview of a package (POST lessons/{id}/package/preview): a SCO in a frame on the
 * content origin, exactly as learners get it, but nothing is recorded. Several SCOs: a choice.
 */
export function PackagePreview({
  lessonId,
  pkg,
  sco,
  opened,
  onClose,
}: {
  lessonId: number;
  pkg: TScormPackage;
  sco: string | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const [chosen, setChosen] = useState<string | undefined>(sco);
  useEffect(() => setChosen(sco ?? pkg.scos[0]?.identifier), [sco, pkg]);
  const launch = useQuery({
    queryKey: ['scorm', 'preview', lessonId, pkg.id, chosen, opened],
    queryFn: () => previewPackage(lessonId, chosen),
    enabled: opened,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('scorm.previewTitle', { title: pkg.title })}
      size="90rem"
      fullScreen={phone}
      padding="md"
    >
      <Box data-testid="package-preview">
        <Group justify="space-between" gap="sm" mb="sm">
          <Text fz="xs" c="dimmed">
            {t('scorm.previewHint')}
          </Text>
          {pkg.scos.length > 1 && (
            <Select
              aria-label={t('scorm.sco')}
              data={pkg.scos.map((s) => ({ value: s.identifier, label: s.title }))}
              value={chosen ?? null}
              onChange={(value) => value && setChosen(value)}
              allowDeselect={false}
              w={{ base: '100%', sm: 320 }}
            />
          )}
        </Group>
        {launch.isPending && <Loading />}
        {launch.error && <Alert color="red">{launch.error.message}</Alert>}
        {launch.data && (
          <ContentFrame
            url={launch.data.url}
            title={t('scorm.previewTitle', { title: pkg.title })}
            height={phone ? 'calc(100dvh - 140px)' : 'min(75vh, 760px)'}
          />
        )}
      </Box>
    </Modal>
  );
}
