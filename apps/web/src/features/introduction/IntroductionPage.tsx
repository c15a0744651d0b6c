import { Alert, Container, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { RichContent } from '../../components/RichContent';
import { useIntroduction } from './api';

/** `/introduction`: the company introduction written by staff. */
export function IntroductionPage() {
  const { t } = useTranslation();
  const introduction = useIntroduction();

  useEffect(() => {
    document.title = t('introduction.title');
  }, [t]);

  return (
    <Container size="md" py="xl">
      <Text c="var(--academy-accent-text)" fw={700} tt="uppercase" fz="sm">
        {t('nav.about')}
      </Text>
      <Title order={1} c="var(--academy-ink)" mb="xl" fz={{ base: 28, md: 40 }}>
        {t('introduction.title')}
      </Title>
      {introduction.error && <Alert color="red">{introduction.error.message}</Alert>}
      {introduction.isPending ? (
        <Loading />
      ) : introduction.data?.content ? (
        <RichContent html={introduction.data.content} testId="introduction-content" />
      ) : (
        <Text c="dimmed">{t('introduction.empty')}</Text>
      )}
    </Container>
  );
}

export default IntroductionPage;
