import { type ReactNode, useEffect, useRef } from 'react';

const TABBABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** The focusable controls Tab stops at, in order (one radio stands for its group). */
function tabStops(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.getClientRects().length > 0,
  );
}

function sameStop(a: Element | null, b: HTMLElement | undefined): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  return (
    a instanceof HTMLInputElement && a.type === 'radio' && b instanceof HTMLInputElement && a.name === b.name
  );
}

/**
 * Keeps Tab and Shift+Tab inside its children: past the last control the focus comes back to the
 * first, and the other way round, instead of leaving the page for the browser's own bar. (In the
 * exam, focus leaving the page is leaving the exam, so a keyboard user must never be sent out.)
 */
export function FocusLoop({ children }: { children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const node = root.current;
      if (event.key !== 'Tab' || !node || event.defaultPrevented) return;
      // Only when the focus is in the page itself (a dialog traps its own focus).
      const active = document.activeElement;
      if (active && active !== document.body && !node.contains(active)) return;
      const stops = tabStops(node);
      const first = stops[0];
      const last = stops[stops.length - 1];
      const atEdge = event.shiftKey
        ? active === document.body || sameStop(active, first)
        : sameStop(active, last);
      if (!atEdge) return;
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return <div ref={root}>{children}</div>;
}
