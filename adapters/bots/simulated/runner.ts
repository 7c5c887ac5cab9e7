import { readFileSync } from 'node:fs'
import type { Logger } from 'pino'
import type { BotEvent, BotJob, BotRunner, BotSession } from '../../../src/core/ports/bot-runner.js'
import type { Clock } from '../../../src/core/ports/clock.js'
import { wavHeader } from '../../speech/audio/wav-header.js'
import { type Pcm, speak } from './speech.js'

import { OUTCOMES, type Outcome } from './outcomes.js'
import shippedScript from './script.json' with { type: 'json' }

export interface ScriptLine {
  readonly speaker: string
  readonly text: string
}

export interface SimulatedBotOptions {
  readonly clock: Clock
  readonly logger: Logger
  /** The meeting's lines; a shipped two-person planning meeting by default. */
  readonly script?: ReadonlyArray<ScriptLine>
  /** What happens unless the join link says otherwise with `?simulate=<outcome>`. */
  readonly outcome?: Outcome
  /** How many times faster than real time the meeting plays (1 = real time). */
  readonly speed?: number
  /** From opening the link to the waiting room, and time spent there, in meeting time. */
  readonly joinMs?: number
  readonly waitMs?: number
  /** Speak the lines with espeak-ng so there is meeting audio (captions only when off or not installed). */
  readonly audio?: boolean
}

interface Step {
  readonly t: number
  readonly event: (at: number) => BotEvent
}

const GAP_MS = 500
const AUDIO_CHUNK_MS = 1000
const MS_PER_WORD = 400 // 150 words a minute, when there is no audio to time the lines by
/** A partial caption every this many words, as platforms grow a caption while it is spoken. */
const PARTIAL_WORDS = 3
const VOICES = ['en-us+m3', 'en-us+f3', 'en-us+m5', 'en-us+f4']

export const DEFAULT_SCRIPT: ReadonlyArray<ScriptLine> = (shippedScript as { utterances: ScriptLine[] }).utterances

/** Reads a script file: `{ "utterances": [{ "speaker", "text" }] }` or the list alone. */
export const readScript = (path: string): ReadonlyArray<ScriptLine> => {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
  const lines = Array.isArray(parsed) ? parsed : (parsed as { utterances?: unknown }).utterances
  if (!Array.isArray(lines) || lines.length === 0 || !lines.every((l) => typeof l?.speaker === 'string' && typeof l?.text === 'string')) {
    throw new Error(`${path} must hold {"utterances": [{"speaker": "...", "text": "..."}]} with at least one line`)
  }
  return lines as ScriptLine[]
}

const outcomeOf = (joinUrl: string, fallback: Outcome): Outcome => {
  const asked = new URL(joinUrl).searchParams.get('simulate')
  return (OUTCOMES as ReadonlyArray<string>).includes(asked ?? '') ? (asked as Outcome) : fallback
}

/** The meeting as timed steps after admission: speaker changes, captions, audio chunks, in meeting time. */
const playMeeting = (lines: ReadonlyArray<ScriptLine>, speech: Pcm[] | null): { steps: Step[]; lengthMs: number } => {
  const steps: Step[] = []
  let t = GAP_MS
  let current = ''
  const spans = lines.map((line, i) => {
    const pcm = speech?.[i]
    const ms = pcm === undefined ? line.text.split(/\s+/).length * MS_PER_WORD : Math.round((pcm.samples.length / pcm.sampleRate) * 1000)
    const span = { line, startMs: t, endMs: t + ms }
    t += ms + GAP_MS
    return span
  })
  const lengthMs = t + GAP_MS
  for (const { line, startMs, endMs } of spans) {
    if (line.speaker !== current) {
      current = line.speaker
      steps.push({ t: startMs, event: (at) => ({ type: 'speaker', at, offsetMs: startMs, name: line.speaker }) })
    }
    // The line as captions show it while it is spoken: a few more words at a time, then the finished line.
    const words = line.text.split(/\s+/)
    for (let k = PARTIAL_WORDS; k < words.length; k += PARTIAL_WORDS) {
      const shown = words.slice(0, k).join(' ')
      steps.push({ t: startMs + Math.round(((endMs - startMs) * k) / words.length), event: (at) => ({ type: 'partial', at, startMs, speaker: line.speaker, text: shown }) })
    }
    steps.push({ t: endMs, event: (at) => ({ type: 'caption', at, startMs, endMs, speaker: line.speaker, text: line.text }) })
  }
  if (speech !== null) steps.push(...audioSteps(spans, speech, lengthMs))
  return { steps: steps.sort((a, b) => a.t - b.t), lengthMs }
}

/** The whole meeting as one WAV, sent in one-second chunks as it is "heard". */
const audioSteps = (spans: ReadonlyArray<{ startMs: number }>, speech: Pcm[], lengthMs: number): Step[] => {
  const rate = speech[0]!.sampleRate
  const pcm = new Int16Array(Math.ceil((lengthMs / 1000) * rate))
  spans.forEach((s, i) => pcm.set(speech[i]!.samples.subarray(0, pcm.length - Math.round((s.startMs / 1000) * rate)), Math.round((s.startMs / 1000) * rate)))
  const bytes = Buffer.from(pcm.buffer)
  const header = wavHeader(rate, bytes.length)
  const perChunk = Math.round((AUDIO_CHUNK_MS / 1000) * rate) * 2
  const steps: Step[] = []
  for (let at = 0, n = 1; at < bytes.length; at += perChunk, n++) {
    const body = bytes.subarray(at, at + perChunk)
    const chunk = at === 0 ? Buffer.concat([header, body]) : body
    steps.push({ t: n * AUDIO_CHUNK_MS, event: (when) => ({ type: 'audio', at: when, mimeType: 'audio/wav', chunk: new Uint8Array(chunk) }) })
  }
  return steps
}

/**
 * A bot runner that plays a scripted meeting instead of joining one: the same
 * events as a real bot (joining, waiting, admitted, speakers, captions, audio,
 * left or failed), with speech from espeak-ng, at a chosen speed, with a chosen
 * outcome. Used by default when no real runner is configured, and by tests.
 */
export const createSimulatedBotRunner = (options: SimulatedBotOptions): BotRunner => {
  const script = options.script ?? DEFAULT_SCRIPT
  const speed = options.speed ?? 1
  const joinMs = options.joinMs ?? 2_000
  const waitMs = options.waitMs ?? 3_000
  let speech: Promise<Pcm[] | null> | null = null
  const speechOnce = () => {
    speech ??= options.audio === false ? Promise.resolve(null) : speak(script.map((l) => ({ text: l.text, voice: voiceOf(script, l.speaker) })))
    return speech
  }

  return {
    name: 'simulated',
    start(job: BotJob, onEvent: (event: BotEvent) => Promise<void>): BotSession {
      const outcome = outcomeOf(job.joinUrl, options.outcome ?? 'meeting_ends')
      const startedAt = options.clock.now().getTime()
      let wake: () => void = () => {}
      let leaving = false
      let elapsed = 0
      /** Waits until meeting time t, unless asked to leave first; true when it got there. */
      const until = async (t: number) => {
        const ms = (t - elapsed) / speed
        if (ms > 0 && Number.isFinite(ms)) await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        else await new Promise<void>((resolve) => setImmediate(resolve))
        if (leaving) return false
        elapsed = Math.max(elapsed, t)
        return true
      }
      const emit = (event: BotEvent) => onEvent(event)
      const at = (t: number) => startedAt + t

      const play = async () => {
        await emit({ type: 'joining', at: at(0) })
        if (outcome === 'not_found') {
          await until(joinMs)
          return emit({ type: 'failed', at: at(joinMs), reason: 'meeting_not_found', detail: 'The simulated link leads to no meeting.' })
        }
        if (!(await until(joinMs))) return emit({ type: 'left', at: at(elapsed), reason: 'asked_to_leave', detail: '' })
        await emit({ type: 'waiting', at: at(joinMs) })
        const admittedAt = joinMs + waitMs
        if (!(await until(admittedAt))) return emit({ type: 'left', at: at(elapsed), reason: 'asked_to_leave', detail: '' })
        if (outcome === 'never_admitted') return emit({ type: 'failed', at: at(admittedAt), reason: 'not_admitted', detail: 'Nobody admitted the simulated bot.' })
        if (outcome === 'denied') return emit({ type: 'failed', at: at(admittedAt), reason: 'denied', detail: 'The simulated host refused entry.' })
        const spoken = await speechOnce()
        await emit({ type: 'admitted', at: at(admittedAt) })
        const meeting = playMeeting(script, spoken)
        const stopAt = outcome === 'meeting_ends' ? meeting.lengthMs : Math.round(meeting.lengthMs / 2)
        for (const step of meeting.steps.filter((s) => s.t <= stopAt)) {
          if (!(await until(admittedAt + step.t))) return emit({ type: 'left', at: at(elapsed), reason: 'asked_to_leave', detail: '' })
          await emit(step.event(at(admittedAt + step.t)))
        }
        if (!(await until(admittedAt + stopAt))) return emit({ type: 'left', at: at(elapsed), reason: 'asked_to_leave', detail: '' })
        const end = at(admittedAt + stopAt)
        if (outcome === 'removed') return emit({ type: 'left', at: end, reason: 'removed', detail: 'A simulated participant removed the bot.' })
        if (outcome === 'crash') return emit({ type: 'failed', at: end, reason: 'crashed', detail: 'The simulated browser crashed.' })
        return emit({ type: 'left', at: end, reason: 'meeting_ended', detail: '' })
      }

      const finished = play().catch(async (e: unknown) => {
        options.logger.error({ err: e, runId: job.runId }, 'the simulated bot failed')
        await onEvent({ type: 'failed', at: options.clock.now().getTime(), reason: 'crashed', detail: `The simulation failed: ${String(e)}` })
      })
      options.logger.info({ runId: job.runId, outcome, speed }, `simulated bot joining ${job.joinUrl} (outcome: ${outcome})`)
      return {
        leave: async () => {
          leaving = true
          wake()
        },
        finished,
      }
    },
  }
}

const voiceOf = (script: ReadonlyArray<ScriptLine>, speaker: string) => {
  const speakers = [...new Set(script.map((l) => l.speaker))]
  return VOICES[speakers.indexOf(speaker) % VOICES.length]!
}
