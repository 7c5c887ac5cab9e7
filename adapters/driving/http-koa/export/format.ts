import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import type { RecordingExport } from '../../../../src/core/recordings/index.js'

/**
 * One export format, written in three parts so the transcript between them
 * can be read a page at a time: `head` (everything before the transcript),
 * `utterances` for each page, then `tail`.
 */
export interface ExportFormat {
  readonly ext: string
  readonly contentType: string
  /** Subtitles are the transcript and nothing else: a summary-scope share has nothing to export in them. */
  readonly transcriptOnly: boolean
  head(doc: RecordingExport): string
  /** `first` is the position of rows[0] in the whole transcript (0-based). */
  utterances(rows: ReadonlyArray<Utterance>, first: number): string
  tail(doc: RecordingExport): string
}
