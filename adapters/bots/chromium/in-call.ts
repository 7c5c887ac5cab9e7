import type { Page } from 'playwright-core'
import type { Logger } from 'pino'
import type { BotEvent, LeaveReason } from '../../../src/core/ports/bot-runner.js'
import { CAPTURE_GLOBAL, WATCH_GLOBAL, EVENT_BINDING, type CallState } from './bindings.js'
import type { Interrupts } from './interrupt.js'
import { classify, clickIfVisible, clickWhenVisible, describeMarker } from './page-actions.js'
import { startWatching } from './page/watchers.js'
import { pageScript } from './page-script.js'
import type { PlatformProfile } from './platforms/index.js'

export interface CallContext {
  readonly page: Page
  readonly profile: PlatformProfile
  readonly botName: string
  readonly state: CallState
  readonly emit: (e: BotEvent) => void
  readonly interrupts: Interrupts
  readonly log: Logger
  readonly aloneTimeoutMs: number
  readonly maxDurationMs: number
  readonly pageTimeoutMs: number
  readonly chunkIntervalMs: number
}

/** `at`: when the bot decided to leave (the end of the recording), before hanging up. */
export type CallOutcome =
  | { readonly kind: 'left'; readonly reason: LeaveReason; readonly detail: string; readonly at: number }
  | { readonly kind: 'interrupted' }

const POLL_MS = 500
/** A growing caption line is shown live at most this often per line (a line is one speaker's). */
const PARTIAL_EVERY_MS = 250
/** A caption line that has not changed for this long is finished (its words reach live clients without waiting for the next line). */
const SETTLE_MS = 1_000
const DISMISS_EVERY_MS = 2_000
const CAPTIONS_STEP_TIMEOUT_MS = 2_000
const WRAP_UP_STEP_MS = 5_000

const seconds = (ms: number): number => Math.round(ms / 1000)
const bounded = <T>(p: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([p.catch(() => undefined), new Promise<undefined>((r) => setTimeout(r, ms))])

/**
 * The call itself: starts recording (admission is the zero of every offset),
 * turns captions on, watches speakers and participants, and decides when to
 * leave: meeting ended, removed, alone too long, maximum duration, or asked to.
 */
export const stayInCall = async (ctx: CallContext): Promise<CallOutcome> => {
  const { page, profile, state, log, interrupts } = ctx
  const admittedAt = (await page.evaluate(`window.${CAPTURE_GLOBAL}.start(${ctx.chunkIntervalMs})`)) as number
  state.admittedAt = admittedAt
  ctx.emit({ type: 'admitted', at: admittedAt })
  log.info('recording the meeting audio')
  await page.evaluate(
    pageScript(startWatching, { ...profile.watch, globalName: WATCH_GLOBAL, eventBinding: EVENT_BINDING, botName: ctx.botName, throttleMs: 150, partialEveryMs: PARTIAL_EVERY_MS, settleMs: SETTLE_MS }),
  )
  // Captions are a bonus: turn them on alongside the watch loop rather than delaying it.
  const captions = enableCaptions(ctx)

  let lastInCallAt = Date.now()
  let lastDismissAt = 0
  let outcome: CallOutcome | null = null
  while (outcome === null && interrupts.current === null) {
    const now = Date.now()
    const seen = await classify(page, profile, ['removed', 'ended', 'inCall']).catch(() => null)
    if (interrupts.current !== null) break
    if (seen?.state === 'inCall') lastInCallAt = now
    if (seen?.state === 'removed') outcome = left('removed', `a participant removed the bot: ${profile.label} showed ${describeMarker(seen.marker)}`)
    else if (seen?.state === 'ended') outcome = left('meeting_ended', `the meeting ended: ${profile.label} showed ${describeMarker(seen.marker)}`)
    // Controls can hide while idle, so only a screen with neither call controls nor anyone to count counts as gone.
    else if (now - lastInCallAt > ctx.pageTimeoutMs && state.others === null) {
      outcome = left('meeting_ended', `the call screen went away ${seconds(now - lastInCallAt)} s ago (now at ${page.url()})`)
    }
    else if (now - admittedAt >= ctx.maxDurationMs) outcome = left('max_duration', `recorded for the maximum of ${seconds(ctx.maxDurationMs)} s`)
    else if (state.others === 0 && now - state.othersSince >= ctx.aloneTimeoutMs) {
      outcome = left('alone', `the bot was the only participant for ${seconds(now - state.othersSince)} s`)
    }
    if (outcome !== null) break
    if (now - lastDismissAt > DISMISS_EVERY_MS) {
      lastDismissAt = now
      await clickIfVisible(page, profile.inCall.dismiss, 1_000)
    }
    await interrupts.sleep(Math.max(10, Math.min(POLL_MS, admittedAt + ctx.maxDurationMs - Date.now())))
  }
  await bounded(captions, WRAP_UP_STEP_MS)
  const interrupt = interrupts.current
  if (interrupt?.kind === 'crash') return { kind: 'interrupted' }
  outcome ??= left('asked_to_leave', 'asked to leave the meeting')
  log.info({ reason: outcome.kind === 'left' ? outcome.reason : undefined }, 'leaving the meeting')
  await wrapUp(ctx)
  return outcome
}

const left = (reason: LeaveReason, detail: string): CallOutcome => ({ kind: 'left', reason, detail, at: Date.now() })

/**
 * Clicks through the platform's steps to show captions; stops at the first step that does not show up.
 * Says whether they are shown: without them, live lines come from the audio.
 */
const enableCaptions = async (ctx: CallContext): Promise<void> => {
  const { page, profile, log } = ctx
  const told = (shown: boolean, detail: string) => ctx.emit({ type: 'captions', at: Date.now(), shown, detail })
  if (profile.watch.captions === null) return told(false, `${profile.label} captions are not read`)
  for (const step of profile.inCall.captionsOn) {
    if (!(await clickWhenVisible(page, step, CAPTIONS_STEP_TIMEOUT_MS))) {
      log.info(`could not turn ${profile.label} captions on; speaker names still come from the speaking indicators`)
      return told(false, `could not turn ${profile.label} captions on: ${step} did not show up`)
    }
  }
  log.info(`turned ${profile.label} captions on`)
  told(true, `turned ${profile.label} captions on`)
}

/** Reports the last caption lines, delivers the last audio and hangs up; each step bounded, none may block leaving. */
const wrapUp = async (ctx: CallContext): Promise<void> => {
  const { page, profile } = ctx
  await bounded(page.evaluate(`window.${WATCH_GLOBAL}?.flush(); window.${WATCH_GLOBAL}?.stop()`), WRAP_UP_STEP_MS)
  const chunks = await bounded(page.evaluate(`window.${CAPTURE_GLOBAL}.stop()`) as Promise<number>, WRAP_UP_STEP_MS)
  ctx.log.info({ chunks }, chunks === undefined ? 'the last audio could not be collected' : 'stopped recording')
  const confirm = profile.inCall.leaveConfirm
  if ((await clickIfVisible(page, profile.inCall.leave)) && confirm !== null) await clickWhenVisible(page, confirm, 1_500)
}
