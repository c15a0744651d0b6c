import {
  LIMITS,
  PERMISSION_GROUPS,
  type PermissionKey,
  type TAuthorization,
  ZAuthorizationInput,
} from '@academy/contract';
import { Alert, Checkbox, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useAuth } from '../../app/auth/AuthProvider';
import { EditPageFrame, FormActions, PageHeader, useCan, useManagedForm } from '../../components/management';
import { useIdParam } from '../../lib/use-id-param';
import { useBranches, useServices } from '../org';
import { permissionLabel, useAuthorization, useSaveAuthorization } from './api';
import { isCourseAction, toggleGroup, toggleKey } from './permission-keys';
import { parseScope, scopeGroups, scopeValue } from './scope';

type Input = z.input<typeof ZAuthorizationInput>;
type Output = z.output<typeof ZAuthorizationInput>;
const FIELDS = ['name', 'serviceId', 'branchId', 'permissions'] as const;
const LIST = '/management/authorization';

/** /management/authorization/add and authorization/edit/{id}: name, scope and permission keys. */
export function AuthorizationEditPage() {
  const { t } = useTranslation();
  const { id, isNew, invalid } = useIdParam();
  const existing = useAuthorization(id);
  return (
    <EditPageFrame
      back={{ to: LIST, label: t('authorizations.back') }}
      record={existing}
      isNew={isNew}
      invalidId={invalid}
      notFound={t('authorizations.notFound')}
    >
      {(authorization) => <AuthorizationForm authorization={authorization} />}
    </EditPageFrame>
  );
}

function AuthorizationForm({ authorization }: { authorization?: TAuthorization }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const services = useServices();
  const branches = useBranches();
  const save = useSaveAuthorization();
  const { form, error, fail, submit, field } = useManagedForm<Input, Output>({
    schema: ZAuthorizationInput,
    fields: FIELDS,
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

  const onSubmit = submit((values) =>
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
          navigate(LIST);
        },
        onError: (failure) => fail(failure),
      },
    ),
  );

  const scopeError = errors.serviceId?.message ?? errors.branchId?.message;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="authorization-form">
      <PageHeader
        title={authorization ? t('authorizations.editTitle') : t('authorizations.addTitle')}
        actions={<FormActions cancelTo={LIST} saving={save.isPending} gap="xs" />}
      />
      <Stack gap="lg">
        {error && <Alert color="red">{error}</Alert>}
        <Paper withBorder p="lg" radius="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput
              label={t('authorizations.name')}
              withAsterisk
              description={t('authorizations.nameHint', { max: LIMITS.authorizationName })}
              {...field('name')}
            />
            <Controller
              control={form.control}
              name="branchId"
              render={({ field: branch }) => (
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
                    branch.value as number | null | undefined,
                  )}
                  onChange={(value) => {
                    const scope = parseScope(value);
                    form.setValue('serviceId', scope.serviceId);
                    branch.onChange(scope.branchId);
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
          <Title order={2} fz="h4" mb={4}>
            {t('authorizations.permissions')}
          </Title>
          <Text c="dimmed" fz="sm" mb="md">
            {auth.isAdmin ? t('authorizations.permissionsHint') : t('authorizations.permissionsHintLimited')}
          </Text>
          <Controller
            control={form.control}
            name="permissions"
            render={({ field: permissions }) => {
              const value = (permissions.value ?? []) as PermissionKey[];
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
                            permissions.onChange(
                              toggleGroup(value, keys, event.currentTarget.checked, locked),
                            )
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
                                permissions.onChange(toggleKey(value, key, event.currentTarget.checked))
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
        <FormActions cancelTo={LIST} saving={save.isPending} gap="xs" />
      </Stack>
    </form>
  );
}

export default AuthorizationEditPage;
