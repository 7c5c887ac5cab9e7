import * as E from 'fp-ts/lib/Either.js'
import type { BotEvent } from '../ports/bot-runner.js'
import type { Clock } from '../ports/clock.js'
import { type DecodingAudio, LIVE_SAMPLE_RATE, type LiveAudio } from '../ports/live-audio.js'
import type { LiveFeed } from '../ports/live-feed.js'
import type { Transcriber } from '../ports/transcriber.js'
import { LIVE_WINDOWS, type SpeechWindow, speechWindows } from './speech-windows.js'

export interface AudioLinesDeps {
  readonly liveFeed: LiveFeed
  readonly transcriber: Transcriber
  readonly liveAudio: LiveAudio
  readonly clock: Clock
}

/**
 * Live lines for a meeting whose platform shows no captions: the audio is decoded as it comes,
 * cut into short windows at pauses, each transcribed by the configured engine and published as
 * finished lines given to the active speaker. A preview: the transcript made after the meeting
 * is the reference.
 */
export interface AudioLines {
  /** Takes the bot's next event and returns at once: decoding and transcribing go on beside the bot. */
  readonly take: (event: BotEvent) => void
  /** After the bot's last event: the last window is transcribed and published. Never rejects. */
  readonly finish: () => Promise<void>
}

/** Windows waiting for the engine at most; older ones are skipped, since a line that late is no preview. */
const MAX_WAITING = 2
/** How long the engine may take on one window. */
const WINDOW_LIMIT_MS = 20_000
/** Audio kept until the runner says whether captions are shown (about 2 minutes of chunks); past it, none comes from audio. */
const MAX_HELD_CHUNKS = 120

/** Null unless the deps can transcribe: a feed to publish to, an available engine and a decoder. */
export const audioLinesFor = (deps: Partial<AudioLinesDeps> & Pick<AudioLinesDeps, 'clock'>, runId: string): AudioLines | null =>
  deps.liveFeed === undefined || deps.transcriber?.available !== true || deps.liveAudio === undefined
    ? null
    : liveLinesFromAudio({ liveFeed: deps.liveFeed, transcriber: deps.transcriber, liveAudio: deps.liveAudio, clock: deps.clock }, runId)

export const liveLinesFromAudio = (deps: AudioLinesDeps, runId: string): AudioLines => {
  let source: 'captions' | 'audio' | null = null
  let held: Array<Extract<BotEvent, { type: 'audio' }>> = []
  let decoding: DecodingAudio | null = null
  let decoded: Promise<void> = Promise.resolve()
  let worker: Promise<void> | null = null
  /** Where captions started after lines came from the audio; audio from then on gives no line. */
  let captionsStartMs = Number.POSITIVE_INFINITY
  /** Mostly before the captions: a window astride their start is theirs, since they begin with its words. */
  const beforeCaptions = (w: SpeechWindow): boolean => (w.startMs + w.endMs) / 2 < captionsStartMs
  const waiting: SpeechWindow[] = []
  const speakers: Array<{ offsetMs: number; name: string }> = []
  const windows = speechWindows({ ...LIVE_WINDOWS, sampleRate: LIVE_SAMPLE_RATE })

  const speakerAt = (ms: number): string => speakers.filter((s) => s.offsetMs <= ms).at(-1)?.name ?? speakers[0]?.name ?? ''

  const transcribe = async (w: SpeechWindow): Promise<void> => {
    const kept = await deps.liveAudio.keep(w.samples)
    try {
      const audio = { path: kept.path, defaultSpeaker: speakerAt((w.startMs + w.endMs) / 2), signal: AbortSignal.timeout(WINDOW_LIMIT_MS) }
      const result = await deps.transcriber.transcribe(audio)()
      if (E.isLeft(result)) return deps.liveAudio.problem(runId, `a live line from ${w.startMs} ms was not transcribed: ${result.left.message}`)
      for (const u of result.right.utterances) {
        const text = u.text.trim()
        if (text === '') continue
        const startMs = w.startMs + u.start_ms
        const endMs = Math.min(w.endMs, w.startMs + u.end_ms)
        const data = { speaker: speakerAt((startMs + endMs) / 2), text, startMs, endMs, final: true }
        const published = await deps.liveFeed.publish(runId, { kind: 'utterance', data }, deps.clock.now())()
        if (E.isLeft(published)) deps.liveAudio.problem(runId, `a live line from the audio was not published: ${String(published.left.cause)}`)
      }
    } finally {
      await kept.remove()
    }
  }

  /** One window at a time, off the bot's events: the engine is the slow part. */
  const work = async (): Promise<void> => {
    for (let w = waiting.shift(); w !== undefined; w = waiting.shift()) {
      await transcribe(w).catch((e: unknown) => deps.liveAudio.problem(runId, `a live line from the audio failed: ${String(e)}`))
    }
  }
  const kick = (): void => {
    if (worker !== null || waiting.length === 0) return
    worker = work().finally(() => {
      worker = null
      kick()
    })
  }
  const enqueue = (ws: ReadonlyArray<SpeechWindow>): void => {
    waiting.push(...ws.filter(beforeCaptions))
    const late = waiting.splice(0, Math.max(0, waiting.length - MAX_WAITING))
    if (late.length > 0) deps.liveAudio.problem(runId, `the speech engine is behind the meeting: skipped ${late.length} live window(s) from ${late[0]!.startMs} ms`)
    kick()
  }

  const startDecoding = (mimeType: string): DecodingAudio => {
    const d = deps.liveAudio.decode(mimeType)
    decoded = (async () => {
      try {
        for await (const samples of d.samples) enqueue(windows.push(samples))
        enqueue(windows.end())
      } catch (e) {
        deps.liveAudio.problem(runId, `live lines from the audio stopped: ${e instanceof Error ? e.message : String(e)}`)
      }
    })()
    return d
  }
  const write = (e: Extract<BotEvent, { type: 'audio' }>): void => {
    decoding ??= startDecoding(e.mimeType)
    decoding.write(e.chunk)
  }

  /**
   * Captions appeared after lines came from the audio (the host turned them on): the audio stops here,
   * and windows mostly after the captions' start are dropped, so nothing said comes twice.
   */
  const captionsFrom = (startMs: number): void => {
    captionsStartMs = startMs
    decoding?.end()
    const overlapping = waiting.filter((w) => !beforeCaptions(w))
    waiting.splice(0, waiting.length, ...waiting.filter(beforeCaptions))
    deps.liveAudio.problem(runId, `captions appeared at ${startMs} ms: live lines come from them from now on${overlapping.length > 0 ? ` (${overlapping.length} audio window(s) after it dropped)` : ''}`)
  }

  const take = (e: BotEvent): void => {
    switch (e.type) {
      case 'speaker':
        speakers.push({ offsetMs: e.offsetMs, name: e.name })
        return
      case 'captions':
        if (source !== null) return
        source = e.shown ? 'captions' : 'audio'
        if (source === 'audio') held.forEach(write)
        held = []
        return
      case 'caption':
      case 'partial':
        // Captions came, whatever the runner thought: the audio is not needed for live lines.
        if (source === null) held = []
        if (source === 'audio') captionsFrom(e.startMs)
        source = 'captions'
        return
      case 'audio':
        if (source === 'audio') write(e)
        else if (source === null) {
          held.push(e)
          // A runner that never says keeps its captions; the audio held goes.
          if (held.length > MAX_HELD_CHUNKS) {
            source = 'captions'
            held = []
          }
        }
        return
      default:
        return
    }
  }

  const finish = async (): Promise<void> => {
    decoding?.end()
    await decoded
    while (worker !== null) await worker
  }
  return { take, finish }
}
