/**
 * What the browser tests share: a real `notetaker serve` on SQLite in a
 * temporary directory, Debian's Chromium driven by playwright-core, sign-in
 * with the first run's printed credentials, and the checks every page gets:
 * no script errors, no CSP violations, no request leaving the server, no
 * serious axe-core violation. Screenshots go to test/artifacts/ (git-ignored).
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { ROOT, serve, tempDir } from '../support/cli.js'

export const CHROMIUM = '/usr/bin/chromium'
export const ARTIFACTS = join(ROOT, 'test', 'artifacts')

export interface RunningApp {
  readonly url: string
  readonly output: string[]
  readonly dataDir: string
  readonly email: string
  readonly password: string
  readonly apiKey: string
  stop(): Promise<unknown>
}

/** The first start prints the owner's key and password (src/app/service/serve.ts firstRunBanner). */
const credentialsIn = (output: ReadonlyArray<string>) => {
  const text = output.join('\n')
  const signIn = /Sign in as (\S+) with password (\S+)/.exec(text)
  const key = /^\s+(ntk_\S+)$/m.exec(text)
  if (signIn === null || key === null) throw new Error(`the first start printed no credentials:\n${text}`)
  return { email: signIn[1] ?? '', password: signIn[2] ?? '', apiKey: key[1] ?? '' }
}

export const startApp = async (env: Record<string, string> = {}): Promise<RunningApp> => {
  const dataDir = tempDir('web')
  const running = await serve({ DATA_DIR: dataDir, NOTETAKER_STORE: 'sqlite', ...env })
  return { url: running.url, output: running.output, dataDir, ...credentialsIn(running.output), stop: running.stop }
}

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })

/** What went wrong in a page while a test drove it. */
export interface Watched {
  readonly page: Page
  readonly context: BrowserContext
  readonly problems: string[]
}

export interface PageOptions {
  readonly viewport?: { width: number; height: number }
  readonly colorScheme?: 'light' | 'dark'
  /** A phone: touch events and the mobile viewport. */
  readonly touch?: boolean
  /** Origins the page may also reach (a provider stand-in's consent page), whose self-signed certificate it accepts. */
  readonly alsoAllowed?: ReadonlyArray<string>
}

/** 390 × 844, a phone held upright, with touch. */
export const PHONE: PageOptions = { viewport: { width: 390, height: 844 }, touch: true }

/** A fresh browser context (its own cookies) and page, watched for errors, CSP reports and requests to other hosts. */
export const openPage = async (browser: Browser, app: Pick<RunningApp, 'url'>, options: PageOptions = {}): Promise<Watched> => {
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    ...(options.touch === true ? { hasTouch: true, isMobile: true } : {}),
    ...(options.alsoAllowed === undefined ? {} : { ignoreHTTPSErrors: true }),
  })
  const page = await context.newPage()
  const problems: string[] = []
  const origins = [new URL(app.url).origin, ...(options.alsoAllowed ?? [])]
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`))
  page.on('console', (m) => {
    // A refused request shows as a console error too; those the test provokes on purpose it reads from the page instead.
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of (401|403|404|409|422|429)/.test(m.text())) problems.push(`console error: ${m.text()}`)
  })
  page.on('request', (r) => {
    const u = r.url()
    if (!origins.some((o) => u.startsWith(`${o}/`) || u === o) && !u.startsWith('data:') && !u.startsWith('blob:')) problems.push(`request to another host: ${u}`)
  })
  return { page, context, problems }
}

export const signIn = async (page: Page, app: RunningApp): Promise<void> => {
  await page.goto('/')
  await page.getByLabel('Email').fill(app.email)
  await page.getByLabel('Password').fill(app.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await signedIn(page)
}

/** Signed in: Sign out is on the page (on a phone it waits behind the menu button, so it need not be visible). */
export const signedIn = (page: Page): Promise<void> => page.getByRole('button', { name: 'Sign out', includeHidden: true }).waitFor({ state: 'attached' })

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly nodes: ReadonlyArray<{ readonly target: ReadonlyArray<unknown> }>
}

/**
 * Runs axe-core in the page (evaluated through the DevTools protocol, which the
 * page's CSP does not govern) and answers its serious and critical violations,
 * each as one line naming the rule and the elements.
 */
export const seriousViolations = async (page: Page): Promise<string[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    return (await axe.run(document, { resultTypes: ['violations'] })).violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)
}

export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(ARTIFACTS, { recursive: true })
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true })
}
