import {
  EXAM_MESSAGES,
  EXAM_TIMING,
  LIMITS,
  type TAnswerParsed,
  type TCheckAnswers,
  type TExamResult,
  type TExamState,
  type TLearnerQuestion,
  type TOpenAttempt,
} from '@academy/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Container,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconClock,
  IconEyeOff,
  IconLock,
  IconSend,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FocusLoop } from '../../components/FocusLoop';
import { ApiError } from '../../lib/api';
import {
  attemptResult,
  autosaveAnswers,
  checkAnswers,
  examQuestions,
  readLesson,
  recordExamEvent,
  startExam,
  submitExam,
  useExamState,
  useInvalidateAfterExam,
} from './api';
import { ExamResultView } from './ExamResultView';
import { lessonPagePath } from './paths';
import {
  type AnswerMap,
  answeredCount,
  formatCountdown,
  isAnswered,
  minutesAndSeconds,
  toAnswerMap,
  useCountdown,
} from './player';
import { QuestionView } from './QuestionView';

type Session = { attempt: TOpenAttempt; questions: TLearnerQuestion[]; receivedAt: number };
type Finished = { result: TExamResult; check: TCheckAnswers | null; timeUp: boolean };
type SubmitReason = 'SUBMIT' | 'TIME_UP' | 'TAB_LEFT' | 'PRINT_SCREEN';

/**
 * The exam player (hidden route under the topic, no header or footer): the start screen, the
 * running attempt with question navigation, the countdown to the server's deadline and autosave,
 * the anti-cheat rule, and the result screen. A separate lazy chunk.
 */
export function ExamPlayerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = Number(params.id);
  const topicId = Number(params.idThematic);
  const lessonId = Number(params.lessonId);
  const state = useExamState(lessonId);
  const invalidate = useInvalidateAfterExam();
  const [session, setSession] = useState<Session | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nextLessonPath, setNextLessonPath] = useState<string | null>(null);
  const resumed = useRef(false);
  const lessonPath = lessonPagePath(courseId, topicId, lessonId);

  const begin = useCallback(async () => {
    setStarting(true);
    setError(null);
    try {
      const attempt = await startExam(lessonId);
      const receivedAt = performance.now();
      const questions = await examQuestions(lessonId);
      setSession({ attempt, questions, receivedAt });
      setFinished(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      void state.refetch();
    } finally {
      setStarting(false);
    }
  }, [lessonId, state]);

  // A reload (or coming back) resumes the running attempt at once.
  useEffect(() => {
    if (resumed.current || !state.data?.openAttempt) return;
    resumed.current = true;
    void begin();
  }, [state.data, begin]);

  const finish = useCallback(
    async (attemptId: number, outcome: { result?: TExamResult; timeUp?: boolean }) => {
      const result = outcome.result ?? (await attemptResult(attemptId));
      const check = await checkAnswers(attemptId).catch(() => null);
      setFinished({ result, check, timeUp: outcome.timeUp ?? false });
      setSession(null);
      void invalidate();
      if (result.nextLessonId) {
        const next = await readLesson(result.nextLessonId).catch(() => null);
        setNextLessonPath(next ? lessonPagePath(next.courseId, next.topicId, next.id) : null);
      } else {
        setNextLessonPath(null);
      }
    },
    [invalidate],
  );

  const retake = useCallback(() => {
    setFinished(null);
    resumed.current = true;
    void state.refetch();
  }, [state]);

  let content: React.ReactNode;
  if (finished) {
    content = (
      <ExamResultView
        result={finished.result}
        check={finished.check}
        timeUp={finished.timeUp}
        lessonPath={lessonPath}
        nextLessonPath={nextLessonPath}
        onRetake={retake}
      />
    );
  } else if (state.error) {
    content = <Alert color="red">{state.error.message}</Alert>;
  } else if (!state.data || (state.data.openAttempt && !error)) {
    content = (
      <Center mih="50vh">
        <Loader />
      </Center>
    );
  } else {
    content = (
      <ExamIntro
        exam={state.data}
        starting={starting}
        error={error}
        lessonPath={lessonPath}
        onStart={begin}
      />
    );
  }

  if (session) {
    return (
      <Box mih="100vh" bg="var(--academy-subtle)">
        <ExamTaking key={session.attempt.id} session={session} onFinished={finish} />
      </Box>
    );
  }
  return (
    <Box mih="100vh" bg="var(--academy-subtle)">
      <Box component="header" bg="brand.9" c="white" py="sm">
        <Container size="lg">
          <Group justify="space-between" gap="xs">
            <Title order={1} fz="md" fw={700} lineClamp={1}>
              {state.data?.lessonName ?? t('exams.exam')}
            </Title>
            <Anchor component={Link} to={lessonPath} c="white" fz="sm">
              <Group gap={4} wrap="nowrap">
                <IconArrowLeft size={14} aria-hidden />
                {t('exams.backToLesson')}
              </Group>
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg" py="lg">
        {content}
      </Container>
    </Box>
  );
}

function ExamIntro({
  exam,
  starting,
  error,
  lessonPath,
  onStart,
}: {
  exam: TExamState;
  starting: boolean;
  error: string | null;
  lessonPath: string;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const blocked = exam.locked || exam.passed || exam.questionCount === 0;
  const allowance = (total: number) => {
    const { minutes, seconds } = minutesAndSeconds(total);
    return seconds > 0
      ? t('exams.minutesAndSeconds', { minutes, seconds })
      : t('exams.minutes', { count: minutes });
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720} mx="auto" data-testid="exam-intro">
      <Title order={2} c="var(--academy-ink)" mb="md">
        {exam.lessonName}
      </Title>
      {error && (
        <Alert color="red" mb="md" data-testid="exam-error">
          {error}
        </Alert>
      )}
      {exam.questionCount === 0 ? (
        <Alert color="orange">{EXAM_MESSAGES.noQuestions}</Alert>
      ) : (
        <List spacing={6} mb="md">
          <List.Item>{t('exams.questionCount', { count: exam.questionCount })}</List.Item>
          <List.Item data-testid="exam-time-note">
            {t('exams.timeLimitNote', { time: allowance(exam.allowedSeconds) })}
            {exam.accommodation && exam.accommodation.extraTimePercent > 0 && (
              <Text span c="dimmed">
                {' '}
                {t('exams.extraTimeNote', { percent: exam.accommodation.extraTimePercent })}
              </Text>
            )}
          </List.Item>
          <List.Item>{t('exams.requiredNoteLong', { count: exam.requiredCorrectAnswers })}</List.Item>
          {exam.attemptsLeft !== null && !exam.passed && (
            <List.Item>
              {t('exams.attemptsLeft', { count: exam.attemptsLeft })}
              {exam.accommodation && exam.accommodation.extraAttempts > 0 && (
                <Text span c="dimmed">
                  {' '}
                  {t('exams.extraAttemptsNote', { count: exam.accommodation.extraAttempts })}
                </Text>
              )}
            </List.Item>
          )}
          <List.Item data-testid="expired-rule">
            {t(exam.maxFailedAttempts > 0 ? 'exams.expiredRule' : 'exams.expiredRuleNoLock')}
          </List.Item>
          <List.Item>{t(`exams.reviewNote.${exam.answerReview}`)}</List.Item>
        </List>
      )}
      {exam.passed && (
        <Alert color="green" mb="md" data-testid="exam-already-passed">
          {EXAM_MESSAGES.alreadyPassed}
        </Alert>
      )}
      {exam.locked && (
        <Alert color="red" icon={<IconLock size={18} />} mb="md" data-testid="exam-locked">
          {EXAM_MESSAGES.locked}. {t('exams.lockedHint')}
        </Alert>
      )}
      {!blocked && exam.lastAttemptWarning && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          mb="md"
          data-testid="last-attempt-warning"
        >
          {EXAM_MESSAGES.lastAttemptWarning}
        </Alert>
      )}
      {!blocked && (
        <Alert
          color="brand.9"
          variant="light"
          icon={<IconEyeOff size={18} />}
          mb="md"
          title={t('exams.rulesTitle')}
        >
          {t('exams.rules')}
        </Alert>
      )}
      <Group>
        <Button component={Link} to={lessonPath} variant="default">
          {t('exams.backToLesson')}
        </Button>
        {!blocked && (
          <Button color="accent.6" onClick={onStart} loading={starting} data-testid="start-exam">
            {t('exams.start')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function ExamTaking({
  session,
  onFinished,
}: {
  session: Session;
  onFinished: (attemptId: number, outcome: { result?: TExamResult; timeUp?: boolean }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { attempt, questions } = session;
  const [answers, setAnswers] = useState<AnswerMap>(() => toAnswerMap(attempt.answers));
  const [current, setCurrent] = useState(0);
  const [saveState, setSaveState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [screenFlag, setScreenFlag] = useState(false);
  const [blurWarning, setBlurWarning] = useState(false);
  const [timeUp, setTimeUp] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const done = useRef(false);
  const leaving = useRef(false);
  const dirty = useRef(false);

  const submit = useCallback(
    async (reason: SubmitReason) => {
      if (done.current) return;
      done.current = true;
      setSubmitting(true);
      setConfirming(false);
      try {
        const result = await submitExam(attempt.id, Object.values(answersRef.current), reason);
        await onFinished(attempt.id, { result });
      } catch (e) {
        if (e instanceof ApiError && (e.status === 422 || e.status === 409)) {
          // Time ran out on the server (or the attempt was closed elsewhere): show what was kept.
          await onFinished(attempt.id, { timeUp: e.status === 422 }).catch(() => {});
          return;
        }
        done.current = false;
        setSubmitting(false);
        setFailure(e instanceof Error ? e.message : String(e));
      }
    },
    [attempt.id, onFinished],
  );

  // At 0:00 the attempt closes as EXPIRED, with the answers given so far (decision 87).
  const left = useCountdown(attempt.remainingSeconds, session.receivedAt, () => {
    setTimeUp(true);
    void submit('TIME_UP');
  });

  // Autosave a moment after the last change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of the answers restarts the wait
  useEffect(() => {
    if (!dirty.current) return;
    const timer = window.setTimeout(async () => {
      if (done.current) return;
      setSaveState('saving');
      try {
        await autosaveAnswers(attempt.id, Object.values(answersRef.current));
        dirty.current = false;
        setSaveState('saved');
      } catch (e) {
        if (e instanceof ApiError && (e.status === 422 || e.status === 409) && !done.current) {
          done.current = true;
          await onFinished(attempt.id, { timeUp: e.status === 422 }).catch(() => {});
          return;
        }
        setSaveState('error');
      }
    }, EXAM_TIMING.autosaveDelayMs);
    return () => window.clearTimeout(timer);
  }, [answers, attempt.id, onFinished]);

  // Anti-cheat: a hidden tab or PrintScreen submits at once; the window losing focus while the
  // tab stays visible is recorded and warned about (decision 90).
  useEffect(() => {
    const markLeaving = () => {
      leaving.current = true;
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden' && !leaving.current) void submit('TAB_LEFT');
    };
    const onBlur = () => {
      if (leaving.current || done.current || document.visibilityState !== 'visible') return;
      setBlurWarning(true);
      void recordExamEvent(attempt.id, 'WINDOW_BLUR').catch(() => {});
    };
    let flagTimer = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'PrintScreen') return;
      setScreenFlag(true);
      window.clearTimeout(flagTimer);
      flagTimer = window.setTimeout(() => setScreenFlag(false), LIMITS.printScreenFlagMs);
      void submit('PRINT_SCREEN');
    };
    window.addEventListener('beforeunload', markLeaving);
    window.addEventListener('pagehide', markLeaving);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('blur', onBlur);
    window.addEventListener('keyup', onKey);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('beforeunload', markLeaving);
      window.removeEventListener('pagehide', markLeaving);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('keyup', onKey);
      window.removeEventListener('keydown', onKey);
      window.clearTimeout(flagTimer);
    };
  }, [submit, attempt.id]);

  const setAnswer = (answer: TAnswerParsed) => {
    dirty.current = true;
    setAnswers((all) => ({ ...all, [answer.questionId]: answer }));
  };
  const blocked = (kind: 'COPY' | 'CONTEXT_MENU') => void recordExamEvent(attempt.id, kind).catch(() => {});
  const question = questions[current];
  const answered = answeredCount(questions, answers);
  const unanswered = questions.length - answered;
  const urgent = left <= 60;

  return (
    // Tab never takes the focus out of the page: that would submit the exam as left (decision 35).
    <FocusLoop>
      {/* The timer bar: the exam player has no site header or footer. */}
      <Box
        component="header"
        bg="brand.9"
        c="white"
        py="xs"
        style={{ position: 'sticky', top: 0, zIndex: 100 }}
        data-testid="exam-bar"
      >
        <Container size="lg">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={600} fz="sm" lineClamp={1} visibleFrom="xs">
              {t('exams.answeredOf', { answered, total: questions.length })}
            </Text>
            <Group gap={6} wrap="nowrap" data-testid="exam-timer" aria-live="off">
              <IconClock size={18} aria-hidden />
              <Text
                fw={800}
                fz="xl"
                c={urgent ? 'accent.5' : 'white'}
                ff="monospace"
                aria-label={t('exams.timeLeft')}
              >
                {formatCountdown(left)}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Text fz="xs" c="gray.3" visibleFrom="sm" data-testid="save-state">
                {saveState === 'saving'
                  ? t('exams.saving')
                  : saveState === 'saved'
                    ? t('exams.saved')
                    : saveState === 'error'
                      ? t('exams.saveFailed')
                      : ''}
              </Text>
              <Button
                color="accent.6"
                leftSection={<IconSend size={16} />}
                onClick={() => setConfirming(true)}
                loading={submitting}
                data-testid="submit-exam"
              >
                {t('exams.submit')}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>

      <Container component="main" size="lg" py="lg">
        <VisuallyHidden component="h1">{t('exams.exam')}</VisuallyHidden>
        {failure && (
          <Alert color="red" mb="md">
            {failure}
          </Alert>
        )}
        {blurWarning && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            mb="md"
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setBlurWarning(false)}
            title={t('exams.blurTitle')}
            data-testid="blur-warning"
          >
            {t('exams.blurWarning')}
          </Alert>
        )}

        <Box style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box style={{ flex: '1 1 480px', minWidth: 0 }}>
            {question && (
              <QuestionView
                question={question}
                total={questions.length}
                answer={answers[question.id]}
                onAnswer={setAnswer}
                onBlocked={blocked}
              />
            )}
            <Group justify="space-between" mt="md">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                disabled={current === 0}
                onClick={() => setCurrent((c) => c - 1)}
              >
                {t('exams.previous')}
              </Button>
              <Button
                variant="default"
                rightSection={<IconArrowRight size={16} />}
                disabled={current >= questions.length - 1}
                onClick={() => setCurrent((c) => c + 1)}
                data-testid="next-question"
              >
                {t('exams.next')}
              </Button>
            </Group>
          </Box>
          <Paper
            withBorder
            radius="md"
            p="md"
            style={{ flex: '1 1 240px', maxWidth: '100%' }}
            data-testid="question-nav"
          >
            <Text fw={700} c="var(--academy-ink)" fz="sm" mb="xs">
              {t('exams.questions')}
            </Text>
            <SimpleGrid cols={6} spacing={6} verticalSpacing={6}>
              {questions.map((q, index) => {
                const isCurrent = index === current;
                const has = isAnswered(q, answers[q.id]);
                return (
                  <UnstyledButton
                    key={q.id}
                    onClick={() => setCurrent(index)}
                    aria-label={t(has ? 'exams.navAnswered' : 'exams.navUnanswered', { n: index + 1 })}
                    aria-current={isCurrent ? 'step' : undefined}
                    data-state={isCurrent ? 'current' : has ? 'answered' : 'unanswered'}
                    style={{
                      height: 36,
                      borderRadius: 6,
                      textAlign: 'center',
                      fontWeight: 700,
                      fontSize: 14,
                      // The current question is orange: filled once answered, outlined until then.
                      // Colour roles set per scheme (decision 96), readable on light and dark.
                      background: has ? (isCurrent ? NAV.current : NAV.answered) : NAV.open,
                      color: has ? 'white' : isCurrent ? NAV.currentText : 'var(--academy-ink)',
                      border: `${isCurrent ? 2 : 1}px solid ${isCurrent ? NAV.currentText : has ? NAV.answered : NAV.openLine}`,
                    }}
                  >
                    {index + 1}
                  </UnstyledButton>
                );
              })}
            </SimpleGrid>
            <Stack gap={4} mt="sm">
              <Legend colour={NAV.current} label={t('exams.legendCurrent')} />
              <Legend colour={NAV.answered} label={t('exams.legendAnswered')} />
              <Legend colour={NAV.open} border={NAV.openLine} label={t('exams.legendUnanswered')} />
            </Stack>
            {attempt.lastAttempt && (
              <Alert color="orange" mt="sm" p="xs" icon={<IconAlertTriangle size={16} />}>
                <Text fz="xs">{EXAM_MESSAGES.lastAttemptWarning}</Text>
              </Alert>
            )}
          </Paper>
        </Box>
      </Container>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('exams.submitTitle')} centered>
        <Text mb="md">
          {unanswered > 0 ? t('exams.submitUnanswered', { count: unanswered }) : t('exams.submitAll')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="accent.6"
            onClick={() => void submit('SUBMIT')}
            loading={submitting}
            data-testid="confirm-submit"
          >
            {t('exams.submit')}
          </Button>
        </Group>
      </Modal>

      {timeUp && (
        <Box
          pos="fixed"
          inset={0}
          bg="brand.9"
          c="white"
          style={{ zIndex: 2000, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          role="alert"
          data-testid="time-up-screen"
        >
          <Stack align="center" gap="xs" px="md">
            <IconClock size={48} aria-hidden />
            <Text fw={800} fz={28} ta="center">
              {t('exams.timeUpTitle')}
            </Text>
            <Text ta="center">{t('exams.timeUpClosing')}</Text>
          </Stack>
        </Box>
      )}

      {/* After PrintScreen the questions are hidden; the flag clears 3 s after the key press. */}
      {screenFlag && (
        <Box
          pos="fixed"
          inset={0}
          bg="brand.9"
          c="white"
          style={{ zIndex: 2000, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          data-testid="screen-flag"
        >
          <Text fw={700} fz="xl" ta="center" px="md">
            {EXAM_MESSAGES.cheatingWarning}
          </Text>
        </Box>
      )}
    </FocusLoop>
  );
}

/** The question navigation's colours: the theme's roles (app/theme.ts), never literals. */
const NAV = {
  /** Filled with white text: 5.4:1 (the deeper orange, as buttons use it). */
  current: 'var(--mantine-color-accent-6)',
  /** The current question's number and outline before it is answered. */
  currentText: 'var(--academy-accent-text)',
  answered: 'var(--academy-answered)',
  open: 'var(--academy-surface)',
  openLine: 'var(--academy-control-line)',
} as const;

function Legend({ colour, border, label }: { colour: string; border?: string; label: string }) {
  return (
    <Group gap={6}>
      <Box
        w={14}
        h={14}
        style={{ background: colour, border: `1px solid ${border ?? colour}`, borderRadius: 3 }}
      />
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}

export default ExamPlayerPage;
