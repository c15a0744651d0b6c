import { CERTIFICATE_LIMITS, type TCertificate } from '@academy/contract';
import { Alert, FileInput, Modal, Stack, TextInput } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalActions } from '../../components/management';
import { useSaveCertificate } from './api';

interface Props {
  /** null: add; a certificate: edit it; undefined: closed. */
  certificate: TCertificate | null | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Name and one-page PDF template (required when adding; a new file replaces it on edit). */
export function CertificateFormModal({ certificate, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const save = useSaveCertificate();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; file?: string; form?: string }>({});
  const opened = certificate !== undefined;

  useEffect(() => {
    if (!opened) return;
    setName(certificate?.name ?? '');
    setFile(null);
    setErrors({});
  }, [opened, certificate]);

  function submit() {
    const next: typeof errors = {};
    if (!name.trim()) next.name = t('certificates.nameRequired');
    if (!certificate && !file) next.file = t('certificates.fileRequired');
    if (file && file.size > CERTIFICATE_LIMITS.templateBytes) next.file = t('certificates.fileTooBig');
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate(
      { id: certificate?.id ?? null, name: name.trim(), file },
      {
        onSuccess: () => onSaved(t(certificate ? 'certificates.updated' : 'certificates.added')),
        onError: (error) => setErrors({ form: error.message }),
      },
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(certificate ? 'certificates.edit' : 'certificates.add')}
      centered
    >
      <Stack>
        <TextInput
          label={t('certificates.name')}
          withAsterisk
          value={name}
          maxLength={CERTIFICATE_LIMITS.name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-testid="certificate-name"
        />
        <FileInput
          label={t('certificates.template')}
          description={t('certificates.templateHint')}
          withAsterisk={!certificate}
          accept="application/pdf"
          leftSection={<IconFileTypePdf size={16} />}
          value={file}
          onChange={setFile}
          clearable
          error={errors.file}
          data-testid="certificate-file"
        />
        {errors.form && <Alert color="red">{errors.form}</Alert>}
      </Stack>
      <ModalActions
        onCancel={onClose}
        onSave={submit}
        saving={save.isPending}
        saveTestId="certificate-save"
        mt="lg"
      />
    </Modal>
  );
}
