import {
  CERTIFICATE_FIELDS,
  CERTIFICATE_FONTS,
  CERTIFICATE_LIMITS,
  type CertificateField,
  type TCertificate,
  type TCertificateLayout,
  TEXT_ALIGNS,
} from '@academy/contract';
import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalActions } from '../../components/management';
import { previewUrl, useSaveLayout } from './api';

interface Props {
  certificate: TCertificate | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Where the learner's name, course, date and code go on the template, with a PDF preview. */
export function LayoutEditorModal({ certificate, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const [layout, setLayout] = useState<TCertificateLayout | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveLayout();

  useEffect(() => {
    setLayout(certificate?.layout ?? null);
    setError(null);
    setPreview(null);
  }, [certificate]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  if (!certificate || !layout) return null;
  const set = (field: CertificateField, change: Partial<TCertificateLayout[CertificateField]>) =>
    setLayout({ ...layout, [field]: { ...layout[field], ...change } });

  async function showPreview() {
    if (!certificate || !layout) return;
    setPreviewing(true);
    setError(null);
    try {
      setPreview(await previewUrl(certificate.id, layout));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setPreviewing(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={certificate.name} size="90%" fullScreen={phone}>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <Text fz="sm" c="dimmed">
              {t('certificates.layoutHint')}
            </Text>
            {CERTIFICATE_FIELDS.map((field) => (
              <Paper key={field} withBorder p="xs" radius="md">
                <Checkbox
                  label={t(`certificates.fields.${field}`)}
                  checked={layout[field].visible}
                  onChange={(event) => set(field, { visible: event.currentTarget.checked })}
                  fw={600}
                  mb={6}
                />
                <Group gap="xs" grow>
                  <NumberInput
                    label={t('certificates.x')}
                    value={Math.round(layout[field].x * 100)}
                    min={0}
                    max={100}
                    suffix="%"
                    onChange={(v) => set(field, { x: Number(v) / 100 })}
                    size="xs"
                  />
                  <NumberInput
                    label={t('certificates.y')}
                    value={Math.round(layout[field].y * 100)}
                    min={0}
                    max={100}
                    suffix="%"
                    onChange={(v) => set(field, { y: Number(v) / 100 })}
                    size="xs"
                  />
                  <NumberInput
                    label={t('certificates.fontSize')}
                    value={layout[field].fontSize}
                    min={CERTIFICATE_LIMITS.minFontSize}
                    max={CERTIFICATE_LIMITS.maxFontSize}
                    onChange={(v) => set(field, { fontSize: Number(v) || CERTIFICATE_LIMITS.minFontSize })}
                    size="xs"
                  />
                </Group>
                <Group gap="xs" mt={6}>
                  <SegmentedControl
                    size="xs"
                    data={TEXT_ALIGNS.map((a) => ({ value: a, label: t(`certificates.align.${a}`) }))}
                    value={layout[field].align}
                    onChange={(value) => set(field, { align: value as (typeof TEXT_ALIGNS)[number] })}
                  />
                  <SegmentedControl
                    size="xs"
                    data={CERTIFICATE_FONTS.map((f) => ({ value: f, label: t(`certificates.font.${f}`) }))}
                    value={layout[field].font}
                    onChange={(value) => set(field, { font: value as (typeof CERTIFICATE_FONTS)[number] })}
                  />
                  <Checkbox
                    size="xs"
                    label={t('certificates.bold')}
                    checked={layout[field].bold}
                    onChange={(event) => set(field, { bold: event.currentTarget.checked })}
                  />
                </Group>
              </Paper>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Button variant="light" onClick={showPreview} loading={previewing} mb="sm">
            {t('certificates.preview')}
          </Button>
          {preview ? (
            <iframe
              title={t('certificates.preview')}
              src={preview}
              style={{ width: '100%', height: 460, border: '1px solid #ddd', borderRadius: 8 }}
            />
          ) : (
            <Text fz="sm" c="dimmed">
              {t('certificates.previewHint')}
            </Text>
          )}
        </Grid.Col>
      </Grid>
      {error && (
        <Alert color="red" mt="md">
          {error}
        </Alert>
      )}
      <ModalActions
        onCancel={onClose}
        onSave={() =>
          save.mutate(
            { id: certificate.id, layout },
            {
              onSuccess: () => onSaved(t('certificates.layoutSaved')),
              onError: (e) => setError(e.message),
            },
          )
        }
        saving={save.isPending}
        mt="lg"
      />
    </Modal>
  );
}
