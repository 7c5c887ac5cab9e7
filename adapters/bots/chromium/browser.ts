import { chromium, type Browser, type Page } from 'playwright-core'
import { spawnChromium, within, type SpawnSpec } from './chromium-process.js'

/**
 * One bot's browser: a Chromium we spawn ourselves (so we own its process group
 * and its profile), driven over the DevTools protocol by Playwright.
 */
export interface BotBrowser {
  readonly pid: number
  readonly page: Page
  /** Settles when the browser process exits, for whatever reason. */
  readonly exited: Promise<void>
  /** The last lines Chromium wrote to stderr, for failure details. */
  stderrTail(): string
  /** Closes the browser, kills whatever is left of its processes and deletes the profile. Never throws. */
  dispose(): Promise<void>
}

const CONNECT_TIMEOUT_MS = 20_000
const GRACE_MS = 3_000

/** Starts Chromium with a fresh profile and opens its first page; on failure nothing is left running. */
export const launchBrowser = async (spec: SpawnSpec): Promise<BotBrowser> => {
  const proc = await spawnChromium(spec)
  let browser: Browser
  let page: Page
  try {
    browser = await chromium.connectOverCDP(await proc.devtoolsUrl, { timeout: CONNECT_TIMEOUT_MS })
    const context = browser.contexts()[0] ?? (await browser.newContext())
    page = context.pages()[0] ?? (await context.newPage())
  } catch (e) {
    await proc.reap()
    throw new Error(`could not drive Chromium at ${spec.executablePath}: ${(e as Error).message.split('\n')[0] ?? ''}`)
  }
  let exited = false
  void proc.exited.then(() => (exited = true))
  let disposed: Promise<void> | null = null
  return {
    pid: proc.pid,
    page,
    exited: proc.exited,
    stderrTail: proc.stderrTail,
    dispose: () => {
      disposed ??= (async () => {
        // Ask politely first (Chromium flushes and exits cleanly); whatever is left after that is killed.
        if (!exited) {
          const closing = browser
            .newBrowserCDPSession()
            .then((s) => s.send('Browser.close'))
            .catch(() => undefined)
          await within(closing, GRACE_MS)
          await within(proc.exited, GRACE_MS)
        }
        await browser.close().catch(() => undefined)
        await proc.reap()
      })()
      return disposed
    },
  }
}
