import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface CopyFieldProps {
  label: string;
  value: string;
  testId?: string;
}

/** A value to paste into another system: its label, the value in monospace, and a copy button. */
export function CopyField({ label, value, testId }: CopyFieldProps) {
  const { t } = useTranslation();
  return (
    <div>
      <Text fz="sm" fw={600} mb={4}>
        {label}
      </Text>
      <Group
        gap="xs"
        wrap="nowrap"
        justify="space-between"
        px="sm"
        py={6}
        bg="var(--academy-surface-muted, #f1f3f5)"
        style={{ borderRadius: 6 }}
      >
        <Text ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }} data-testid={testId}>
          {value}
        </Text>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('xapi.copied') : t('xapi.copy')} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`${t('xapi.copy')} ${label}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}
