import type { TResponsiveImage } from '@academy/contract';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { useAnnounceModal } from '../../lib/use-announce-modal';
import { POPUP_SEEN_KEY, seenThisVisit } from './popup-seen';

/** The welcome picture over the home page: closes with its button, Escape or a click outside. */
export function WelcomePopup({ image }: { image: TResponsiveImage }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(() => !seenThisVisit());
  useAnnounceModal(opened);
  const close = () => {
    try {
      sessionStorage.setItem(POPUP_SEEN_KEY, '1');
    } catch {
      // Private mode without storage: it simply shows again next time.
    }
    setOpened(false);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      size="auto"
      padding={0}
      radius="lg"
      title={t('home.welcomeTitle')}
      closeButtonProps={{ 'aria-label': t('home.closeWelcome') }}
      styles={{ header: { padding: '8px 12px', minHeight: 0 }, body: { padding: 0 } }}
      data-testid="welcome-popup"
    >
      <ResponsiveImage
        image={image}
        alt={t('home.welcomeTitle')}
        sizes="(max-width: 40em) 90vw, 560px"
        priority
        style={{ display: 'block', width: 'min(560px, 90vw)', height: 'auto' }}
      />
    </Modal>
  );
}

export default WelcomePopup;
