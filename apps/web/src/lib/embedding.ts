/** SPEC §1: when embedded in a frame, tell the parent whenever a modal opens or closes. */
export function announceModal(state: 'OPEN' | 'CLOSE'): void {
  if (window.parent === window) return;
  window.parent.postMessage({ action: 'MODAL', payload: state }, '*');
}
