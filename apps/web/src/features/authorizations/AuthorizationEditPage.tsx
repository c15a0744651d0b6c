import {
  LIMITS,
  PERMISSION_GROUPS,
  type PermissionKey,
  type TAuthorization,
  ZAuthorizationInput,
} from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { useAuth } from '../../app/auth/AuthProvider';
import { useCan } from '../../components/management';
import { PageHeader } from '../../components/PageHeader';
import { applyServerErrors } from '../../lib/forms';
import { useBranches, useServices } from '../org/api';
import { permissionLabel, useAuthorization, useSaveAuthorization } from './api';
import { isCourseAction, toggleGroup, toggleKey } from './permission-keys';
import { parseScope, scopeGroups, scopeValue } from './scope';

type Input = z.input<typeof ZAuthorizationInput>;
type Output = z.output<typeof ZAuthorizationInput>;
const FIELDS = ['name', 'serviceId', 'branchId', 'permissions'] as const;

/** /management/authorization/add and authorization/edit/{id}: name, scope and permission keys. */
export function AuthorizationEditPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam ? Number(idParam) : undefined;
  const invalidId = idParam !== undefined && !(Number.isInteger(id) && (id ?? 0) > 0);
  const existing = useAuthorization(invalidId ? undefined : id);

  const back = (
    <Anchor component={Link} to="/management/authorization" fz="sm" mb="sm" display="inline-flex">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('authorizations.back')}
      </Group>
    </Anchor>
  );

  if (invalidId || existing.error) {
    return (
      <>
        {back}
        <Alert color="red">{existing.error?.message ?? t('authorizations.notFound')}</Alert>
      </>
    );
  }
  if (id !== undefined && !existing.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <>
      {back}
      <AuthorizationForm authorization={existing.data} />
    </>
  );
}

function AuthorizationForm({ authorization }: { authorization?: TAuthorization }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const services = useServices();
  const branches = useBranches();
  const save = useSaveAuthorization();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ZAuthorizationInput),
    defaultValues: {
      name: authorization?.name ?? '',
      serviceId: authorization?.serviceId ?? null,
      branchId: authorization?.branchId ?? null,
      permissions: authorization?.permissions ?? [],
    },
  });
  const { errors } = form.formState;

  // Someone who is not an administrator may only grant or remove keys they hold (the API says so too).
  const can = useCan();
  const locked = (key: PermissionKey) => !can(key);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id: authorization?.id, values },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: authorization
              ? t('authorizations.saved', { name: saved.name })
              : t('authorizations.added', { name: saved.name }),
          });
          navigate('/management/authorization');
        },
        onError: (error) => setFormError(applyServerErrors(error, form.setError, FIELDS)),
      },
    );
  });

  const scopeError = errors.serviceId?.message ?? errors.branchId?.message;

  return (
    <form onSubmit={submit} noValidate data-testid="authorization-form">
      <PageHeader
        title={authorization ? t('authorizations.editTitle') : t('authorizations.addTitle')}
        actions={
          <>
            <Button variant="default" component={Link} to="/management/authorization">
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="accent.6" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        {formError && <Alert color="red">{formError}</Alert>}
        <Paper withBorder p="lg" radius="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput
              label={t('authorizations.name')}
              withAsterisk
              description={t('authorizations.nameHint', { max: LIMITS.authorizationName })}
              error={errors.name?.message}
              {...form.register('name')}
            />
            <Controller
              control={form.control}
              name="branchId"
              render={({ field }) => (
                <Select
                  label={t('authorizations.appliesTo')}
                  description={t('authorizations.appliesToHint')}
                  withAsterisk
                  searchable
                  data={scopeGroups(services.data, branches.data, (name) =>
                    t('authorizations.wholeService', { name }),
                  )}
                  value={scopeValue(
                    form.watch('serviceId') as number | null | undefined,
                    field.value as number | null | undefined,
                  )}
                  onChange={(value) => {
                    const scope = parseScope(value);
                    form.setValue('serviceId', scope.serviceId);
                    field.onChange(scope.branchId);
                    form.clearErrors(['serviceId', 'branchId']);
                  }}
                  error={scopeError}
                  nothingFoundMessage={t('org.nothingFound')}
                  data-testid="authorization-scope"
                />
              )}
            />
          </SimpleGrid>
        </Paper>
        <div>
          <Title order={3} fz="h4" mb={4}>
            {t('authorizations.permissions')}
          </Title>
          <Text c="dimmed" fz="sm" mb="md">
            {auth.isAdmin ? t('authorizations.permissionsHint') : t('authorizations.permissionsHintLimited')}
          </Text>
          <Controller
            control={form.control}
            name="permissions"
            render={({ field }) => {
              const value = (field.value ?? []) as PermissionKey[];
              return (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="permission-groups">
                  {PERMISSION_GROUPS.map((group) => {
                    const keys: readonly PermissionKey[] = group.keys;
                    const held = keys.filter((key) => value.includes(key)).length;
                    const groupLabel = t(`authorizations.groups.${group.group}`, {
                      defaultValue: group.group,
                    });
                    return (
                      <Paper key={group.group} withBorder p="md" radius="md">
                        <Checkbox
                          label={<Text fw={700}>{groupLabel}</Text>}
                          checked={held === keys.length}
                          indeterminate={held > 0 && held < keys.length}
                          disabled={keys.every(locked)}
                          onChange={(event) =>
                            field.onChange(toggleGroup(value, keys, event.currentTarget.checked, locked))
                          }
                          aria-label={t('authorizations.wholeGroup', { group: groupLabel })}
                          mb="sm"
                          color="accent.6"
                        />
                        <Stack gap="xs" pl="md">
                          {keys.map((key) => (
                            <Checkbox
                              key={key}
                              value={key}
                              label={permissionLabel(key)}
                              description={t(`authorizations.hints.${key}`)}
                              checked={value.includes(key)}
                              disabled={locked(key)}
                              onChange={(event) =>
                                field.onChange(toggleKey(value, key, event.currentTarget.checked))
                              }
                              pl={isCourseAction(key) ? 'md' : 0}
                              color="accent.6"
                              data-testid={`permission-${key}`}
                            />
                          ))}
                        </Stack>
                      </Paper>
                    );
                  })}
                </SimpleGrid>
              );
            }}
          />
          {errors.permissions && (
            <Text c="red" fz="sm" mt="xs">
              {errors.permissions.message}
            </Text>
          )}
        </div>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" component={Link} to="/management/authorization">
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="accent.6" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default AuthorizationEditPage;
