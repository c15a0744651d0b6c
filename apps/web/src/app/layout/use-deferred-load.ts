import { startTransition, useCallback, useState } from 'react';

/**
 * Whether a non-critical piece of the page (a header dropdown) should load now: when the user
 * reaches for it (`request`: the pointer or focus on its placeholder), not before — a page's
 * load fetches none of it (issue 21). The switch is a transition, so the placeholder stays on
 * screen (same element) until the real part is ready.
 */
export function useDeferredLoad(): [wanted: boolean, request: () => void] {
  const [wanted, setWanted] = useState(false);
  const request = useCallback(() => startTransition(() => setWanted(true)), []);
  return [wanted, request];
}
