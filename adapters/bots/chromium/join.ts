import type { Page } from 'playwright-core'
import type { Logger } from 'pino'
import type { BotEvent, FailReason } from '../../../src/core/ports/bot-runner.js'
import type { Interrupts } from './interrupt.js'
import { classify, clickIfVisible, describeMarker, fillName } from './page-actions.js'
import type { PlatformProfile } from './platforms/index.js'

export interface JoinContext {
  readonly page: Page
  readonly profile: PlatformProfile
  readonly joinUrl: string
  readonly botName: string
  readonly emit: (e: BotEvent) => void
  readonly interrupts: Interrupts
  readonly log: Logger
  readonly admissionTimeoutMs: number
  readonly pageTimeoutMs: number
}

export type JoinOutcome =
  | { readonly kind: 'admitted' }
  | { readonly kind: 'failed'; readonly reason: FailReason; readonly detail: string }
  | { readonly kind: 'interrupted' }

const POLL_MS = 250
/** A join click that left us on the pre-join screen is retried after this long (a few times). */
const RECLICK_AFTER_MS = 5_000
const MAX_JOIN_CLICKS = 3
const MAX_LAUNCHER_CLICKS = 3

const failed = (reason: FailReason, detail: string): JoinOutcome => ({ kind: 'failed', reason, detail })

/**
 * Opens the meeting and gets the bot in: launcher → pre-join (name, camera and
 * microphone off, join) → waiting room → in call. Reports `waiting` when a
 * waiting room shows; ends admitted, failed, or interrupted (leave or crash).
 */
export const joinMeeting = async (ctx: JoinContext): Promise<JoinOutcome> => {
  const { page, profile, log, interrupts } = ctx
  const url = profile.joinUrl(ctx.joinUrl)
  log.info({ url }, `opening the ${profile.label} meeting page`)
  const loaded = await page
    .goto(url, { waitUntil: 'domcontentloaded', timeout: ctx.pageTimeoutMs })
    .then(() => null)
    .catch((e: Error) => e.message.split('\n')[0] ?? 'unknown error')
  if (interrupts.current !== null) return { kind: 'interrupted' }
  if (loaded !== null) return failed('unrecognised_page', `the ${profile.label} page did not load: ${loaded}`)

  const startedAt = Date.now()
  let lastRecognisedAt = startedAt
  let joinClickedAt: number | null = null
  let joinAttempts = 0
  let lastAttemptAt = 0
  let launcherClicks = 0
  let waitingSince: number | null = null

  while (interrupts.current === null) {
    const now = Date.now()
    const seen = await classify(page, profile, ['notFound', 'denied', 'removed', 'ended', 'inCall', 'waiting', 'launcher', 'prejoin']).catch(
      () => null, // mid-navigation: the execution context went away; look again
    )
    if (interrupts.current !== null) break
    // A launcher or pre-join screen we can no longer act on does not count as progress.
    const stuck =
      (seen?.state === 'launcher' && launcherClicks >= MAX_LAUNCHER_CLICKS) ||
      (seen?.state === 'prejoin' && joinClickedAt === null && joinAttempts >= MAX_JOIN_CLICKS)
    if (seen !== null && !stuck) lastRecognisedAt = now
    switch (seen?.state) {
      case 'notFound':
        return failed('meeting_not_found', `${profile.label} says there is no such meeting: ${describeMarker(seen.marker)}`)
      case 'denied':
        return failed('denied', `${profile.label} refused entry: ${describeMarker(seen.marker)}`)
      case 'removed':
        return failed('denied', `the host removed the bot from the waiting room: ${describeMarker(seen.marker)}`)
      case 'ended':
        return failed('not_admitted', `the meeting ended before the bot was let in: ${describeMarker(seen.marker)}`)
      case 'inCall':
        log.info(`admitted to the ${profile.label} meeting`)
        return { kind: 'admitted' }
      case 'waiting':
        if (waitingSince === null) {
          waitingSince = now
          log.info(`waiting in the ${profile.label} waiting room to be let in`)
          ctx.emit({ type: 'waiting', at: now })
        }
        break
      case 'launcher':
        if (launcherClicks < MAX_LAUNCHER_CLICKS && (await clickIfVisible(page, profile.launcher.continueInBrowser))) {
          launcherClicks++
          log.info('chose to continue in the browser instead of the desktop app')
        }
        break
      case 'prejoin':
        if (joinAttempts < MAX_JOIN_CLICKS && now - lastAttemptAt > RECLICK_AFTER_MS) {
          joinAttempts++
          lastAttemptAt = now
          await clickIfVisible(page, profile.prejoin.dismiss)
          if (await prepareAndAskToJoin(ctx)) joinClickedAt ??= Date.now()
        }
        break
      default:
        break
    }
    // The admission clock starts when we asked to join (or, on platforms that queue before the pre-join screen, at the waiting room).
    const askedAt = joinClickedAt ?? waitingSince
    if (askedAt !== null && Date.now() - askedAt > ctx.admissionTimeoutMs) {
      return failed(
        'not_admitted',
        waitingSince !== null
          ? `nobody let the bot in within ${Math.round(ctx.admissionTimeoutMs / 1000)} s of waiting`
          : `asking to join did not get the bot in within ${Math.round(ctx.admissionTimeoutMs / 1000)} s`,
      )
    }
    if (Date.now() - lastRecognisedAt > ctx.pageTimeoutMs) {
      const title = await page.title().catch(() => '')
      return failed(
        'unrecognised_page',
        `no known ${profile.label} screen for ${Math.round(ctx.pageTimeoutMs / 1000)} s (page "${title}" at ${page.url()})`,
      )
    }
    await interrupts.sleep(POLL_MS)
  }
  return { kind: 'interrupted' }
}

/** The pre-join screen: display name, camera and microphone off, then ask to join. True when the join click went through. */
const prepareAndAskToJoin = async (ctx: JoinContext): Promise<boolean> => {
  const { page, profile, log } = ctx
  const named = await fillName(page, profile.prejoin.nameInput, ctx.botName)
  const cameraOff = await clickIfVisible(page, profile.prejoin.cameraOff)
  const micOff = await clickIfVisible(page, profile.prejoin.micOff)
  log.info({ named, cameraOff, micOff }, `set up the pre-join screen${named ? ` as "${ctx.botName}"` : ''}`)
  const clicked = await page
    .locator(profile.prejoin.join)
    .first()
    .click({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false)
  if (clicked) log.info('asked to join the meeting')
  return clicked
}
