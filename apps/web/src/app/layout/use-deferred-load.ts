import { startTransition, useCallback, useEffect, useState } from 'react';

/**
 * Whether a non-critical piece of the page (a header dropdown) should load now: once the browser
 * is idle after the first render, or at once when the user reaches for it (`request`). Keeps such
 * code out of the public pages' first load without making anyone wait for it. The switch is a
 * transition, so the placeholder stays on screen (same element) until the real part is ready.
 */
export function useDeferredLoad(): [wanted: boolean, request: () => void] {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const load = () => startTransition(() => setWanted(true));
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(load, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(load, 2000);
    return () => clearTimeout(id);
  }, [wanted]);
  const request = useCallback(() => startTransition(() => setWanted(true)), []);
  return [wanted, request];
}
