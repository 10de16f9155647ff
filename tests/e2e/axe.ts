/**
 * axe-core checks of the end-to-end tests: the WCAG 2.1 A and AA rules on the page as it is now.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The axe-core tags checked: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The WCAG 2.1 AA violations on `page`, one line per rule: `rule-id: selector, selector…`
 * (an empty list when there are none).
 *
 * - `resultTypes: ['violations']`: axe still runs every rule on every element, but keeps one
 *   example node of the passes, incomplete and inapplicable results instead of all of them, which
 *   nobody reads here; the violations are complete.
 * - Legacy mode: axe runs and aggregates in the page itself. The default opens a second, blank page
 *   for every check to aggregate the results of cross-origin frames, which the shop's pages do not
 *   have. Together a third less CPU for the storefront checks (docs/benchmarks.md).
 *
 * `options()` replaces the options object, so it comes before `withTags()`, which adds `runOnly`
 * to it (the other way round, every axe rule would run, best practices included).
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .setLegacyMode()
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
