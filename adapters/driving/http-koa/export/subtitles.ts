import type { ExportFormat } from './format.js'
import { escapeVtt } from './escape.js'
import { cueEnd, oneLine, srtTime, vttTime } from './times.js'

/** WebVTT, each cue voiced by its speaker: `<v Maria Lopez>text`. */
export const vtt: ExportFormat = {
  ext: 'vtt',
  contentType: 'text/vtt; charset=utf-8',
  transcriptOnly: true,
  head: () => 'WEBVTT\n\n',
  utterances: (rows, first) =>
    rows
      .map((u, i) => `${first + i + 1}\n${vttTime(u.start_ms)} --> ${vttTime(cueEnd(u.start_ms, u.end_ms))}\n<v ${escapeVtt(oneLine(u.speaker))}>${escapeVtt(oneLine(u.text))}\n\n`)
      .join(''),
  tail: () => '',
}

/** SubRip: numbered cues, the speaker before the text (`Maria Lopez: text`). */
export const srt: ExportFormat = {
  ext: 'srt',
  contentType: 'application/x-subrip; charset=utf-8',
  transcriptOnly: true,
  head: () => '',
  utterances: (rows, first) =>
    rows.map((u, i) => `${first + i + 1}\n${srtTime(u.start_ms)} --> ${srtTime(cueEnd(u.start_ms, u.end_ms))}\n${oneLine(u.speaker)}: ${oneLine(u.text)}\n\n`).join(''),
  tail: () => '',
}
