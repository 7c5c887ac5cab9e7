/**
 * Runs inside the page: tells which known state the page is in, checking the
 * states in the given order and returning the first with a marker on screen.
 * A marker is a CSS selector (matching a visible element) or `text=<phrase>`
 * (case-insensitive, in the page's visible text). One round trip per check.
 *
 * Self-contained on purpose: it is serialised with pageScript().
 */
export interface ClassifyInput {
  readonly states: ReadonlyArray<readonly [state: string, markers: ReadonlyArray<string>]>
}

export interface Classified {
  readonly state: string
  readonly marker: string
}

export function classifyPage(input: ClassifyInput): Classified | null {
  // Typographic apostrophes and odd spaces are folded so "You’ve" matches "You've".
  const fold = (s: string): string => s.replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ').toLowerCase()
  const text = fold(document.body?.innerText ?? '')
  const visible = (selector: string): boolean => {
    try {
      return Array.from(document.querySelectorAll(selector)).some((el) => el.getClientRects().length > 0)
    } catch {
      return false
    }
  }
  for (const [state, markers] of input.states) {
    for (const marker of markers) {
      const hit = marker.startsWith('text=') ? text.includes(fold(marker.slice(5))) : visible(marker)
      if (hit) return { state, marker }
    }
  }
  return null
}
