import { useCallback, useMemo, useState } from 'react';

/** The outcome of an action, shown in the result dialog; null while there is none. */
export type Result = { message: string; kind: 'success' | 'error' } | null;

export interface ResultState {
  result: Result;
  succeed: (message: string) => void;
  fail: (error: Error | string) => void;
  close: () => void;
}

/** Holds the result message of a page's actions (add, save, delete…). */
export function useResult(): ResultState {
  const [result, setResult] = useState<Result>(null);
  const succeed = useCallback((message: string) => setResult({ kind: 'success', message }), []);
  const fail = useCallback(
    (error: Error | string) =>
      setResult({ kind: 'error', message: typeof error === 'string' ? error : error.message }),
    [],
  );
  const close = useCallback(() => setResult(null), []);
  return useMemo(() => ({ result, succeed, fail, close }), [result, succeed, fail, close]);
}
