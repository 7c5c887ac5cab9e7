import type { Utterance } from './utterance.js'

/**
 * What a bot leaves behind, in the blob store under one prefix per run. Each
 * piece is appended as it arrives, so a bot whose process dies mid-meeting still
 * leaves everything it heard up to then.
 */
export const botFiles = (accountId: string, runId: string) => {
  const base = `bots/${accountId}/${runId}`
  return {
    /** What every file of the bot's starts with (deleting the recording removes them all). */
    prefix: `${base}/`,
    /** Caption lines, one JSON Utterance per line. */
    captions: `${base}/captions.jsonl`,
    /** Active-speaker changes, one JSON SpeakerTurn per line; processing names the speakers of transcribed audio from it. */
    speakers: `${base}/speakers.jsonl`,
    /** The transcript handed to processing, built from the captions when the bot ends. */
    transcript: `${base}/transcript.json`,
    audio: (mimeType: string) => `${base}/audio.${audioExtension(mimeType)}`,
  }
}

/** Someone started speaking `offsetMs` after the recording began. */
export interface SpeakerTurn {
  readonly offsetMs: number
  readonly name: string
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/flac': 'flac',
}

/** The file extension processing expects for a bot's audio type (codec parameters ignored). */
export const audioExtension = (mimeType: string): string => EXTENSIONS[mimeType.split(';')[0]!.trim().toLowerCase()] ?? 'bin'

/** Lines of JSON, skipping a torn last line (a process that died mid-append). */
export const readJsonLines = <A>(text: string, is: (u: unknown) => u is A): A[] =>
  text.split('\n').flatMap((line) => {
    if (line.trim() === '') return []
    try {
      const value: unknown = JSON.parse(line)
      return is(value) ? [value] : []
    } catch {
      return []
    }
  })

export const jsonLine = (value: unknown): Uint8Array => new TextEncoder().encode(`${JSON.stringify(value)}\n`)

/**
 * Names the speaker of each transcribed utterance from a bot's speaker timeline:
 * the person who was the active speaker for most of the utterance. Utterances
 * before the first turn keep their speaker.
 */
export const attributeSpeakers = (utterances: ReadonlyArray<Utterance>, turns: ReadonlyArray<SpeakerTurn>): Utterance[] => {
  const sorted = [...turns].sort((a, b) => a.offsetMs - b.offsetMs)
  return utterances.map((u) => {
    const talk = new Map<string, number>()
    sorted.forEach((turn, i) => {
      const end = sorted[i + 1]?.offsetMs ?? Number.POSITIVE_INFINITY
      const overlap = Math.min(end, u.end_ms) - Math.max(turn.offsetMs, u.start_ms)
      if (overlap > 0) talk.set(turn.name, (talk.get(turn.name) ?? 0) + overlap)
    })
    let best: string | null = null
    for (const [name, ms] of talk) if (best === null || ms > talk.get(best)!) best = name
    return best === null ? u : { ...u, speaker: best }
  })
}

export const isSpeakerTurn = (u: unknown): u is SpeakerTurn =>
  typeof u === 'object' && u !== null && typeof (u as SpeakerTurn).offsetMs === 'number' && typeof (u as SpeakerTurn).name === 'string'
