import type { TRecruitmentPostSummary } from '@academy/contract';
import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconBriefcase, IconCalendarEvent, IconCash, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDeadline, formatSalary, STATUS_COLORS } from './format';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <span style={{ color: '#6c5ac2', display: 'flex', marginTop: 2 }} aria-hidden>
        {icon}
      </span>
      <Text fz="sm" c="var(--mantine-color-text)" style={{ minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/** A job post tile on /recruitment: banner, branch, vacancy, wage, place, form of work, deadline. */
export function PostCard({ post }: { post: TRecruitmentPostSummary }) {
  const { t } = useTranslation();
  const closed = post.status === 'CLOSED';
  return (
    <Card
      component={Link}
      to={`/recruitment/${post.id}`}
      withBorder
      radius="lg"
      padding="md"
      shadow="xs"
      data-testid="post-card"
      style={closed ? { opacity: 0.75 } : undefined}
    >
      <Card.Section>
        {post.banner ? (
          <Image src={post.banner} alt="" h={96} fit="cover" />
        ) : (
          <Stack h={96} align="center" justify="center" bg="brand.9">
            <IconBriefcase size={40} color="#FF5000" aria-hidden />
          </Stack>
        )}
      </Card.Section>
      <Stack gap={8} mt="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge variant="light" color="brand" size="sm" style={{ minWidth: 0 }}>
            {post.branchName}
          </Badge>
          <Badge color={STATUS_COLORS[post.status]} variant={closed ? 'filled' : 'light'} size="sm">
            {t(`recruitment.status.${post.status}`)}
          </Badge>
        </Group>
        <Text fw={700} fz="lg" c="var(--academy-ink)" lineClamp={2}>
          {post.vacancy}
        </Text>
        <Fact icon={<IconCash size={16} />}>{formatSalary(t, post.salaryMin, post.salaryMax)}</Fact>
        <Fact icon={<IconMapPin size={16} />}>{post.workplace ?? post.branchName}</Fact>
        <Fact icon={<IconBriefcase size={16} />}>
          {t(`recruitment.workForms.${post.workForm}`)} ·{' '}
          {t('recruitment.recruits', { count: post.quantity })}
        </Fact>
        <Fact icon={<IconCalendarEvent size={16} />}>
          {post.endDate
            ? t(closed ? 'recruitment.closedOn' : 'recruitment.applyBy', {
                date: formatDeadline(t, post.endDate),
              })
            : t('recruitment.noDeadline')}
        </Fact>
      </Stack>
    </Card>
  );
}
