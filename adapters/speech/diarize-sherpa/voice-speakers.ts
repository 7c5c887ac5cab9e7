/**
 * Speakers told apart by voice: wraps any transcriber, then diarizes the same audio and gives
 * each utterance the voice that speaks most during it, named "Speaker 1", "Speaker 2", … in
 * the order they first speak (names stay so until renamed). The transcript is never lost to
 * diarization: when it fails, the transcript comes back as transcribed, its speakers not
 * separated (`none`), and `onNotSeparated` is told why.
 *
 * Put it outside the channel wrapper (withVoiceSpeakers(withChannelSpeakers(engine), …)): a
 * stereo call recording with one voice per channel comes back from that one with its speakers
 * already separated (`channels`), and is left as it is; everything else is diarized.
 */
import { pipe } from 'fp-ts/lib/function.js'
import * as T from 'fp-ts/lib/Task.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import type { Transcriber, Transcription } from '../../../src/core/ports/transcriber.js'
import type { DiarizationFailure, Diarizer, SpeakerTurn } from './turns.js'

export const voiceSpeakerName = (n: number) => `Speaker ${n}`

/** Each utterance's speaker index: the one whose turns overlap it most, else the nearest turn's; null for no turns. */
const speakerIndexes = (utterances: ReadonlyArray<Utterance>, turns: ReadonlyArray<SpeakerTurn>): number[] | null => {
  if (turns.length === 0) return null
  const sorted = [...turns].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs)
  // The latest end among the turns up to i, and which turn has it: turns may overlap (two voices at once).
  const latestEnd: number[] = []
  const latestAt: number[] = []
  sorted.forEach((t, i) => {
    const before = i === 0 ? -Infinity : latestEnd[i - 1]!
    latestEnd.push(Math.max(before, t.endMs))
    latestAt.push(t.endMs >= before ? i : latestAt[i - 1]!)
  })
  /** The number of turns starting before `ms`. */
  const startingBefore = (ms: number) => {
    let lo = 0
    let hi = sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (sorted[mid]!.startMs < ms) lo = mid + 1
      else hi = mid
    }
    return lo
  }
  return utterances.map((u) => {
    const start = Math.min(u.start_ms, u.end_ms)
    const end = Math.max(u.start_ms, u.end_ms)
    const upTo = startingBefore(Math.max(end, start + 1))
    const overlap = new Map<number, number>()
    for (let i = upTo - 1; i >= 0 && latestEnd[i]! > start; i--) {
      const t = sorted[i]!
      const o = Math.min(end, t.endMs) - Math.max(start, t.startMs)
      if (o > 0) overlap.set(t.speaker, (overlap.get(t.speaker) ?? 0) + o)
    }
    if (overlap.size > 0) return [...overlap].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0]
    // In no turn (a pause the diarizer left out, a word it missed): the nearest turn's voice.
    const before = upTo > 0 ? sorted[latestAt[upTo - 1]!]! : null
    const after = upTo < sorted.length ? sorted[upTo]! : null
    if (before === null) return after!.speaker
    if (after === null) return before.speaker
    return start - before.endMs <= after.startMs - end ? before.speaker : after.speaker
  })
}

/**
 * The utterances with the speakers the turns give them, named in order of first appearance;
 * null when there are no turns (no voice was found).
 */
export const assignSpeakers = (utterances: ReadonlyArray<Utterance>, turns: ReadonlyArray<SpeakerTurn>): Utterance[] | null => {
  const indexes = speakerIndexes(utterances, turns)
  if (indexes === null) return null
  const names = new Map<number, string>()
  return utterances.map((u, i) => {
    const index = indexes[i]!
    if (!names.has(index)) names.set(index, voiceSpeakerName(names.size + 1))
    return { ...u, speaker: names.get(index)! }
  })
}

export interface VoiceSpeakerOptions {
  /** Told, in words, why a transcript's speakers were not separated by voice (diarization failed, or found no voice). */
  readonly onNotSeparated?: (reason: string) => void
  /** The share of progress the transcription stands for, the rest being diarization; default 0.9. */
  readonly transcriptionShare?: number
}

const notSeparated = (t: Transcription): Transcription => ({ ...t, speakerSeparation: 'none' })

export const withVoiceSpeakers = (inner: Transcriber, diarizer: Diarizer, options: VoiceSpeakerOptions = {}): Transcriber => {
  if (!diarizer.available) return inner
  const share = options.transcriptionShare ?? 0.9
  const diarize = (path: string, onProgress?: (f: number) => void): TE.TaskEither<DiarizationFailure, ReadonlyArray<SpeakerTurn>> => () =>
    // A diarizer that throws is a failed diarization, not a failed transcription.
    diarizer
      .diarize(path, onProgress)()
      .catch((e: unknown) => ({ _tag: 'Left' as const, left: { _tag: 'DiarizationFailure' as const, message: e instanceof Error ? e.message : String(e) } }))
  return {
    ...inner,
    transcribe: (audio, onProgress) =>
      pipe(
        inner.transcribe(audio, onProgress === undefined ? undefined : (f) => onProgress(f * share)),
        TE.flatMap((t) => {
          // Already separated (one speaker per channel), or nothing said: nothing to do.
          if ((t.speakerSeparation !== undefined && t.speakerSeparation !== 'none') || t.utterances.length === 0) return TE.right(t)
          return pipe(
            diarize(audio.path, onProgress === undefined ? undefined : (f) => onProgress(share + f * (1 - share))),
            TE.map((turns) => assignSpeakers(t.utterances, turns)),
            TE.fold(
              (f) => {
                options.onNotSeparated?.(`speakers were not separated by voice: ${f.message}`)
                return T.of(notSeparated(t))
              },
              (utterances) => {
                if (utterances !== null) return T.of<Transcription>({ ...t, utterances, speakerSeparation: 'voices' })
                options.onNotSeparated?.('speakers were not separated by voice: the speaker models found no voice in the audio')
                return T.of(notSeparated(t))
              },
            ),
            TE.fromTask,
          )
        }),
      ),
  }
}
