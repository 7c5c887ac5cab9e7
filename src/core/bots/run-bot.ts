import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import { botFiles, isSpeakerTurn, jsonLine, readJsonLines } from '../domain/bot-recording.js'
import type { EventName } from '../domain/events.js'
import { moveTo, type Run, type RunState } from '../domain/run.js'
import { isUtterance } from '../domain/utterance.js'
import type { BlobStore } from '../ports/blob-store.js'
import type { BotEvent, BotRunner, BotSession, FailReason, LeaveReason } from '../ports/bot-runner.js'
import type { JobFailure, JobHandler, JobReport } from '../ports/job-handler.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { RunStore } from '../ports/recording-stores.js'
import { BotJobPayload } from './bot-job.js'
import { type EraseDeps, eraseRun, type PublishDeps, publishRunEvent } from '../recordings/index.js'
import { readBlobText } from '../recordings/index.js'
import { processJob } from '../processing/index.js'

export interface BotSettings {
  /** The name other participants see. */
  readonly botName: string
  /** How often a bot in a meeting checks whether it was asked to leave (the request may come to another process). */
  readonly leaveCheckMs: number
  /** Resolves after ms; setTimeout in production. */
  readonly wait: (ms: number) => Promise<void>
}

export interface RunBotDeps extends PublishDeps, EraseDeps {
  readonly runs: RunStore
  readonly blobs: BlobStore
  readonly jobs: JobQueue
  readonly botRunner: BotRunner
  readonly bots: BotSettings
}

const LEFT_BECAUSE: Readonly<Record<LeaveReason, string>> = {
  meeting_ended: 'The meeting ended.',
  alone: 'Everyone else had left the meeting.',
  max_duration: 'The longest allowed recording time was reached.',
  asked_to_leave: 'The bot was asked to leave.',
  removed: 'A participant removed the bot from the meeting.',
}

const FAILED_BECAUSE: Readonly<Record<FailReason, string>> = {
  not_admitted: 'Nobody admitted the bot from the waiting room in time.',
  denied: 'The host refused to let the bot in.',
  meeting_not_found: 'The link leads to no meeting.',
  unrecognised_page: 'The meeting page showed something the bot does not understand.',
  capacity: 'No bot was free to join.',
  crashed: 'The bot stopped unexpectedly.',
}

/** Captions and transcripts are small; anything larger is not one. */
const MAX_CAPTIONS_BYTES = 50 * 1024 * 1024

class Stop extends Error {
  constructor(readonly failure: JobFailure) {
    super(failure.message)
  }
}

const must = async <A>(task: TE.TaskEither<unknown, A>, what: string): Promise<A> => {
  const result = await task()
  if (E.isLeft(result)) throw new Stop({ retryable: true, message: `${what}: ${JSON.stringify(result.left)}` })
  return result.right
}

const iso = (ms: number) => new Date(ms).toISOString()
const seconds = (fromMs: number, toMs: number) => Math.max(0, Math.round((toMs - fromMs) / 1000))

/**
 * Runs one bot through its meeting (the `bot.run` job): starts it with the
 * runner, turns its events into run states, audio, captions and a speaker
 * timeline, honours a request to leave, and when it ends hands what it recorded
 * to the same processing pipeline as uploads. A second attempt of the job means
 * the first one's process died: the run is finished with what was kept.
 */
export const runBot =
  (deps: RunBotDeps, live: Set<BotSession> = new Set()): JobHandler =>
  (payload) =>
  async () => {
    if (!BotJobPayload.is(payload)) return E.left({ retryable: false, message: 'malformed job payload' })
    try {
      const found = await must(deps.runs.find(payload.accountId, payload.runId), 'reading the run')
      // Deleted before this attempt (maybe while an earlier one, whose process died, was in the meeting).
      if (O.isNone(found)) return E.right(await eraseDeleted(deps, payload.accountId, payload.runId))
      const run = found.value
      if (run.state === 'scheduled' || run.state === 'queued') return E.right(await attend(deps, run, live))
      else if (run.state === 'joining' || run.state === 'waiting_room' || run.state === 'recording') await recover(deps, run)
      return E.right(undefined)
    } catch (e) {
      if (e instanceof Stop) return E.left(e.failure)
      throw e
    }
  }

const publisher = (deps: RunBotDeps) => async (type: EventName, run: Run) => {
  await publishRunEvent(deps)(type, run)() // a lost event must not stop the bot; the event log reports it
}

/** Moves and stores the run; a refused move (someone else moved it) leaves `null`. */
const move = async (deps: RunBotDeps, run: Run, to: RunState, patch: Parameters<typeof moveTo>[3] = {}): Promise<Run | null> => {
  const moved = moveTo(run, to, deps.clock.now().toISOString(), patch)
  if (!moved.ok) return null
  const stored = await deps.runs.update(moved.run, [run.state])()
  if (E.isRight(stored)) return stored.right
  if (stored.left._tag === 'Conflict') return null
  throw new Stop({ retryable: true, message: 'the store failed while moving the run' })
}

/**
 * The recording was deleted (DELETE /recordings/{runId}) while its bot was out:
 * whatever the bot wrote until it stopped is removed now that it has.
 */
const eraseDeleted = async (deps: RunBotDeps, accountId: string, runId: string): Promise<JobReport> => {
  await must(eraseRun(deps)(accountId, runId, null), 'removing the files of a deleted recording')
  return { message: `The bot of recording ${runId} stopped: the recording was deleted, and what the bot had recorded was removed`, details: { runId } }
}

const isGone = async (deps: RunBotDeps, run: Run) => O.isNone(await must(deps.runs.find(run.accountId, run.id), 'reading the run'))

/** Runs the bot; `live` holds its session meanwhile, so a stopping process can make its bots leave. */
const attend = async (deps: RunBotDeps, run: Run, live: Set<BotSession>): Promise<JobReport | undefined> => {
  const joining = await move(deps, run, 'joining')
  if (joining === null) {
    await skipIfAnotherBotIsLive(deps, run)
    return undefined
  }
  const publish = publisher(deps)
  await publish('bot.joining', joining)
  const attendance = new Attendance(deps, joining)
  let session: BotSession
  try {
    session = deps.botRunner.start(
      { runId: run.id, joinUrl: run.joinUrl ?? '', platform: run.platform ?? 'google_meet', botName: deps.bots.botName },
      (event) => attendance.on(event),
    )
  } catch (e) {
    await attendance.on({ type: 'failed', at: deps.clock.now().getTime(), reason: 'crashed', detail: `The bot could not start: ${String(e)}` })
    return
  }
  live.add(session)
  try {
    await watchForLeaveRequest(deps, run, session, attendance)
    await session.finished.catch(() => undefined)
  } finally {
    live.delete(session)
  }
  // Deleted meanwhile: the bot was made to leave, its moves were refused, and what it wrote goes now.
  if (await isGone(deps, run)) return eraseDeleted(deps, run.accountId, run.id)
  if (!attendance.ended) await attendance.on({ type: 'failed', at: deps.clock.now().getTime(), reason: 'crashed', detail: FAILED_BECAUSE.crashed })
  if (attendance.error !== null) throw attendance.error
  return undefined
}

/** A calendar run could not start because the account's one live bot is busy elsewhere: skipped, with the reason. */
const skipIfAnotherBotIsLive = async (deps: RunBotDeps, run: Run) => {
  const current = await must(deps.runs.find(run.accountId, run.id), 'reading the run')
  if (O.isNone(current) || current.value.state !== 'scheduled') return // cancelled or moved on meanwhile
  const live = O.toNullable(await must(deps.runs.findLive(run.accountId), 'reading the live bot'))
  const detail = `Another bot of this account was live (${live?.reference ?? 'unknown'}); only one bot at a time.`
  await move(deps, current.value, 'skipped', { detail })
}

/** Until the bot has finished: makes it leave when someone asked (maybe through another process) or its events could not be kept. */
const watchForLeaveRequest = async (deps: RunBotDeps, run: Run, session: BotSession, attendance: Attendance) => {
  let finished = false
  void session.finished.finally(() => {
    finished = true
  }).catch(() => undefined)
  while (!finished && !attendance.ended) {
    await Promise.race([session.finished.catch(() => undefined), deps.bots.wait(deps.bots.leaveCheckMs)])
    if (finished || attendance.ended) return
    const current = attendance.error === null ? await deps.runs.find(run.accountId, run.id)() : null
    // Asked to leave, or the recording was deleted.
    const asked = current !== null && E.isRight(current) && (O.isNone(current.right) || current.right.value.leaveRequestedAt !== null)
    if (asked || attendance.error !== null) {
      await session.leave()
      return
    }
  }
}

/** The previous attempt's process died with the bot in the meeting: keep what it recorded, or fail the run. */
const recover = async (deps: RunBotDeps, run: Run) => {
  const now = deps.clock.now().getTime()
  if (run.state !== 'recording') {
    await failRun(deps, run, 'The bot stopped before it was admitted: its server was restarted.')
    return
  }
  await finish(deps, run, now, 'The bot stopped during the meeting because its server was restarted; the recording up to then was kept.')
}

const failRun = async (deps: RunBotDeps, run: Run, detail: string) => {
  const failed = await move(deps, run, 'failed', { detail, endedAt: deps.clock.now().toISOString() })
  if (failed !== null) await publisher(deps)('bot.failed', failed)
}

/** The bot left after recording: build its transcript or timeline and queue processing. */
const finish = async (deps: RunBotDeps, run: Run, endedAtMs: number, detail: string) => {
  const files = botFiles(run.accountId, run.id)
  const captions = readJsonLines(await readText(deps, files.captions), isUtterance)
  const turns = readJsonLines(await readText(deps, files.speakers), isSpeakerTurn)
  const audioBytes = run.audio === null ? 0 : O.getOrElse(() => 0)(await must(deps.blobs.size(run.audio.key), 'reading the audio size'))
  let source: Run['source']
  if (captions.length > 0) {
    // Platform captions name their speakers and beat local speech recognition; the audio is still served.
    const body = JSON.stringify({ utterances: captions.sort((a, b) => a.start_ms - b.start_ms) })
    await must(deps.blobs.put(files.transcript, one(new TextEncoder().encode(body)), { maxBytes: MAX_CAPTIONS_BYTES }), 'storing the transcript')
    source = { kind: 'transcript', key: files.transcript, format: 'json' }
  } else if (run.audio !== null && audioBytes > 0) {
    const format = run.audio.key.slice(run.audio.key.lastIndexOf('.') + 1)
    source = { kind: 'audio', key: run.audio.key, format, ...(turns.length > 0 ? { speakersKey: files.speakers } : {}) }
  } else {
    await failRun(deps, run, `${detail} The bot was in the meeting but recorded neither audio nor captions.`)
    return
  }
  const joinedMs = run.joinedAt === null ? endedAtMs : Date.parse(run.joinedAt)
  const stored = await move(deps, run, 'stored', {
    source,
    audio: audioBytes > 0 ? run.audio : null,
    endedAt: iso(endedAtMs),
    recordingSeconds: seconds(joinedMs, endedAtMs),
    detail,
  })
  if (stored === null) return
  await publisher(deps)('meeting.ended', stored)
  await must(deps.jobs.enqueue(processJob(run.accountId, run.id)), 'queueing processing')
}

const readText = async (deps: RunBotDeps, key: string): Promise<string> =>
  O.getOrElse(() => '')(await must(readBlobText(deps.blobs, key, MAX_CAPTIONS_BYTES), `reading ${key}`))

async function* one(bytes: Uint8Array) {
  yield bytes
}

/**
 * One bot's presence in a meeting: applies its events in order. An error stops
 * applying (the bot is asked to leave by the caller's loop ending) and is
 * reported when the session has finished.
 */
class Attendance {
  ended = false
  error: Stop | null = null
  private waitingSince: number | null = null
  private readonly files

  constructor(
    private readonly deps: RunBotDeps,
    private run: Run,
  ) {
    this.files = botFiles(run.accountId, run.id)
  }

  on = async (event: BotEvent): Promise<void> => {
    if (this.ended || this.error !== null) return
    try {
      await this.apply(event)
    } catch (e) {
      this.error = e instanceof Stop ? e : new Stop({ retryable: true, message: String(e) })
    }
  }

  private async apply(e: BotEvent): Promise<void> {
    const { deps } = this
    switch (e.type) {
      case 'joining':
        return
      case 'waiting':
        this.waitingSince = e.at
        return this.moveTo('waiting_room', {}, 'bot.waiting')
      case 'admitted':
        return this.moveTo('recording', { joinedAt: iso(e.at), waitedSeconds: this.waitingSince === null ? 0 : seconds(this.waitingSince, e.at) }, 'meeting.started')
      case 'speaker':
        await must(deps.blobs.append(this.files.speakers, jsonLine({ offsetMs: e.offsetMs, name: e.name })), 'storing a speaker change')
        return
      case 'caption':
        await must(
          deps.blobs.append(this.files.captions, jsonLine({ start_ms: e.startMs, end_ms: e.endMs, speaker: e.speaker, text: e.text })),
          'storing a caption',
        )
        return
      case 'audio':
        if (this.run.audio === null) await this.moveTo(this.run.state, { audio: { key: this.files.audio(e.mimeType), mimeType: e.mimeType } })
        await must(deps.blobs.append(this.run.audio!.key, e.chunk), 'storing audio')
        return
      case 'left':
        this.ended = true
        if (this.run.state === 'recording') return finish(deps, this.run, e.at, e.detail.trim() || LEFT_BECAUSE[e.reason])
        return this.callOff(e.reason === 'asked_to_leave' ? 'cancelled' : 'failed', e.detail.trim() || LEFT_BECAUSE[e.reason])
      case 'failed':
        this.ended = true
        if (this.run.state === 'recording') return finish(deps, this.run, e.at, `The bot stopped early: ${e.detail.trim() || FAILED_BECAUSE[e.reason]}`)
        return this.callOff('failed', e.detail.trim() || FAILED_BECAUSE[e.reason])
    }
  }

  private async moveTo(to: RunState, patch: Parameters<typeof moveTo>[3], event?: EventName) {
    const moved = await move(this.deps, this.run, to, patch)
    if (moved === null) throw new Stop({ retryable: false, message: `the run was changed by someone else while the bot was ${this.run.state}` })
    this.run = moved
    if (event !== undefined) await publisher(this.deps)(event, moved)
  }

  /** Ends a run whose bot never got in. */
  private async callOff(to: 'cancelled' | 'failed', detail: string) {
    const done = await move(this.deps, this.run, to, { detail, endedAt: this.deps.clock.now().toISOString() })
    if (done !== null && to === 'failed') await publisher(this.deps)('bot.failed', done)
  }
}
