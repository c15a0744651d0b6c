import {
  MESSAGES,
  RESET_LINK_MINUTES,
  type TRecoveryPassword,
  type TResetPassword,
  ZRecoveryPassword,
  ZResetPassword,
} from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth/AuthProvider';
import { Loading } from '../../components/Loading';
import { applyServerErrors } from '../../lib/forms';
import { checkEmail, usePublicConfig, useRecoveryPassword, useResetPassword } from './api';

/**
 * /forgot-password: asks for the email and mails a reset link; the link comes back here with
 * `?token=` and sets a new password once.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const config = usePublicConfig();

  let body: ReactNode;
  if (config.isPending) {
    body = <Loading py="lg" />;
  } else if (config.data?.passwordsManagedBy === 'provider') {
    body = (
      <Alert color="brand" data-testid="passwords-external">
        {t('account.passwordsExternal')}{' '}
        <Anchor href={config.data.oidc.authority} target="_blank" rel="noopener noreferrer">
          {t('account.openProvider')}
        </Anchor>
      </Alert>
    );
  } else {
    body = token ? <ResetForm token={token} /> : <RequestForm />;
  }

  return (
    <Container size={480} py={48}>
      <Paper withBorder shadow="sm" p="xl" radius="lg">
        <Title order={1} fz="h2" c="var(--academy-ink)" mb="xs">
          {token ? t('forgotPassword.resetTitle') : t('forgotPassword.title')}
        </Title>
        {body}
      </Paper>
    </Container>
  );
}

function SignInLink() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  return (
    <Text fz="sm" ta="center" mt="md">
      <Anchor component="button" type="button" onClick={() => void signIn('/training-academy')}>
        {t('forgotPassword.backToSignIn')}
      </Anchor>
    </Text>
  );
}

function RequestForm() {
  const { t } = useTranslation();
  const recovery = useRecoveryPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const form = useForm<TRecoveryPassword>({
    resolver: zodResolver(ZRecoveryPassword),
    defaultValues: { email: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setChecking(true);
    try {
      // Say at once when the address is unknown (the API answers the same when mailing).
      const { exists } = await checkEmail(values.email);
      if (!exists) {
        form.setError('email', { message: MESSAGES.emailNotFound });
        return;
      }
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email']));
      return;
    } finally {
      setChecking(false);
    }
    recovery.mutate(values, {
      onSuccess: () => setSentTo(values.email),
      onError: (error) => setFormError(applyServerErrors(error, form.setError, ['email'])),
    });
  });

  if (sentTo) {
    return (
      <Stack align="center" gap="sm" py="md" data-testid="recovery-sent">
        <IconMailForward size={48} color="#FF5000" aria-hidden />
        <Text ta="center">{t('forgotPassword.sent', { email: sentTo, minutes: RESET_LINK_MINUTES })}</Text>
        <Text ta="center" fz="sm" c="dimmed">
          {t('forgotPassword.sentHint')}
        </Text>
        <Button variant="subtle" onClick={() => setSentTo(null)}>
          {t('forgotPassword.sendAgain')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="recovery-form">
      <Text c="dimmed" mb="lg">
        {t('forgotPassword.intro', { minutes: RESET_LINK_MINUTES })}
      </Text>
      <Stack gap="md">
        {formError && <Alert color="red">{formError}</Alert>}
        <TextInput
          label={t('forgotPassword.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" color="accent.6" loading={checking || recovery.isPending}>
          {t('forgotPassword.send')}
        </Button>
      </Stack>
      <SignInLink />
    </form>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TResetPassword>({
    resolver: zodResolver(ZResetPassword),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    reset.mutate(values, {
      onSuccess: () => setDone(true),
      // A used or expired link is about the token, not a field the user can fix.
      onError: (error) =>
        setFormError(applyServerErrors(error, form.setError, ['newPassword', 'confirmPassword'])),
    });
  });

  if (done) {
    return (
      <Stack align="center" gap="sm" py="md" data-testid="reset-done">
        <IconCircleCheck size={48} color="#2f9e44" aria-hidden />
        <Text ta="center">{t('forgotPassword.resetDone')}</Text>
        <SignInLink />
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="reset-form">
      <Text c="dimmed" mb="lg">
        {t('forgotPassword.resetIntro')}
      </Text>
      <Stack gap="md">
        {formError && (
          <Alert color="red">
            {formError}{' '}
            {formError === MESSAGES.resetLinkInvalid && (
              <Anchor component={Link} to="/forgot-password">
                {t('forgotPassword.askNewLink')}
              </Anchor>
            )}
          </Alert>
        )}
        <PasswordInput
          label={t('account.newPassword')}
          autoComplete="new-password"
          withAsterisk
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordInput
          label={t('account.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" color="accent.6" loading={reset.isPending}>
          {t('forgotPassword.setPassword')}
        </Button>
      </Stack>
    </form>
  );
}

export default ForgotPasswordPage;
