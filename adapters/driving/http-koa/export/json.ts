import * as O from 'fp-ts/lib/Option.js'
import type { RecordingExport } from '../../../../src/core/recordings/index.js'
import { recordingDetail } from '../contract/recordings.js'
import type { ExportFormat } from './format.js'

/** The recording as GET /recordings/{runId} answers it (the object in `data`); the transcript written a page at a time. */
const detailJson = (doc: RecordingExport): string => JSON.stringify(recordingDetail({ run: doc.run, scope: doc.scope, notes: doc.notes, transcript: O.none }))

/** The detail with the whole transcript and `transcriptTotal`; at summary scope, the detail alone. */
export const json: ExportFormat = {
  ext: 'json',
  contentType: 'application/json; charset=utf-8',
  transcriptOnly: false,
  head: (doc) => (doc.transcript === null ? detailJson(doc) : `${detailJson(doc).slice(0, -1)},"transcript":[`),
  utterances: (rows, first) =>
    rows.map((u, i) => `${first + i === 0 ? '' : ','}${JSON.stringify({ start_ms: u.start_ms, end_ms: u.end_ms, speaker: u.speaker, text: u.text })}`).join(''),
  tail: (doc) => (doc.transcript === null ? '\n' : `],"transcriptTotal":${doc.transcript.total}}\n`),
}
