import { GENDERS, ROLE_CODES, type TUserDetail, type ZUserUpdate } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useAuth } from '../../app/auth/AuthProvider';
import {
  EditPageFrame,
  FormActions,
  type OrgLevel,
  SelectField,
  useManagedForm,
} from '../../components/management';
import { formatDateTime } from '../../lib/format';
import { useIdParam } from '../../lib/use-id-param';
import { useAuthorizationOptions } from '../authorizations';
import { OrgCascadeSelect } from '../org';
import { toUpdateValues, useCreateUser, useUpdateUser, useUser } from './api';
import { UserAccessPanel } from './UserAccessPanel';
import { ZUserCreateForm, ZUserUpdateForm } from './user-form-schema';

type Input = z.input<typeof ZUserUpdate>;
type Output = z.output<typeof ZUserUpdate>;
const FIELDS = [
  'employeeCode',
  'fullName',
  'email',
  'password',
  'dateOfBirth',
  'gender',
  'phone',
  'authorizedOn',
  'workplace',
  'position',
  'serviceId',
  'branchId',
  'departmentId',
  'authorizationId',
  'role',
] as const;

/** /management/user/new and /management/user/{id}: every field of a user. */
export function UserEditPage() {
  const { t } = useTranslation();
  const { id, isNew, invalid } = useIdParam('new');
  const user = useUser(id);
  return (
    <EditPageFrame
      back={{ to: '/management/user', label: t('users.back') }}
      record={user}
      isNew={isNew}
      invalidId={invalid}
      notFound={t('users.notFound')}
    >
      {/* A fresh form per user, so that its default values are that user's. */}
      {(record) => <UserForm key={record?.id ?? 'new'} user={record} />}
    </EditPageFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} fz="h4" mb="md" c="var(--academy-ink)">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function idValue(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : String(value);
}

function UserForm({ user }: { user?: TUserDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const create = useCreateUser();
  const update = useUpdateUser();
  const { form, error, fail, submit, field } = useManagedForm<Input, Output>({
    // Creating also needs the temporary password; ZUserCreate's output is a ZUserUpdate output.
    resolver: (user ? zodResolver(ZUserUpdateForm) : zodResolver(ZUserCreateForm)) as Resolver<
      Input,
      unknown,
      Output
    >,
    fields: FIELDS,
    defaultValues: user
      ? toUpdateValues(user)
      : {
          employeeCode: '',
          fullName: '',
          email: '',
          password: '',
          dateOfBirth: '',
          gender: '',
          phone: '',
          authorizedOn: '',
          workplace: '',
          position: '',
          serviceId: null,
          branchId: null,
          departmentId: null,
          authorizationId: null,
          role: 'ROLE_STUDENT',
        },
  });
  const { errors } = form.formState;
  const serviceId = idValue(form.watch('serviceId'));
  const branchId = idValue(form.watch('branchId'));
  const authorizations = useAuthorizationOptions();
  const saving = create.isPending || update.isPending;

  const onSubmit = submit((values) => {
    const onError = (failure: Error) => fail(failure);
    if (user) {
      update.mutate(
        { id: user.id, values },
        {
          onSuccess: (saved) => {
            notifications.show({ color: 'green', message: t('users.saved', { name: saved.fullName }) });
            navigate('/management/user');
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { ...values, password: values.password ?? '' },
        {
          onSuccess: (saved) => {
            notifications.show({ color: 'green', message: t('users.added', { name: saved.fullName }) });
            navigate('/management/user');
          },
          onError,
        },
      );
    }
  });

  const text = (
    name: 'employeeCode' | 'fullName' | 'email' | 'phone' | 'workplace' | 'position',
    required = false,
  ) => <TextInput label={t(`users.${name}`)} withAsterisk={required} autoComplete="off" {...field(name)} />;
  const date = (name: 'dateOfBirth' | 'authorizedOn') => (
    <TextInput type="date" label={t(`users.${name}`)} {...field(name)} />
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="user-form">
      <Group justify="space-between" align="center" mb="lg" gap="sm">
        <div>
          <Title order={1} size="h2" c="var(--academy-ink)">
            {user ? (user.fullName ?? user.employeeCode) : t('users.addTitle')}
          </Title>
          {user && (
            <Group gap="xs" mt={4}>
              <Badge color={user.access === 'STOPPED' ? 'red' : 'green'} variant="light">
                {t(`users.accessValues.${user.access}`)}
              </Badge>
              {!user.activePassword && (
                <Badge color="orange" variant="light">
                  {t('users.temporaryPassword')}
                </Badge>
              )}
              <Text fz="xs" c="dimmed">
                {t('users.createdAt', { date: formatDateTime(user.createdAt) })}
              </Text>
            </Group>
          )}
        </div>
        <FormActions cancelTo="/management/user" saving={saving} gap="xs" />
      </Group>
      <Stack gap="lg">
        {error && <Alert color="red">{error}</Alert>}
        {user && <UserAccessPanel user={user} />}
        <Section title={t('users.sections.account')}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {text('employeeCode', true)}
            {text('email', true)}
            {text('fullName', true)}
            {!user && (
              <PasswordInput
                label={t('users.temporaryPasswordLabel')}
                description={t('users.temporaryPasswordHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                withAsterisk
                autoComplete="new-password"
                {...field('password')}
              />
            )}
            {auth.isAdmin && (
              <SelectField
                control={form.control}
                name="role"
                label={t('users.role')}
                data={ROLE_CODES.map((code) => ({ value: code, label: t(`users.roles.${code}`) }))}
                disabled={user?.id === auth.user?.id}
                allowDeselect={false}
              />
            )}
          </SimpleGrid>
        </Section>
        <Section title={t('users.sections.personal')}>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {date('dateOfBirth')}
            <SelectField
              control={form.control}
              name="gender"
              label={t('users.gender')}
              data={GENDERS.map((g) => ({ value: g, label: t(`users.genders.${g}`) }))}
              clearable
            />
            {text('phone')}
          </SimpleGrid>
        </Section>
        <Section title={t('users.sections.work')}>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <OrgCascadeSelect
              variant="field"
              value={{ serviceId, branchId, departmentId: idValue(form.watch('departmentId')) }}
              onChange={(changes) => {
                for (const level of Object.keys(changes) as OrgLevel[])
                  form.setValue(level, changes[level] ?? null, { shouldDirty: true });
              }}
              labels={{
                serviceId: t('users.service'),
                branchId: t('users.branch'),
                departmentId: t('users.department'),
              }}
              errors={{
                serviceId: errors.serviceId?.message,
                branchId: errors.branchId?.message,
                departmentId: errors.departmentId?.message,
              }}
              required
              testIdPrefix="user"
            />
            <SelectField
              control={form.control}
              name="authorizationId"
              kind="nullable"
              label={t('users.authorization')}
              withAsterisk={form.watch('role') !== 'ROLE_ADMIN'}
              description={t('users.authorizationHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data={(authorizations.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
              clearable
              searchable
              data-testid="user-authorization"
            />
            {date('authorizedOn')}
            {text('position')}
            {text('workplace')}
          </SimpleGrid>
        </Section>
        <FormActions cancelTo="/management/user" saving={saving} gap="xs" />
      </Stack>
    </form>
  );
}

export default UserEditPage;
