import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what was live after the last full collection
 * before it collects again, in percent (decision 135). V8's own factor goes up to 4× on a large
 * machine: with some 60 MB live, the server's heap reached 180–220 MB under the bench load and its
 * RSS 400–520 MB, for no gain in speed. 30%: full collections come more often (mostly concurrent
 * marking), the heap stays near 100 MB.
 */
export const HEAP_GROWING_PERCENT = 30;

/**
 * Sets the heap growth for this process (the server's entry, never the tests', which share
 * processes), unless node was started with its own `--heap-growing-percent`.
 */
export function limitHeapGrowth(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS): void {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((arg) =>
    /^--heap[-_]growing[-_]percent/.test(arg),
  );
  if (!given) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
