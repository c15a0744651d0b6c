import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, settled } from './support';

/*
 * The accessibility check every journey can run on its page (accessibility.spec.ts runs it over
 * the whole product): axe-core, no serious or critical violation and no page-structure fault.
 */

/** A failing element: its selector, and for contrast its colours and ratio. */
function describe(node: { target: unknown[]; any: { data?: unknown }[] }): string {
  const data = node.any[0]?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number }
    | undefined;
  const colours = data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]` : '';
  return `${node.target.join(' ')}${colours}`;
}

/** Page structure faults axe rates moderate, held to as firmly as the serious ones. */
const STRUCTURE = new Set([
  'heading-order',
  'landmark-one-main',
  'page-has-heading-one',
  'landmark-unique',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'aria-allowed-role',
]);

/**
 * Runs axe on the page once `ready` shows, and records every serious or critical violation and
 * every structure fault. The experimental rule that the accessible name holds the visible label
 * (WCAG 2.5.3) runs too.
 */
export async function audit(page: Page, name: string, ready: Locator): Promise<void> {
  await expect(ready, name).toBeVisible();
  await settled(page);
  const results = await new AxeBuilder({ page })
    // axe.run in the page itself: the default mode also opens a blank page per audit to merge the
    // frames' results, about half of an audit's time here. The pages audited have no cross-origin
    // frame to test (the one a lesson has, YouTube, is cut off in the journeys).
    .setLegacyMode(true)
    // Only the violations are read: axe then keeps one node of the other kinds instead of all.
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const found = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || STRUCTURE.has(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map(describe).join(' | ')}`);
  expect.soft(found, `axe on ${name} (${page.url()})`).toEqual([]);
}
