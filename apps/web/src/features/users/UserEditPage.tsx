import { GENDERS, ROLE_CODES, type TUserDetail, ZUserCreate, ZUserUpdate } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { useAuth } from '../../app/auth/AuthProvider';
import { OrgCascadeSelect, type OrgLevel } from '../../components/management';
import { formatDateTime } from '../../lib/format';
import { applyServerErrors } from '../../lib/forms';
import { useAuthorizationOptions } from '../authorizations/api';
import { toUpdateValues, useCreateUser, useUpdateUser, useUser } from './api';
import { UserAccessPanel } from './UserAccessPanel';

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
  const { id: idParam } = useParams();
  const isNew = idParam === 'new';
  const id = isNew ? undefined : Number(idParam);
  const invalidId = !isNew && !(Number.isInteger(id) && (id ?? 0) > 0);
  const user = useUser(invalidId ? undefined : id);

  const back = (
    <Anchor component={Link} to="/management/user" fz="sm" mb="sm" display="inline-flex">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('users.back')}
      </Group>
    </Anchor>
  );
  if (invalidId || user.error) {
    return (
      <>
        {back}
        <Alert color="red">{user.error?.message ?? t('users.notFound')}</Alert>
      </>
    );
  }
  if (!isNew && !user.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <>
      {back}
      {/* A fresh form per user, so that its default values are that user's. */}
      <UserForm key={user.data?.id ?? 'new'} user={user.data} />
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={3} fz="h4" mb="md" c="brand.9">
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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    // Creating also needs the temporary password; ZUserCreate's output is a ZUserUpdate output.
    resolver: (user ? zodResolver(ZUserUpdate) : zodResolver(ZUserCreate)) as Resolver<
      Input,
      unknown,
      Output
    >,
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

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    const onError = (error: Error) => setFormError(applyServerErrors(error, form.setError, FIELDS));
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
  ) => (
    <TextInput
      label={t(`users.${name}`)}
      withAsterisk={required}
      error={errors[name]?.message}
      autoComplete="off"
      {...form.register(name)}
    />
  );
  const date = (name: 'dateOfBirth' | 'authorizedOn') => (
    <TextInput
      type="date"
      label={t(`users.${name}`)}
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Group justify="space-between" align="center" mb="lg" gap="sm">
        <div>
          <Title order={2} c="brand.9">
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
        <Group gap="xs">
          <Button variant="default" component={Link} to="/management/user">
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="accent.6" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Group>
      <Stack gap="lg">
        {formError && <Alert color="red">{formError}</Alert>}
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
                error={errors.password?.message}
                {...form.register('password')}
              />
            )}
            {auth.isAdmin && (
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <Select
                    label={t('users.role')}
                    data={ROLE_CODES.map((code) => ({ value: code, label: t(`users.roles.${code}`) }))}
                    value={field.value ?? 'ROLE_STUDENT'}
                    onChange={(value) => field.onChange(value ?? 'ROLE_STUDENT')}
                    disabled={user?.id === auth.user?.id}
                    allowDeselect={false}
                    error={errors.role?.message}
                  />
                )}
              />
            )}
          </SimpleGrid>
        </Section>
        <Section title={t('users.sections.personal')}>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {date('dateOfBirth')}
            <Controller
              control={form.control}
              name="gender"
              render={({ field }) => (
                <Select
                  label={t('users.gender')}
                  data={GENDERS.map((g) => ({ value: g, label: t(`users.genders.${g}`) }))}
                  value={idValue(field.value)}
                  onChange={(value) => field.onChange(value ?? '')}
                  clearable
                  error={errors.gender?.message}
                />
              )}
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
              testIdPrefix="user"
            />
            <Controller
              control={form.control}
              name="authorizationId"
              render={({ field }) => (
                <Select
                  label={t('users.authorization')}
                  description={t('users.authorizationHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  data={(authorizations.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
                  value={idValue(field.value)}
                  onChange={(value) => field.onChange(value)}
                  clearable
                  searchable
                  error={errors.authorizationId?.message}
                  data-testid="user-authorization"
                />
              )}
            />
            {date('authorizedOn')}
            {text('position')}
            {text('workplace')}
          </SimpleGrid>
        </Section>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" component={Link} to="/management/user">
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="accent.6" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default UserEditPage;
