import { useEffect, useRef } from 'react';
import { announceModal } from './embedding';

/** Tells an embedding parent window when a dialog opens and closes (SPEC §1). */
export function useAnnounceModal(opened: boolean): void {
  const previous = useRef(false);
  useEffect(() => {
    if (opened === previous.current) return;
    previous.current = opened;
    announceModal(opened ? 'OPEN' : 'CLOSE');
  }, [opened]);
}
