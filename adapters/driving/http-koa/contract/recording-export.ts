/** The query of GET /recordings/{runId}/export: which format. */
import { EXPORT_FORMATS, type ExportFormatName } from '../export/index.js'
import type { Param } from '../dispatch/params.js'

const NAMES = Object.keys(EXPORT_FORMATS) as ExportFormatName[]

export const formatParam: Param<ExportFormatName> = {
  schema: { type: 'string', enum: NAMES, default: 'md' },
  required: false,
  description:
    '`md` (Markdown: title, date, duration, summaries, decisions, action items with owner, due date and `- [x]` when done, topics, speakers, then the transcript with times and speaker names), `vtt` (WebVTT, a `<v Speaker Name>` voice tag on every cue), `srt` (SubRip, "Speaker Name: text"), `txt` ("[hh:mm:ss] Speaker: text" after the notes) or `json` (the recording as GET /recordings/{runId} answers it, with the whole transcript and `transcriptTotal`). Defaults to `md`; another value is refused (422).',
  read: (raw) =>
    raw === undefined
      ? { ok: true, value: 'md' }
      : (NAMES as string[]).includes(raw)
        ? { ok: true, value: raw as ExportFormatName }
        : { ok: false, unreadable: false, message: `unknown format '${raw}'; allowed: ${NAMES.join(', ')}` },
}
