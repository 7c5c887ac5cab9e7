import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { botFiles, jsonLine } from '../domain/recordings/bot-recording.js'
import type { EventName } from '../domain/events.js'
import type { Run, RunState } from '../domain/recordings/run.js'
import { finalFailure, type JobFailure, retryableFailure } from '../errors.js'
import type { BotEvent } from '../ports/bot-runner.js'
import { endRun, move, publish, type RunPatch, storeFailed } from './bot-moves.js'
import { FAILED_BECAUSE, iso, LEFT_BECAUSE, seconds } from './bot-words.js'
import { finishRecording } from './finish-recording.js'
import { audioLinesFor } from './audio-lines.js'
import { liveEventOf } from './live-lines.js'
import type { RunBotDeps } from './run-bot-deps.js'

/** One bot's presence in a meeting, as far as its events have told. */
export interface Attendance {
  readonly run: Run
  readonly waitingSince: number | null
  /** The last event (`left` or `failed`) came. */
  readonly ended: boolean
  /** Applying an event failed: later events are dropped, the bot is made to leave, and the job fails with this. */
  readonly failure: JobFailure | null
}

export interface AttendanceFold {
  /** Give to the runner: applies one event (it awaits each). */
  readonly onEvent: (event: BotEvent) => Promise<void>
  /** The attendance so far. */
  readonly now: () => Attendance
}

/**
 * The bot's life as a fold over its runner's events, applied one at a time as the runner
 * delivers them (it awaits each): `now()` is the attendance so far.
 */
export const followAttendance = (deps: RunBotDeps, run: Run): AttendanceFold => {
  let attendance: Attendance = { run, waitingSince: null, ended: false, failure: null }
  let live: Promise<void> = Promise.resolve()
  const step = attend(deps)
  const fromAudio = audioLinesFor(deps, run.id)
  // A run that ended or failed shows no more live lines, but its audio lines are still finished at the last event.
  const finishAudioAtEnd = (event: BotEvent) => void (isLast(event) && fromAudio?.finish())
  const onEvent = async (event: BotEvent): Promise<void> => {
    const before = attendance
    if (before.ended || before.failure !== null) return finishAudioAtEnd(event)
    const after = await pipe(
      TE.tryCatch(() => step(before, event)(), (e) => retryableFailure(String(e))),
      TE.flatMap(TE.fromEither),
    )()
    attendance = E.getOrElse((failure: JobFailure): Attendance => ({ ...before, ended: before.ended || isLast(event), failure }))(after)
    if (E.isLeft(after)) return finishAudioAtEnd(event)
    fromAudio?.take(event)
    // The last lines from the audio go out before the end, which closes the clients' streams.
    if (isLast(event) && fromAudio !== null) live = live.then(() => fromAudio.finish())
    // Published in order, but not awaited: a slow feed never holds up the runner (which awaits each event).
    live = live.then(() => showLive(deps, run.id, event)).catch(() => undefined)
  }
  return { onEvent, now: () => attendance }
}

const isLast = (event: BotEvent) => event.type === 'left' || event.type === 'failed'

/**
 * Tells live clients what the event shows, after it was kept. A feed that fails loses only the
 * live line (the recording keeps it): the bot goes on.
 */
const showLive = async (deps: RunBotDeps, runId: string, event: BotEvent): Promise<void> => {
  const live = liveEventOf(event)
  if (live === null || deps.liveFeed === undefined) return
  await deps.liveFeed.publish(runId, live, deps.clock.now())()
}

/** One event applied: run states, the speaker timeline, captions and audio, and the end. */
const attend =
  (deps: RunBotDeps) =>
  (a: Attendance, e: BotEvent): TE.TaskEither<JobFailure, Attendance> => {
    const files = botFiles(a.run.accountId, a.run.id)
    switch (e.type) {
      case 'joining':
        return TE.right(a)
      case 'waiting':
        return TE.map((run: Run) => ({ ...a, run, waitingSince: e.at }))(advance(deps, a.run, 'waiting_room', {}, 'bot.waiting'))
      case 'admitted': {
        const waitedSeconds = a.waitingSince === null ? 0 : seconds(a.waitingSince, e.at)
        return TE.map((run: Run) => ({ ...a, run }))(advance(deps, a.run, 'recording', { joinedAt: iso(e.at), waitedSeconds }, 'meeting.started'))
      }
      case 'speaker':
        return pipe(deps.blobs.append(files.speakers, jsonLine({ offsetMs: e.offsetMs, name: e.name })), TE.mapLeft(storeFailed('storing a speaker change')), TE.as(a))
      case 'caption': {
        const line = jsonLine({ start_ms: e.startMs, end_ms: e.endMs, speaker: e.speaker, text: e.text })
        return pipe(deps.blobs.append(files.captions, line), TE.mapLeft(storeFailed('storing a caption')), TE.as(a))
      }
      case 'partial':
      case 'captions':
        return TE.right(a)
      case 'audio':
        return pipe(
          a.run.audio === null ? advance(deps, a.run, a.run.state, { audio: { key: files.audio(e.mimeType), mimeType: e.mimeType } }) : TE.right(a.run),
          TE.flatMap((run) => pipe(deps.blobs.append(run.audio!.key, e.chunk), TE.mapLeft(storeFailed('storing audio')), TE.as({ ...a, run }))),
        )
      case 'left': {
        const detail = e.detail.trim() || LEFT_BECAUSE[e.reason]
        const end = a.run.state === 'recording' ? finishRecording(deps, a.run, e.at, detail) : endRun(deps, a.run, e.reason === 'asked_to_leave' ? 'cancelled' : 'failed', detail)
        return TE.as({ ...a, ended: true })(end)
      }
      case 'failed': {
        const detail = e.detail.trim() || FAILED_BECAUSE[e.reason]
        const end = a.run.state === 'recording' ? finishRecording(deps, a.run, e.at, `The bot stopped early: ${detail}`) : endRun(deps, a.run, 'failed', detail)
        return TE.as({ ...a, ended: true })(end)
      }
    }
  }

/** Moves the run as the bot's event says, announcing it; a refused move means someone else changed the run, and the bot stops. */
const advance = (deps: RunBotDeps, run: Run, to: RunState, patch: RunPatch, event?: EventName): TE.TaskEither<JobFailure, Run> =>
  pipe(
    move(deps, run, to, patch),
    TE.flatMap(TE.fromOption(() => finalFailure(`the run was changed by someone else while the bot was ${run.state}`))),
    TE.tap((moved) => (event === undefined ? TE.right(undefined) : publish(deps)(event, moved))),
  )
