import type { Logger } from 'pino'
import type { BotEvent, BotJob } from '../../../src/core/ports/bot-runner.js'
import { wirePage } from './bindings.js'
import { launchBrowser, type BotBrowser } from './browser.js'
import { createEventSink } from './event-sink.js'
import { stayInCall } from './in-call.js'
import type { Interrupts } from './interrupt.js'
import { joinMeeting } from './join.js'
import type { SlotQueue } from './slot-queue.js'
import { PLATFORMS } from './platforms/index.js'

type Terminal = Extract<BotEvent, { type: 'left' | 'failed' }>
type Emit = (e: BotEvent) => void

export type BotPhase = 'queued' | 'starting' | 'joining' | 'waiting' | 'in_call' | 'leaving' | 'done'

/** What stats() shows of one bot; updated by the session as it goes. */
export interface SessionStatus {
  phase: BotPhase
  browserPid: number | null
}

/** Everything one run needs; durations already defaulted by the runner. */
export interface SessionSpec {
  readonly job: BotJob
  readonly onEvent: (e: BotEvent) => Promise<void>
  readonly slots: SlotQueue
  readonly interrupts: Interrupts
  readonly status: SessionStatus
  readonly logger: Logger
  readonly executablePath: string
  readonly chromiumArgs: ReadonlyArray<string>
  readonly profileRoot: string | undefined
  readonly admissionTimeoutMs: number
  readonly aloneTimeoutMs: number
  readonly maxDurationMs: number
  readonly pageTimeoutMs: number
  readonly chunkIntervalMs: number
}

const at = (): number => Date.now()
const crashed = (detail: string): Terminal => ({ type: 'failed', at: at(), reason: 'crashed', detail })

/**
 * One bot's whole life: wait for a slot, launch a browser, join, record, leave.
 * Whatever happens (a failure, a crash, a defect in this code), the browser is
 * disposed and the slot released before the single terminal event goes out.
 */
export const runSession = async (spec: SessionSpec): Promise<void> => {
  const log = spec.logger.child({ runId: spec.job.runId, platform: spec.job.platform })
  const sink = createEventSink((e) => {
    if (e.type === 'waiting') spec.status.phase = 'waiting'
    return spec.onEvent(e)
  }, log)
  let terminal: Terminal
  try {
    terminal = await inSlot(spec, log, sink.push)
  } catch (e) {
    log.error({ err: e }, 'the bot runner failed unexpectedly')
    terminal = crashed(`the bot runner failed: ${(e as Error).message}`)
  }
  spec.status.phase = 'done'
  if (terminal.type === 'left') log.info({ reason: terminal.reason }, `the bot left: ${terminal.detail}`)
  else log.warn({ reason: terminal.reason }, `the bot could not record: ${terminal.detail}`)
  await sink.end(terminal)
}

/** Waits in the FIFO queue for a slot (or a leave request), runs the bot, and frees the slot after its browser is gone. */
const inSlot = async (spec: SessionSpec, log: Logger, emit: Emit): Promise<Terminal> => {
  const ticket = spec.slots.request()
  if (spec.slots.queued > 0) log.info({ ahead: spec.slots.queued - 1 }, 'all bot slots are busy; waiting in the queue')
  const release = await Promise.race([ticket.granted, spec.interrupts.raised.then(() => null)])
  if (release === null) {
    if (!ticket.cancel()) (await ticket.granted)() // granted in the same instant: hand the slot straight back
    return { type: 'left', at: at(), reason: 'asked_to_leave', detail: 'asked to leave while waiting for a free bot slot; it never joined' }
  }
  try {
    return await withBrowser(spec, log, emit)
  } finally {
    release()
  }
}

const withBrowser = async (spec: SessionSpec, log: Logger, emit: Emit): Promise<Terminal> => {
  emit({ type: 'joining', at: at() })
  spec.status.phase = 'starting'
  let browser: BotBrowser
  try {
    const { executablePath, chromiumArgs: args, profileRoot } = spec
    browser = await launchBrowser({ executablePath, args, profileRoot, logger: log })
  } catch (e) {
    return crashed((e as Error).message)
  }
  spec.status.browserPid = browser.pid
  log.info({ browserPid: browser.pid }, 'started a browser for the bot')
  try {
    return await attend(spec, log, browser, emit)
  } catch (e) {
    const interrupt = spec.interrupts.current
    if (interrupt?.kind === 'crash') return crashed(interrupt.detail)
    log.error({ err: e }, 'the bot hit an unexpected error')
    return crashed(`unexpected error: ${(e as Error).message.split('\n')[0] ?? ''}`)
  } finally {
    spec.status.phase = 'leaving'
    await browser.dispose()
    spec.status.browserPid = null
    log.info('closed the bot browser and deleted its profile')
  }
}

const attend = async (spec: SessionSpec, log: Logger, browser: BotBrowser, emit: Emit): Promise<Terminal> => {
  const { interrupts, job } = spec
  // Unexpected deaths become interrupts; an exit during our own dispose comes after the outcome and changes nothing.
  void browser.exited.then(() =>
    interrupts.raise({ kind: 'crash', detail: `the browser exited unexpectedly (${browser.stderrTail() || 'no output'})` }),
  )
  browser.page.on('crash', () => interrupts.raise({ kind: 'crash', detail: 'the meeting page crashed' }))
  const fromInterrupt = (when: string): Terminal => {
    const i = interrupts.current
    return i?.kind === 'crash' ? crashed(i.detail) : { type: 'left', at: at(), reason: 'asked_to_leave', detail: `asked to leave ${when}` }
  }
  const profile = PLATFORMS[job.platform]
  const common = { page: browser.page, profile, emit, interrupts, log, pageTimeoutMs: spec.pageTimeoutMs }
  const state = await wirePage(browser.page, emit, log)
  spec.status.phase = 'joining'
  const joined = await joinMeeting({ ...common, joinUrl: job.joinUrl, botName: job.botName, admissionTimeoutMs: spec.admissionTimeoutMs })
  if (joined.kind === 'failed') return { type: 'failed', at: at(), reason: joined.reason, detail: joined.detail }
  if (joined.kind === 'interrupted') return fromInterrupt('before being admitted')
  spec.status.phase = 'in_call'
  const call = await stayInCall({
    ...common,
    botName: job.botName,
    state,
    aloneTimeoutMs: spec.aloneTimeoutMs,
    maxDurationMs: spec.maxDurationMs,
    chunkIntervalMs: spec.chunkIntervalMs,
  })
  return call.kind === 'left' ? { type: 'left', at: call.at, reason: call.reason, detail: call.detail } : fromInterrupt('during the call')
}
