import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import { formatCueTime } from './timestamps.js'

const escapeVtt = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

// A name ending in "-" would form "-->" with the tag's ">", which reads as a cue timing.
const voiceName = (speaker: string): string => escapeVtt(speaker).replace(/\s+/g, ' ').replace(/-$/, '&#45;')

/** WebVTT with one cue per utterance and the speaker as a voice span, as Teams writes it. */
export const renderVtt = (utterances: ReadonlyArray<Utterance>): string =>
  `WEBVTT\n\n${utterances
    .map(
      (u, i) =>
        `${i + 1}\n${formatCueTime(u.start_ms, '.')} --> ${formatCueTime(u.end_ms, '.')}\n` +
        `<v ${voiceName(u.speaker)}>${escapeVtt(u.text)}</v>\n`,
    )
    .join('\n')}`

/** SubRip with `Speaker: text` cue text, as Zoom writes captions. */
export const renderSrt = (utterances: ReadonlyArray<Utterance>): string =>
  utterances
    .map((u, i) => `${i + 1}\n${formatCueTime(u.start_ms, ',')} --> ${formatCueTime(u.end_ms, ',')}\n${u.speaker}: ${u.text}\n`)
    .join('\n')

/** The API's own shape, `{ "utterances": [...] }`. */
export const renderJson = (utterances: ReadonlyArray<Utterance>): string =>
  JSON.stringify({ utterances: utterances.map(({ start_ms, end_ms, speaker, text }) => ({ start_ms, end_ms, speaker, text })) }, null, 2)
