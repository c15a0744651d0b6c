import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { branchGroups, ModalActions } from '../../components/management';
import { useAuthorizationOptions } from '../authorizations';
import { useBranches } from '../org';
import { useRoadmap, useRoadmapCourseOptions, useSaveRoadmap } from './api';
import {
  checkDraft,
  draftOf,
  emptyCourse,
  emptyDraft,
  emptyMilestone,
  type MilestoneDraft,
  type RoadmapDraft,
} from './draft';

interface Props {
  /** null: add; a number: edit that roadmap; undefined: closed. */
  id: number | null | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Add or edit a roadmap: branch, authorization, description, milestones ordering courses. */
export function RoadmapFormModal({ id, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const opened = id !== undefined;
  const existing = useRoadmap(opened && id !== null ? id : null);
  const [draft, setDraft] = useState<RoadmapDraft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveRoadmap();

  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setFormError(null);
    if (id === null) setDraft(emptyDraft());
    else if (existing.data) setDraft(draftOf(existing.data));
  }, [opened, id, existing.data]);

  function submit() {
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(
      { id: id ?? null, values: checked.value },
      {
        onSuccess: () => onSaved(t(id ? 'schedule.updated' : 'schedule.added')),
        onError: (error) => setFormError(error.message),
      },
    );
  }

  const loading = id !== null && id !== undefined && existing.isPending;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(id ? 'schedule.edit' : 'schedule.add')}
      size="xl"
      fullScreen={phone}
    >
      {loading ? <Loading /> : <RoadmapFields draft={draft} setDraft={setDraft} errors={errors} />}
      {formError && (
        <Alert color="red" mt="md" data-testid="roadmap-form-error">
          {formError}
        </Alert>
      )}
      <ModalActions
        onCancel={onClose}
        onSave={submit}
        saving={save.isPending}
        saveTestId="roadmap-save"
        mt="lg"
      />
    </Modal>
  );
}

interface FieldsProps {
  draft: RoadmapDraft;
  setDraft: (update: (draft: RoadmapDraft) => RoadmapDraft) => void;
  errors: Record<string, string>;
}

function RoadmapFields({ draft, setDraft, errors }: FieldsProps) {
  const { t } = useTranslation();
  const branches = useBranches();
  const authorizations = useAuthorizationOptions();
  const courses = useRoadmapCourseOptions();
  const courseData = (courses.data ?? []).map((c) => ({
    value: String(c.id),
    label: c.mustCompleteBeforeNext ? `${c.name} ★` : c.name,
  }));
  // An authorization of another branch cannot be the roadmap's; service-wide and global ones can.
  const branch = (branches.data ?? []).find((b) => String(b.id) === draft.branchId);
  const authorizationData = (authorizations.data ?? [])
    .filter(
      (a) =>
        !branch ||
        (a.branchId === null && (a.serviceId === null || a.serviceId === branch.serviceId)) ||
        a.branchId === branch.id,
    )
    .map((a) => ({ value: String(a.id), label: a.name }));

  const setMilestone = (index: number, change: (m: MilestoneDraft) => MilestoneDraft) =>
    setDraft((d) => ({ ...d, milestones: d.milestones.map((m, i) => (i === index ? change(m) : m)) }));

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('schedule.branch')}
          withAsterisk
          data={branchGroups(branches.data)}
          value={draft.branchId}
          onChange={(value) => setDraft((d) => ({ ...d, branchId: value }))}
          searchable
          error={errors.branchId}
          data-testid="roadmap-branch"
        />
        <Select
          label={t('schedule.authorization')}
          withAsterisk
          data={authorizationData}
          value={draft.authorizationId}
          onChange={(value) => setDraft((d) => ({ ...d, authorizationId: value }))}
          searchable
          error={errors.authorizationId}
          data-testid="roadmap-authorization"
        />
      </SimpleGrid>
      <Textarea
        label={t('schedule.description')}
        value={draft.description}
        onChange={(event) => {
          const description = event.currentTarget.value;
          setDraft((d) => ({ ...d, description }));
        }}
        autosize
        minRows={2}
        error={errors.description}
      />
      <Text fz="sm" c="dimmed">
        {t('schedule.orderHint')}
      </Text>
      {errors.milestones && <Text c="red">{errors.milestones}</Text>}
      {draft.milestones.map((milestone, m) => (
        <Paper key={milestone.key} withBorder p="sm" radius="md" data-testid="roadmap-milestone-form">
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label={t('schedule.milestone', { index: m + 1 })}
              withAsterisk
              value={milestone.name}
              onChange={(event) => {
                const name = event.currentTarget.value;
                setMilestone(m, (x) => ({ ...x, name }));
              }}
              error={errors[`milestones.${m}.name`]}
              style={{ flex: 1 }}
            />
            <TextInput
              label={t('schedule.order')}
              w={80}
              value={milestone.order}
              onChange={(event) => {
                const order = event.currentTarget.value;
                setMilestone(m, (x) => ({ ...x, order }));
              }}
              error={errors[`milestones.${m}.order`]}
            />
            <Tooltip label={t('schedule.removeMilestone')}>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                disabled={draft.milestones.length === 1}
                aria-label={t('schedule.removeMilestone')}
                onClick={() =>
                  setDraft((d) => ({ ...d, milestones: d.milestones.filter((_, i) => i !== m) }))
                }
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Stack gap={6} mt="xs" pl={{ base: 0, sm: 'md' }}>
            {errors[`milestones.${m}.courses`] && (
              <Text c="red" fz="sm">
                {errors[`milestones.${m}.courses`]}
              </Text>
            )}
            {milestone.courses.map((course, c) => (
              <Group key={course.key} gap="xs" wrap="nowrap" align="flex-start">
                <Select
                  aria-label={t('schedule.course')}
                  placeholder={t('schedule.pickCourse')}
                  data={courseData}
                  value={course.courseId}
                  onChange={(value) =>
                    setMilestone(m, (x) => ({
                      ...x,
                      courses: x.courses.map((y, i) => (i === c ? { ...y, courseId: value } : y)),
                    }))
                  }
                  searchable
                  error={errors[`milestones.${m}.courses.${c}.courseId`]}
                  style={{ flex: 1 }}
                  data-testid="roadmap-course-select"
                />
                <TextInput
                  aria-label={t('schedule.order')}
                  placeholder={t('schedule.order')}
                  w={80}
                  value={course.order}
                  onChange={(event) => {
                    const order = event.currentTarget.value;
                    setMilestone(m, (x) => ({
                      ...x,
                      courses: x.courses.map((y, i) => (i === c ? { ...y, order } : y)),
                    }));
                  }}
                  error={errors[`milestones.${m}.courses.${c}.order`]}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  disabled={milestone.courses.length === 1}
                  aria-label={t('schedule.removeCourse')}
                  onClick={() =>
                    setMilestone(m, (x) => ({ ...x, courses: x.courses.filter((_, i) => i !== c) }))
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              w="fit-content"
              onClick={() => setMilestone(m, (x) => ({ ...x, courses: [...x.courses, emptyCourse()] }))}
            >
              {t('schedule.addCourse')}
            </Button>
          </Stack>
        </Paper>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        w="fit-content"
        onClick={() => setDraft((d) => ({ ...d, milestones: [...d.milestones, emptyMilestone()] }))}
      >
        {t('schedule.addMilestone')}
      </Button>
      <Text fz="xs" c="dimmed">
        {t('schedule.starHint')}
      </Text>
    </Stack>
  );
}
