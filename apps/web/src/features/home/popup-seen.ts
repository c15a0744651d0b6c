/** Shown at most once per visit (browser tab session). */
export const POPUP_SEEN_KEY = 'academy.welcomePopupSeen';

export function seenThisVisit(): boolean {
  try {
    return sessionStorage.getItem(POPUP_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}
