import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** The WCAG 2.1 A and AA rules every page and dialog must pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * WCAG 2.1 rules axe marks experimental, so its tags alone leave them out: label in name (2.5.3), a control's
 * name beginning with the words it shows, as voice control needs (the day row's chips, src/components/booking/DayRow.tsx).
 */
export const EXPERIMENTAL_WCAG_RULES = ['label-content-name-mismatch']

/**
 * Runs axe-core on the page (or only inside `include`, a CSS selector such as '[role="dialog"]')
 * and fails with a readable list of the violations: rule, impact, help and the offending nodes.
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string } = {}): Promise<void> {
  // Colours are checked as drawn: in the middle of a colour transition (a day just chosen, 150 ms) axe would measure
  // a blend of the two. Transitions and animations that end are awaited; endless ones (a spinner) are not.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  let builder = new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((rule) => [rule, { enabled: true }])) })
    .withTags(WCAG_TAGS)
  if (options.include) builder = builder.include(options.include)
  const { violations } = await builder.analyze()
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`).join('\n'),
  )
  expect(report, `axe found ${violations.length} WCAG 2.1 AA violation(s) on ${page.url()}`).toEqual([])
}
