/**
 * Exports of a recording: Markdown, WebVTT, SubRip, plain text and JSON.
 * Formats are presentation, so they live in the HTTP adapter beside the JSON
 * serializer; the core gives what to export (the notes as edited and a paged
 * transcript, RecordingExport) and these pure functions write it.
 */
import type { ExportFormat } from './format.js'
import { json } from './json.js'
import { markdown } from './markdown.js'
import { srt, vtt } from './subtitles.js'
import { text } from './text.js'

export const EXPORT_FORMATS = { md: markdown, vtt, srt, txt: text, json } as const satisfies Record<string, ExportFormat>
export type ExportFormatName = keyof typeof EXPORT_FORMATS

export { attachment, safeFilename } from './filename.js'
export type { ExportFormat } from './format.js'
