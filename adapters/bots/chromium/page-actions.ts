import type { Page } from 'playwright-core'
import { classifyPage, type Classified } from './page/classify.js'
import { pageScript } from './page-script.js'
import type { PageState, PlatformProfile } from './platforms/index.js'

/**
 * Small page steps shared by every platform; the platform module supplies the
 * selectors. Each step is best effort and bounded in time: a missing control is
 * an answer ("not there"), not an error.
 */

/** Which of the given states the page shows, checked in the order given. */
export const classify = async (
  page: Page,
  profile: PlatformProfile,
  states: ReadonlyArray<PageState>,
): Promise<(Classified & { state: PageState }) | null> => {
  const input = { states: states.map((s) => [s, profile.markers[s]] as const) }
  const result = (await page.evaluate(pageScript(classifyPage, input))) as Classified | null
  return result as (Classified & { state: PageState }) | null
}

export const isVisible = (page: Page, selector: string): Promise<boolean> =>
  page
    .locator(selector)
    .first()
    .isVisible()
    .catch(() => false)

/** Clicks the first match if it is visible now; true when it clicked. */
export const clickIfVisible = async (page: Page, selector: string | null, timeoutMs = 3_000): Promise<boolean> => {
  if (selector === null || !(await isVisible(page, selector))) return false
  return page
    .locator(selector)
    .first()
    .click({ timeout: timeoutMs })
    .then(() => true)
    .catch(() => false)
}

/** Waits up to timeoutMs for the control to show up, then clicks it; false if it never did. */
export const clickWhenVisible = async (page: Page, selector: string, timeoutMs: number): Promise<boolean> => {
  const target = page.locator(selector).first()
  return target
    .waitFor({ state: 'visible', timeout: timeoutMs })
    .then(() => target.click({ timeout: timeoutMs }))
    .then(() => true)
    .catch(() => false)
}

/** Fills the display name if the platform asks for one; true when it did. */
export const fillName = async (page: Page, selector: string, name: string): Promise<boolean> => {
  if (!(await isVisible(page, selector))) return false
  return page
    .locator(selector)
    .first()
    .fill(name, { timeout: 3_000 })
    .then(() => true)
    .catch(() => false)
}

/** A marker as words for a failure detail: the phrase in quotes, or the selector. */
export const describeMarker = (marker: string): string => (marker.startsWith('text=') ? `"${marker.slice(5)}"` : marker)
