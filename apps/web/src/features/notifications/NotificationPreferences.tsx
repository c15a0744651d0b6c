import type { TNotificationPreference } from '@academy/contract';
import { Alert, Button, Checkbox, Group, Paper, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { usePreferences, useSavePreferences } from './api';

/** The account page's Notifications tab: per kind, in the product and/or by mail. */
export function NotificationPreferences() {
  const { t } = useTranslation();
  const saved = usePreferences();
  const save = useSavePreferences();
  const [draft, setDraft] = useState<TNotificationPreference[]>([]);
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved.data ?? []);
  const set = (kind: TNotificationPreference['kind'], field: 'inApp' | 'mail', value: boolean) =>
    setDraft((list) => list.map((p) => (p.kind === kind ? { ...p, [field]: value } : p)));

  if (saved.isPending) return <Loading />;
  if (saved.error) return <Alert color="red">{saved.error.message}</Alert>;
  return (
    <Paper withBorder p="lg" radius="lg" maw={720}>
      <Title order={2} fz="h3" mb="xs">
        {t('notifications.preferences.title')}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {t('notifications.preferences.intro')}
      </Text>
      <Table verticalSpacing="sm" data-testid="notification-preferences">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('notifications.preferences.kind')}</Table.Th>
            <Table.Th ta="center">{t('notifications.preferences.inApp')}</Table.Th>
            <Table.Th ta="center">{t('notifications.preferences.mail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draft.map((p) => {
            const label = t(`notifications.preferences.kinds.${p.kind}`);
            return (
              <Table.Tr key={p.kind}>
                <Table.Td>
                  <Text fz="sm">{label}</Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="center">
                    <Checkbox
                      checked={p.inApp}
                      onChange={(e) => set(p.kind, 'inApp', e.currentTarget.checked)}
                      aria-label={t('notifications.preferences.inAppOf', { kind: label })}
                    />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group justify="center">
                    <Checkbox
                      checked={p.mail}
                      onChange={(e) => set(p.kind, 'mail', e.currentTarget.checked)}
                      aria-label={t('notifications.preferences.mailOf', { kind: label })}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="md">
        <Button
          color="accent.6"
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(draft, {
              onSuccess: () =>
                notifications.show({ color: 'green', message: t('notifications.preferences.saved') }),
              onError: (err) => notifications.show({ color: 'red', message: err.message }),
            })
          }
        >
          {t('notifications.preferences.save')}
        </Button>
      </Group>
    </Paper>
  );
}
