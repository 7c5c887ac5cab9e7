/**
 * Makes the README's screenshot of the web app (docs/images/web-app.png): a
 * simulated bot records its scripted meeting on a fresh server, and a recording
 * page is captured while its audio plays from a clicked transcript line.
 * Run: `npx tsx scripts/readme-screenshot.ts` (needs chromium, espeak-ng and ffmpeg).
 */
import { execFileSync } from 'node:child_process'
import { renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { ROOT, waitFor } from '../test/support/cli.js'
import { CHROMIUM, signIn, startApp } from '../test/web/support.js'

const app = await startApp({ NOTETAKER_SIMULATED_SPEED: '2' })
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] })
try {
  const auth = { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json' }
  const sent = await fetch(`${app.url}/ext/v1/bots`, { method: 'POST', headers: auth, body: JSON.stringify({ joinUrl: 'https://meet.google.com/abc-defg-hij', title: 'Mobile launch planning' }) })
  const runId = ((await sent.json()) as { data: { runId: string } }).data.runId
  await waitFor(
    'the recording',
    async () => ((await (await fetch(`${app.url}/ext/v1/recordings/${runId}`, { headers: auth })).json()) as { data: { state: string } }).data.state,
    (s) => s === 'ready' || s === 'failed',
    240,
  )
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1200, height: 760 }, colorScheme: 'light' })
  const page = await context.newPage()
  await signIn(page, app)
  await page.goto(`/recordings/${runId}`)
  await page.locator('audio').waitFor()
  // The third line: far enough in that the highlight shows, near enough that the page's top holds it.
  await page.locator('.transcript button.line').nth(2).click()
  await page.waitForTimeout(1500)
  await page.locator('audio').evaluate((a: HTMLAudioElement) => a.pause())
  const out = join(ROOT, 'docs', 'images', 'web-app.png')
  await page.screenshot({ path: `${out}.full.png` })
  // 96 colours keep the page as it looks at a third of the bytes.
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', `${out}.full.png`, '-vf', 'split[a][b];[a]palettegen=max_colors=96:stats_mode=full[p];[b][p]paletteuse=dither=none', `${out}.tmp.png`])
  renameSync(`${out}.tmp.png`, out)
  rmSync(`${out}.full.png`)
  process.stdout.write('wrote docs/images/web-app.png\n')
} finally {
  await browser.close()
  await app.stop()
}
