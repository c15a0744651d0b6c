import { MessageDialog } from '../MessageDialog';
import type { ResultState } from './result';

/** The message dialog bound to a page's result state. */
export function ResultDialog({ state }: { state: ResultState }) {
  return (
    <MessageDialog message={state.result?.message ?? null} kind={state.result?.kind} onClose={state.close} />
  );
}
