import { QA_LIMITS, type TQaReply } from '@academy/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Textarea } from '@mantine/core';
import { IconCircleCheck, IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { useDeleteReply, useSetSolved, useUpdateReply } from './api';
import { Byline } from './Byline';
import { PlainText } from './PlainText';
import { SOLVED_GREEN } from './QuestionTags';

/** One reply: author, text, the solution mark, and edit, delete and "mark as solution" when allowed. */
export function ReplyItem({
  reply,
  questionId,
  canMarkSolved,
}: {
  reply: TQaReply;
  questionId: number;
  canMarkSolved: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateReply(questionId);
  const remove = useDeleteReply(questionId);
  const setSolved = useSetSolved(questionId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(reply.content);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  function saveEdit() {
    const content = draft.trim();
    if (!content) return setError(t('qa.replyRequired'));
    if (content.length > QA_LIMITS.reply) return setError(t('qa.replyTooLong', { max: QA_LIMITS.reply }));
    setError(null);
    update.mutate(
      { id: reply.id, content },
      { onSuccess: () => setEditing(false), onError: (e) => setError(e.message) },
    );
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="reply"
      style={reply.isSolution ? { borderColor: '#2f9e44', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Byline person={reply.author} at={reply.createdAt} editedAt={reply.editedAt} />
          {reply.isSolution && (
            <Badge
              color={SOLVED_GREEN}
              leftSection={<IconCircleCheck size={12} />}
              data-testid="solution-badge"
            >
              {t('qa.solution')}
            </Badge>
          )}
        </Group>
        {editing ? (
          <Stack gap="xs">
            <Textarea
              aria-label={t('qa.editReply')}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              autosize
              minRows={3}
              maxRows={12}
              error={error}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={() => setEditing(false)}>
                {t('common.cancel')}
              </Button>
              <Button size="xs" color="accent.6" loading={update.isPending} onClick={saveEdit}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <PlainText text={reply.content} fz="sm" />
        )}
        {!editing && error && <Alert color="red">{error}</Alert>}
        {!editing && (canMarkSolved || reply.canEdit || reply.canDelete) && (
          <Group gap="xs">
            {canMarkSolved && !reply.isSolution && (
              <Button
                size="compact-sm"
                variant="light"
                color="green"
                leftSection={<IconCircleCheck size={14} />}
                loading={setSolved.isPending}
                onClick={() =>
                  setSolved.mutate(
                    { solved: true, replyId: reply.id },
                    { onError: (e) => setError(e.message) },
                  )
                }
              >
                {t('qa.markSolution')}
              </Button>
            )}
            {reply.canEdit && (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconEdit size={14} />}
                onClick={() => {
                  setDraft(reply.content);
                  setError(null);
                  setEditing(true);
                }}
              >
                {t('common.edit')}
              </Button>
            )}
            {reply.canDelete && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => setConfirming(true)}
              >
                {t('common.delete')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <ConfirmDeleteDialog
        opened={confirming}
        subject={t('qa.deleteReplySubject')}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(reply.id, {
            onSuccess: () => setConfirming(false),
            onError: (e) => {
              setConfirming(false);
              setError(e.message);
            },
          })
        }
      />
    </Paper>
  );
}
