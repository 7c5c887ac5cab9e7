/** Words for a recording's fields, and when the app should keep watching it. */
import type { RecordingRow } from '../../api.js'

export const ORIGIN_WORDS: Readonly<Record<RecordingRow['origin'], string>> = {
  calendar: 'Calendar',
  manual: 'Bot',
  upload: 'Upload',
}

/** The address of a recording's page, at a moment of it when `atMs` is given. */
export const recordingHref = (runId: string, atMs?: number | null): string =>
  `/recordings/${encodeURIComponent(runId)}${atMs == null ? '' : `?t=${Math.round(atMs)}`}`

/** A bot's own page: its state and live transcript while in its meeting, then its processing, until the notes are ready. */
export const botHref = (runId: string): string => `/bots/${encodeURIComponent(runId)}`

/** The API's own address of a recording's audio and exports (the session cookie authenticates them). */
export const audioUrl = (runId: string): string => `/ext/v1/recordings/${encodeURIComponent(runId)}/audio`
export const exportUrl = (runId: string, format: 'md' | 'vtt' | 'srt' | 'txt' | 'json'): string =>
  `/ext/v1/recordings/${encodeURIComponent(runId)}/export?format=${format}`

const SOON_MS = 5 * 60_000

/**
 * Whether a recording may change any moment, so its page should poll: a bot on its way or in
 * the call, or processing. A meeting scheduled for later is left alone until its start is near.
 */
export const isLive = (r: Pick<RecordingRow, 'phase' | 'state' | 'startsAt'>, now = Date.now()): boolean =>
  r.phase === 'in_call' || r.phase === 'processing' || r.state === 'queued' || (r.state === 'scheduled' && Date.parse(r.startsAt) - now < SOON_MS)

/** Stage of processing in words, with how much of it is done. */
export const progressWords = (p: { stage: string; fraction: number }): string =>
  `${p.stage === 'transcribing' ? 'Transcribing' : 'Analysing'} — ${Math.round(p.fraction * 100)} % done`
