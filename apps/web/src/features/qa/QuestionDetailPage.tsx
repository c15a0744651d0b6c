import { qaQuestionSubject, ZQaReplyInput } from '@academy/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Container,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBigUp,
  IconArrowBigUpFilled,
  IconCircleCheck,
  IconCircleDashed,
  IconDots,
  IconEdit,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../app/auth/AuthProvider';
import { ConfirmDeleteDialog, Loading, useManagedForm } from '../../components/management';
import { useMarkRead, useUnreadCount } from '../notifications';
import { useAddReply, useDeleteQuestion, useQuestion, useSetSolved, useToggleUpvote } from './api';
import { Byline } from './Byline';
import { PlainText } from './PlainText';
import { QuestionPlace, QuestionTags } from './QuestionTags';
import { ReplyItem } from './ReplyItem';

/** The reply box under a question. */
function ReplyForm({ questionId }: { questionId: number }) {
  const { t } = useTranslation();
  const add = useAddReply(questionId);
  const { form, error, fail, submit, field } = useManagedForm({
    schema: ZQaReplyInput,
    fields: ['content'],
    defaultValues: { content: '' },
  });
  const onSubmit = submit((values) =>
    add.mutate(values.content, {
      onSuccess: () => form.reset({ content: '' }),
      onError: (failure) => fail(failure),
    }),
  );
  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={onSubmit} noValidate data-testid="reply-form">
        <Stack gap="sm">
          {error && <Alert color="red">{error}</Alert>}
          <Textarea
            label={t('qa.yourReply')}
            description={t('qa.descriptionHint')}
            autosize
            minRows={3}
            maxRows={12}
            {...field('content')}
          />
          <Group justify="flex-end">
            <Button type="submit" color="accent.6" loading={add.isPending}>
              {t('qa.postReply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /training-academy/qa/{id}: the question, upvote, solved flag, replies and the reply box. */
export function QuestionDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const id = Number(useParams().id);
  const question = useQuestion(id);
  const upvote = useToggleUpvote(id);
  const setSolved = useSetSolved(id);
  const remove = useDeleteQuestion();
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const marked = useRef(false);
  const data = question.data;

  // The asker opening their question has seen its replies: its notifications become read.
  const isAsker = data !== undefined && data.author?.id === auth.user?.id;
  useEffect(() => {
    if (!isAsker || marked.current || !unread.data) return;
    marked.current = true;
    markRead.mutate({ subject: qaQuestionSubject(id) });
  }, [isAsker, unread.data, id, markRead]);

  if (question.isPending) {
    return <Loading />;
  }
  if (!data) {
    return (
      <Container size="md" py="xl">
        <Alert color="red">{question.error?.message}</Alert>
        <Anchor component={Link} to="/training-academy/qa" mt="md" display="block">
          {t('qa.backToList')}
        </Anchor>
      </Container>
    );
  }

  return (
    <Container size="md" py="xl">
      <Breadcrumbs mb="md" fz="sm" styles={{ breadcrumb: { minWidth: 0 } }}>
        <Anchor component={Link} to="/training-academy/qa">
          {t('qa.title')}
        </Anchor>
        <Text fz="sm" c="dimmed" lineClamp={1}>
          {data.title}
        </Text>
      </Breadcrumbs>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mb="lg" data-testid="question">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title
              order={1}
              c="var(--academy-ink)"
              fz={{ base: 22, sm: 28 }}
              style={{ overflowWrap: 'anywhere' }}
            >
              {data.title}
            </Title>
            {(data.canEdit || data.canDelete) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('qa.questionActions')}>
                    <IconDots size={20} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {data.canEdit && (
                    <Menu.Item
                      component={Link}
                      to={`/training-academy/qa/${data.id}/edit`}
                      leftSection={<IconEdit size={16} />}
                    >
                      {t('common.edit')}
                    </Menu.Item>
                  )}
                  {data.canDelete && (
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => setConfirming(true)}
                    >
                      {t('common.delete')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
          <QuestionTags question={data} linkLesson />
          <QuestionPlace question={data} />
          <Byline person={data.author} at={data.createdAt} editedAt={data.editedAt} size="md" />
          <PlainText text={data.description} />
          {error && <Alert color="red">{error}</Alert>}
          <Group gap="xs">
            <Button
              size="sm"
              variant={data.upvotedByMe ? 'filled' : 'outline'}
              color="accent.6"
              leftSection={
                data.upvotedByMe ? <IconArrowBigUpFilled size={18} /> : <IconArrowBigUp size={18} />
              }
              loading={upvote.isPending}
              aria-pressed={data.upvotedByMe}
              onClick={() => upvote.mutate(undefined, { onError: (e) => setError(e.message) })}
              data-testid="upvote"
            >
              {t('qa.upvote', { count: data.upvotes })}
            </Button>
            {data.canMarkSolved && (
              <Button
                size="sm"
                variant={data.solved ? 'light' : 'outline'}
                color="green"
                leftSection={data.solved ? <IconCircleDashed size={18} /> : <IconCircleCheck size={18} />}
                loading={setSolved.isPending}
                onClick={() =>
                  setSolved.mutate(
                    { solved: !data.solved, replyId: data.solved ? null : undefined },
                    { onError: (e) => setError(e.message) },
                  )
                }
                data-testid="toggle-solved"
              >
                {data.solved ? t('qa.markUnsolved') : t('qa.markSolved')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>

      <Title order={2} fz="lg" c="var(--academy-ink)" mb="sm">
        {t('qa.replyCount', { count: data.replies.length })}
      </Title>
      <Stack gap="sm" mb="lg" data-testid="replies">
        {data.replies.length === 0 && (
          <Text c="dimmed" fz="sm">
            {t('qa.noReplies')}
          </Text>
        )}
        {data.replies.map((reply) => (
          <ReplyItem key={reply.id} reply={reply} questionId={data.id} canMarkSolved={data.canMarkSolved} />
        ))}
      </Stack>
      <ReplyForm questionId={data.id} />

      <ConfirmDeleteDialog
        opened={confirming}
        subject={data.title}
        message={t('qa.deleteQuestionWarning')}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(data.id, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({ color: 'green', message: t('qa.deleted') });
              void navigate('/training-academy/qa', { replace: true });
            },
            onError: (e) => {
              setConfirming(false);
              setError(e.message);
            },
          })
        }
      />
    </Container>
  );
}

export default QuestionDetailPage;
