import type { TRecruitmentPostDetail } from '@academy/contract';
import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDeadline, formatSalary } from './format';

/** The key facts of a post (SPEC §2: wage, recruits, form of work, rank, sex, experience, workplace…). */
export function PostFacts({ post }: { post: TRecruitmentPostDetail }) {
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t('recruitment.fields.wage'), formatSalary(t, post.salaryMin, post.salaryMax)],
    [t('recruitment.fields.quantity'), String(post.quantity)],
    [t('recruitment.fields.workForm'), t(`recruitment.workForms.${post.workForm}`)],
    [t('recruitment.fields.rank'), post.rank ?? '—'],
    [t('recruitment.fields.gender'), t(`recruitment.genders.${post.gender}`)],
    [t('recruitment.fields.experience'), post.experience ?? '—'],
    [t('recruitment.fields.degree'), post.degree ?? '—'],
    [t('recruitment.fields.workplace'), post.workplace ?? '—'],
    [t('recruitment.fields.deadline'), formatDeadline(t, post.endDate)],
    [t('recruitment.fields.branch'), post.branchName],
  ];
  return (
    <Paper withBorder radius="lg" p="md" bg="var(--academy-tint)">
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md" verticalSpacing="md" data-testid="post-facts">
        {facts.map(([label, value]) => (
          <Box key={label}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text fw={600} c="var(--academy-ink)" fz="sm">
              {value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      {post.address && (
        <Text fz="sm" mt="md">
          <Text span inherit fw={600}>
            {t('recruitment.fields.address')}:
          </Text>{' '}
          {post.address}
        </Text>
      )}
    </Paper>
  );
}

function Section({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <Box>
      <Title order={2} fz="lg" c="var(--academy-ink)" mb={6}>
        {title}
      </Title>
      <Text style={{ whiteSpace: 'pre-line' }} fz="sm" lh={1.7}>
        {text}
      </Text>
    </Box>
  );
}

/** Description, requirements, benefits and HR policy: plain text, line breaks kept. */
export function PostSections({ post }: { post: TRecruitmentPostDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Section title={t('recruitment.fields.jobDescription')} text={post.jobDescription} />
      <Section title={t('recruitment.fields.requirements')} text={post.requirements} />
      <Section title={t('recruitment.fields.benefits')} text={post.benefits} />
      <Section title={t('recruitment.fields.hrPolicy')} text={post.hrPolicy} />
    </Stack>
  );
}
