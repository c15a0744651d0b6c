// The one table every benchmark reports into: scenario | p50 ms | p99 ms | throughput | memory |
// budget | result. A row's `ok` decides the exit code; the columns are display strings.

/**
 * One row. `memory` is the server's resident memory (peak while the scenario ran, or its growth
 * when the scenario says so) or, for bundles, the gzipped size. `result` replaces the plain
 * pass/FAIL when a passing row needs to say more.
 */
export function row({ group, scenario, p50, p99, throughput, memory, budget, ok, note, result }) {
  return {
    group,
    scenario,
    'p50 ms': p50 === undefined || p50 === null ? '–' : Math.round(p50),
    'p99 ms': p99 === undefined || p99 === null ? '–' : Math.round(p99),
    throughput: throughput ?? '–',
    'memory / size': memory ?? '–',
    budget,
    result: result ?? (ok ? 'pass' : 'FAIL'),
    ok,
    ...(note ? { note } : {}),
  };
}

export const mb = (value) => `${Math.round(value)} MB`;

/** A latency percentile (1–100) of a list of milliseconds. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const COLUMNS = ['scenario', 'p50 ms', 'p99 ms', 'throughput', 'memory / size', 'budget', 'result'];

/** The table as Markdown (what docs/performance.md holds), grouped rows in run order. */
export function markdownTable(rows) {
  const cell = (value) => String(value).replaceAll('|', '\\|');
  const lines = [
    `| ${COLUMNS.join(' | ')} |`,
    `|${COLUMNS.map((c) => (c.endsWith('ms') ? '---:' : '---')).join('|')}|`,
  ];
  for (const r of rows)
    lines.push(
      `| ${COLUMNS.map((c) => cell(c === 'scenario' ? `${r.group}: ${r.scenario}` : r[c])).join(' | ')} |`,
    );
  return lines.join('\n');
}

/** Prints the table and the notes under it; returns whether every row passed. */
export function printTable(rows) {
  console.log(markdownTable(rows));
  for (const r of rows.filter((r) => r.note)) console.log(`  ${r.group}: ${r.scenario}: ${r.note}`);
  return rows.every((r) => r.ok);
}
