import type { ScormFrameMessage } from '@academy/contract';
import { ActionIcon, Box, Button, Collapse, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconList, IconMaximize, IconMinimize, IconX } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentFrame } from './ContentFrame';
import classes from './PackagePlayer.module.css';

/**
 * The player of package content (decision 113): a frame on the content origin (ContentFrame) under
 * a toolbar with the part's title, full screen (the browser's, or the window where there is none)
 * and close; optionally navigation buttons before the title and an outline (beside the frame from
 * 62em, behind Contents on phones and in full screen). SCORM lessons (ScormLesson) and cmi5 lessons
 * (features/cmi5) play in it. Leaving it leaves full screen.
 */
export function PackagePlayer({
  url,
  title,
  titleTestId,
  onClose,
  onMessage,
  onReturn,
  navigation,
  outline,
}: {
  url: string;
  title: string;
  titleTestId?: string;
  onClose: () => void;
  /** SCORM runtime messages from this frame (scorm:commit, scorm:finish). */
  onMessage?: (message: ScormFrameMessage) => void;
  /** A cmi5 AU's return page said the AU is done (cmi5:return). */
  onReturn?: () => void;
  navigation?: ReactNode;
  outline?: ReactNode;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [contentsOpen, setContentsOpen] = useState(false);
  const player = useRef<HTMLDivElement>(null);
  const native = useRef(false);

  // Another part opened (from the contents on a phone): the contents fold away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL is the cue, not a value read here
  useEffect(() => setContentsOpen(false), [url]);

  const leaveFullScreen = useCallback(() => {
    if (native.current && document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    native.current = false;
    setExpanded(false);
  }, []);

  useEffect(() => () => leaveFullScreen(), [leaveFullScreen]);

  function toggleFullScreen() {
    if (expanded) return leaveFullScreen();
    setExpanded(true);
    // The browser's full screen where it has one for any element; else the player fills the window.
    const element = player.current;
    if (element?.requestFullscreen) {
      element
        .requestFullscreen()
        .then(() => {
          native.current = true;
        })
        .catch(() => {});
    }
  }

  useEffect(() => {
    if (!expanded) return;
    const onChange = () => {
      if (native.current && !document.fullscreenElement) {
        native.current = false;
        setExpanded(false);
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !native.current) setExpanded(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('keydown', onKey);
    };
  }, [expanded]);

  return (
    <Paper
      ref={player}
      withBorder={!expanded}
      radius={expanded ? 0 : 'md'}
      className={classes.player}
      data-expanded={expanded || undefined}
      data-testid="scorm-player"
    >
      <Group justify="space-between" gap={6} wrap="nowrap" className={classes.toolbar}>
        <Group gap={4} wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          {outline && (
            <Tooltip label={t('scorm.contents')}>
              <ActionIcon
                variant={contentsOpen ? 'light' : 'subtle'}
                color="brand.9"
                hiddenFrom={expanded ? undefined : 'md'}
                onClick={() => setContentsOpen((o) => !o)}
                aria-label={t('scorm.contents')}
                aria-expanded={contentsOpen}
                data-testid="scorm-contents-toggle"
              >
                <IconList size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {navigation}
          <Text fz="sm" fw={600} truncate data-testid={titleTestId}>
            {title}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            color="brand.9"
            leftSection={expanded ? <IconMinimize size={16} /> : <IconMaximize size={16} />}
            onClick={toggleFullScreen}
            aria-label={expanded ? t('scorm.exitFullScreen') : t('scorm.fullScreen')}
            data-testid="scorm-fullscreen"
          >
            <Text span fz="sm" visibleFrom="sm">
              {expanded ? t('scorm.exitFullScreen') : t('scorm.fullScreen')}
            </Text>
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} />}
            onClick={onClose}
            data-testid="scorm-close"
          >
            {t('common.close')}
          </Button>
        </Group>
      </Group>
      {outline && (
        <Collapse in={contentsOpen}>
          <Box className={classes.contentsPanel} hiddenFrom={expanded ? undefined : 'md'}>
            {outline}
          </Box>
        </Collapse>
      )}
      <div className={classes.body}>
        {outline && !expanded && (
          <Box className={classes.side} visibleFrom="md">
            {outline}
          </Box>
        )}
        <div className={classes.stage}>
          <ContentFrame
            key={url}
            url={url}
            title={title}
            height={expanded ? '100%' : 'clamp(360px, 72vh, 760px)'}
            onMessage={onMessage}
            onReturn={onReturn}
          />
        </div>
      </div>
    </Paper>
  );
}
