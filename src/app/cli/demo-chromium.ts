/**
 * `notetaker demo chromium`: the Chromium bot through the whole service, on
 * this machine alone. It starts the local stand-ins of Zoom, Google Meet and
 * Microsoft Teams (adapters/bots/chromium/standins, the ones the bot's tests
 * use), starts Notetaker on SQLite in a temporary folder with the Chromium bot
 * routed to them, sends a bot into each meeting with `POST /bots`, prints each
 * bot's state as it changes, then each recording's short summary and
 * transcript length, and stops everything (Ctrl-C stops it cleanly too).
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import pino from 'pino'
import { createChromiumBotRunner, type ChromiumBotRunner } from '../../../adapters/bots/chromium/index.js'
import { startStandins, type Standins } from '../../../adapters/bots/chromium/standins/server.js'
import { onPath } from '../../../adapters/system/on-path.js'
import type { MeetingPlatform } from '../../core/ports/bot-runner.js'
import { buildCore } from '../../core/build-core.js'
import { openAdapters, type OpenedAdapters } from '../composition/adapters.js'
import { loadConfig } from '../config/index.js'
import { startServer, type Running } from '../service/serve.js'

export const CHROMIUM = '/usr/bin/chromium'

export interface DemoOptions {
  /** Leave Notetaker and the stand-ins running at the end, with the URL and keys printed, until Ctrl-C. */
  readonly keep: boolean
  /** The browser; Debian's by default. */
  readonly executablePath?: string
  /** Longest the three bots may take from being sent to their notes. Default 3 minutes. */
  readonly timeoutMs?: number
  /** Where the demo's lines go; standard output by default. */
  readonly write?: (line: string) => void
}

interface Meeting {
  readonly platform: MeetingPlatform
  readonly label: string
  readonly id: string
  readonly email: string
  readonly title: string
  readonly lines: ReadonlyArray<{ readonly speaker: string; readonly text: string }>
}

const ALICE = { name: 'Alice Example', voice: 'en-us+f3' }
const BOB = { name: 'Bob Example', voice: 'en-us+m3' }

const MEETINGS: ReadonlyArray<Meeting> = [
  {
    platform: 'zoom',
    label: 'Zoom',
    id: '85012345678',
    email: 'zoom@demo.localhost',
    title: 'Design review (Zoom stand-in)',
    lines: [
      { speaker: ALICE.name, text: 'Let us review the new sign up page.' },
      { speaker: BOB.name, text: 'I will send the updated mockups by Thursday.' },
      { speaker: ALICE.name, text: 'Good, then we test it with users next week.' },
    ],
  },
  {
    platform: 'google_meet',
    label: 'Google Meet',
    id: 'abc-defg-hij',
    email: 'meet@demo.localhost',
    title: 'Budget check (Google Meet stand-in)',
    lines: [
      { speaker: ALICE.name, text: 'Good morning, let us look at the budget.' },
      { speaker: BOB.name, text: 'The numbers look fine. I will send the report by Friday.' },
      { speaker: ALICE.name, text: 'Great, then we ship on Friday.' },
    ],
  },
  {
    platform: 'microsoft_teams',
    label: 'Microsoft Teams',
    id: 'standinDemo',
    email: 'teams@demo.localhost',
    title: 'Release planning (Teams stand-in)',
    lines: [
      { speaker: BOB.name, text: 'The release branch is ready for testing.' },
      { speaker: ALICE.name, text: 'Bob, please write the release notes by Monday.' },
      { speaker: BOB.name, text: 'Yes, I will write them on Monday.' },
    ],
  },
]

/** What each state means, said from the bot's side. */
const SAYS: Readonly<Record<string, string>> = {
  queued: 'queued, waiting for a free bot slot',
  joining: 'joining: Chromium is opening the meeting link',
  waiting_room: 'in the waiting room, waiting to be admitted',
  recording: 'admitted, recording',
  stored: 'left the meeting; the recording is stored',
  transcribing: 'reading the transcript (the captions it saw)',
  analysing: 'making the notes',
  ready: 'ready: the notes can be read',
  failed: 'failed',
  cancelled: 'cancelled',
}

/** One line saying what to install, or null when everything the demo needs is here. */
export const missingPrerequisites = (executablePath: string): string | null => {
  const missing = [
    ...(existsSync(executablePath) ? [] : [{ what: executablePath, pkg: 'chromium' }]),
    ...(onPath('espeak-ng') ? [] : [{ what: 'espeak-ng', pkg: 'espeak-ng' }]),
    ...(onPath('openssl') ? [] : [{ what: 'openssl', pkg: 'openssl' }]),
  ]
  if (missing.length === 0) return null
  return `notetaker demo chromium needs ${missing.map((m) => m.what).join(' and ')} (Debian's Chromium, and the stand-ins' voices and certificate): sudo apt-get install ${missing.map((m) => m.pkg).join(' ')}`
}

const pad = (label: string) => label.padEnd(16)

/** Waits ms, or less when the signal aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })

/** Runs the demo; resolves with the exit code (0 when every bot's recording was made, 130 after Ctrl-C). */
export const demoChromium = async (options: DemoOptions): Promise<number> => {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`))
  const executablePath = options.executablePath ?? CHROMIUM
  const missing = missingPrerequisites(executablePath)
  if (missing !== null) {
    process.stderr.write(`${missing}\n`)
    return 1
  }

  const stop = new AbortController()
  let signals = 0
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1
    if (signals > 1) process.exit(130) // a second Ctrl-C: stop now, without cleaning up
    write(`\n${signal}: stopping (the bots leave the meetings, then everything is removed; Ctrl-C again to stop at once)`)
    stop.abort()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)

  let sentAt = Date.now()
  const at = () => `[${((Date.now() - sentAt) / 1000).toFixed(1).padStart(5)} s]`
  const dir = await mkdtemp(join(tmpdir(), 'notetaker-demo-'))
  let standins: Standins | null = null
  let runner: ChromiumBotRunner | null = null
  let opened: OpenedAdapters | null = null
  let running: Running | null = null
  let code = 0
  try {
    write('Starting the stand-ins of Zoom, Google Meet and Microsoft Teams (local pages that behave like theirs)...')
    standins = await startStandins()
    const links = new Map<MeetingPlatform, string>()
    for (const m of MEETINGS) {
      const { joinUrl } = await standins.script(m.platform, m.id, {
        admission: { kind: 'admit', afterMs: 1_500 },
        participants: [ALICE, BOB],
        lines: m.lines,
        // Teams' captions are turned on through a menu: on a busy machine that takes a couple of seconds,
        // and like the real platform the stand-in shows no caption of what was said before.
        firstLineAfterMs: 3_000,
        gapMs: 700,
        ending: { kind: 'hostEnds', afterMs: 800 },
      })
      links.set(m.platform, joinUrl)
    }
    write(`  they answer for ${['zoom.us', 'meet.google.com', 'teams.microsoft.com'].join(', ')} on https://127.0.0.1:${standins.port}; Chromium is routed there, the internet is never reached`)
    if (stop.signal.aborted) return (code = 130)

    const env: Record<string, string> = {
      DATA_DIR: join(dir, 'data'),
      NOTETAKER_STORE: 'sqlite',
      HOST: '127.0.0.1',
      PORT: '0',
      NOTETAKER_BOT: 'chromium',
      NOTETAKER_BOT_SLOTS: String(MEETINGS.length),
      NOTETAKER_BOT_ADMISSION_MINUTES: '1',
      NOTETAKER_BOT_MAX_HOURS: '1',
      LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
    }
    const config = loadConfig(env)
    if (E.isLeft(config)) throw new Error(`the demo's configuration is not valid: ${config.left.join('; ')}`)
    // Warnings and errors only, on standard error: standard output is the demo's story.
    const logger = pino({ level: config.right.LOG_LEVEL, base: { service: 'notetaker' } }, pino.destination({ dest: 2, sync: true }))
    await mkdir(join(dir, 'profiles'), { recursive: true })
    runner = createChromiumBotRunner({
      executablePath,
      logger,
      botName: config.right.NOTETAKER_BOT_NAME,
      admissionTimeoutMs: 60_000,
      aloneTimeoutMs: 30_000,
      maxDurationMs: 5 * 60_000,
      maxConcurrentBots: MEETINGS.length,
      hostResolverRules: standins.hostResolverRules,
      ignoreCertificateErrors: true,
      profileRoot: join(dir, 'profiles'),
    })
    opened = await openAdapters(config.right, { migrate: true, logger })
    // The service as `notetaker serve` runs it, but with a bot runner that reaches the stand-ins.
    const ports = { ...opened.ports, botRunner: runner }
    // An account has one live bot at a time, so each platform's bot is sent by an account of its own.
    const core = buildCore(ports)
    const keys = new Map<MeetingPlatform, string>()
    for (const m of MEETINGS) {
      // The first is the server's administrator, as a first start's account is (the start warns when there is none).
      const serverAdmin = m === MEETINGS[0]
      const account = await core.identity.createAccount({ name: `${m.label} demo`, email: m.email, planKey: config.right.NOTETAKER_DEFAULT_PLAN, organizationName: null, serverAdmin })()
      if (E.isLeft(account)) throw new Error(`could not create the account ${m.email}: ${JSON.stringify(account.left)}`)
      const key = await core.identity.issueApiKey({ accountId: account.right.id, name: 'demo', access: 'full', organizationWide: false, expiresInDays: null })()
      if (E.isLeft(key)) throw new Error(`could not create a key for ${m.email}: ${JSON.stringify(key.left)}`)
      keys.set(m.platform, key.right.plaintext)
    }
    running = await startServer(config.right, logger, { ...opened, ports })
    const base = `${running.url}/ext/v1`
    write(`Notetaker is serving ${base} with the Chromium bot (SQLite in ${env['DATA_DIR']})`)
    if (stop.signal.aborted) return (code = 130)

    const api = async (platform: MeetingPlatform, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${keys.get(platform)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const json = (await res.json()) as { data?: Record<string, unknown>; error?: { message?: string } }
      if (!res.ok || json.data === undefined) throw new Error(`${method} ${path} answered ${res.status}: ${json.error?.message ?? JSON.stringify(json)}`)
      return json.data
    }

    write('Sending a bot into each meeting (POST /bots; the times below count from here):')
    sentAt = Date.now()
    const runs = new Map<MeetingPlatform, string>()
    for (const m of MEETINGS) {
      const bot = await api(m.platform, 'POST', '/bots', { joinUrl: links.get(m.platform), title: m.title })
      runs.set(m.platform, String(bot['runId']))
      write(`  ${pad(m.label)} ${links.get(m.platform)}`)
    }

    // Each bot's state, as GET /recordings/{runId} answers it, printed when it changes.
    const deadline = sentAt + (options.timeoutMs ?? 180_000)
    const last = new Map<MeetingPlatform, string>()
    const said = new Map<MeetingPlatform, string>()
    const finished = (state: string | undefined) => state === 'ready' || state === 'failed' || state === 'cancelled'
    while (!MEETINGS.every((m) => finished(last.get(m.platform))) && !stop.signal.aborted && Date.now() < deadline) {
      for (const m of MEETINGS) {
        if (finished(last.get(m.platform))) continue
        const r = await api(m.platform, 'GET', `/recordings/${runs.get(m.platform)}`)
        const state = String(r['state'])
        if (state === last.get(m.platform)) continue
        last.set(m.platform, state)
        // The run's detail (why it left, why it failed) is said once, with the state that brought it.
        const detail = typeof r['detail'] === 'string' && r['detail'] !== '' && r['detail'] !== said.get(m.platform) ? r['detail'] : null
        if (detail !== null) said.set(m.platform, detail)
        write(`${at()} ${pad(`${m.label}:`)} ${SAYS[state] ?? state}${detail === null ? '' : ` (${detail})`}`)
      }
      await pause(300, stop.signal)
    }
    if (stop.signal.aborted) return (code = 130)
    const late = MEETINGS.filter((m) => !finished(last.get(m.platform)))
    if (late.length > 0) {
      write(`${late.map((m) => m.label).join(', ')} did not finish within ${Math.round((options.timeoutMs ?? 180_000) / 1000)} s`)
      code = 1
    }

    write('The recordings:')
    for (const m of MEETINGS) {
      const r = await api(m.platform, 'GET', `/recordings/${runs.get(m.platform)}?include=transcript`)
      if (r['state'] !== 'ready') {
        write(`  ${pad(m.label)} ${String(r['state'])}${typeof r['detail'] === 'string' ? `: ${r['detail']}` : ''}`)
        code = 1
        continue
      }
      const speakers = (r['speakers'] as Array<{ name: string }>).map((s) => s.name)
      write(`  ${pad(m.label)} "${String(r['title'])}": waited ${String(r['waitedSeconds'])} s to be admitted, recorded ${String(r['recordingSeconds'])} s`)
      write(`  ${pad('')} summary: ${String(r['shortSummary'])}`)
      write(`  ${pad('')} transcript: ${String(r['transcriptTotal'])} utterances by ${speakers.join(' and ')}`)
    }

    if (options.keep && !stop.signal.aborted) {
      write('')
      write(`Notetaker keeps running at ${base}, with the stand-ins; Ctrl-C stops both and removes ${dir}.`)
      write('The accounts and their keys:')
      for (const m of MEETINGS) write(`  ${pad(m.email)} ${keys.get(m.platform)}`)
      write('Try it:')
      write(`  curl -H "Authorization: Bearer ${keys.get('google_meet')}" "${base}/recordings/${runs.get('google_meet')}?include=transcript"`)
      await new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }))
    }
    return code
  } catch (e) {
    if (stop.signal.aborted) return (code = 130)
    code = 1
    throw e
  } finally {
    write('Stopping Notetaker and the stand-ins...')
    const step = (what: string, task: Promise<unknown> | undefined) =>
      Promise.resolve(task).catch((e: unknown) => write(`  could not ${what}: ${(e as Error).message ?? String(e)}`))
    // Stopping the server stops its worker (the bots leave) and closes the stores.
    if (running !== null) await step('stop Notetaker', running.stop())
    else await opened?.close().catch(() => {}) // a start that failed part-way may have closed them already
    await step('stop the bots', runner?.close())
    await step('stop the stand-ins', standins?.close())
    await step(`remove ${dir}`, rm(dir, { recursive: true, force: true }))
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    write(code === 0 ? 'Done.' : 'Stopped.')
  }
}
