import { Readable } from 'node:stream'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type AppError, notFound } from '../../../../src/core/errors.js'
import type { RecordingExport } from '../../../../src/core/recordings/index.js'
import type { Core } from '../../../../src/core/build-core.js'
import { attachment, EXPORT_FORMATS, type ExportFormat } from '../export/index.js'
import { evaluatePreconditions, type Headers, preconditionFailed, validatorHeaders, type Validators, weakEtag } from '../exchange/conditional.js'
import { uuidPath } from '../dispatch/params.js'
import { type Reply, route } from '../route.js'
import { formatParam } from '../contract/recording-export.js'

/** Utterances read from the store per step of writing an export: a long meeting is never held whole. */
export const EXPORT_PAGE = 500

/** Head, the transcript a page at a time, then tail: a failure while reading a page cuts the download (the client sees it incomplete). */
async function* written(format: ExportFormat, doc: RecordingExport): AsyncGenerator<Buffer> {
  yield Buffer.from(format.head(doc))
  const transcript = doc.transcript
  if (transcript !== null) {
    for (let offset = 0; offset < transcript.total; offset += EXPORT_PAGE) {
      const page = await transcript.page(offset, EXPORT_PAGE)()
      if (page._tag === 'Left') throw new Error(`the transcript could not be read at utterance ${offset}`)
      if (page.right.length === 0) break
      yield Buffer.from(format.utterances(page.right, offset))
    }
  }
  yield Buffer.from(format.tail(doc))
}

/**
 * The export's validators: a weak ETag from everything its bytes are made of (the format, the
 * caller's scope, the file name, all but the transcript as written, and the transcript's version:
 * how many utterances, the run's last move, the speakers' names), so it changes when notes are
 * edited or a speaker renamed; weak, because the transcript is known by its version, not read.
 * Last-Modified is the latest change the export holds.
 */
export const exportValidators = (format: ExportFormat, doc: RecordingExport, disposition: string): Validators => ({
  etag: weakEtag(format.contentType, doc.scope, disposition, format.head(doc), format.tail(doc), doc.transcript?.version ?? '', doc.changedAt),
  lastModified: new Date(doc.changedAt),
})

const download = (format: ExportFormat, doc: RecordingExport, requestHeaders: Headers): TE.TaskEither<AppError, Reply<never>> => {
  // Subtitles are only the transcript, which a summary-scope share does not give: answered like the audio, 404.
  if (format.transcriptOnly && doc.transcript === null) return TE.left(notFound('Transcript of this recording'))
  const disposition = attachment(doc.run.title, format.ext)
  const validators = exportValidators(format, doc, disposition)
  const headers = { 'content-type': format.contentType, 'content-disposition': disposition, 'cache-control': 'private, max-age=0', ...validatorHeaders(validators) }
  const precondition = evaluatePreconditions(requestHeaders, validators)
  if (precondition.outcome === 'not-modified') return TE.right({ status: 304, stream: null, headers })
  // Without Content-Disposition: the refusal is not offered as a download.
  if (precondition.outcome === 'failed') return TE.right(preconditionFailed('export', precondition.header, validators))
  return TE.right({ status: 200, stream: Readable.from(written(format, doc)), headers })
}

export const recordingExportRoutes = (core: Core) => [
  route({
    operationId: 'exportRecording', method: 'get', path: '/recordings/{runId}/export', tag: 'Recordings', access: 'read',
    summary: 'Download the notes and transcript as Markdown, WebVTT, SubRip, text or JSON',
    description:
      'Answers a file (`Content-Disposition: attachment; filename="<title>.<ext>"`, the title made safe for file systems, with `filename*` when it is not ASCII) in the format of `format` (default `md`). Speakers carry the names people gave them and action items their edits. The transcript is written as it is read, a page at a time, so any length downloads. A recording shared with the caller at **summary** scope exports its notes only: `md`, `txt` and `json` without the transcript, and `vtt` and `srt` (nothing but the transcript) answer 404, like its audio. A recording without notes yet exports its title and date (and its transcript, if any).\n\n' +
      'Every export carries a weak `ETag` (`W/"…"`), made from what the file is made of: the format, the caller\'s scope, the notes as edited, the speakers\' names, the transcript\'s length and the recording\'s last change, so it changes when notes are edited, a speaker is renamed or the recording is processed again; and `Last-Modified`, the latest of those changes (while a recording is being recorded or processed, the time of the answer). `If-None-Match` matching (weak comparison, `*` matches) answers 304 with no body, and so does, without `If-None-Match`, an `If-Modified-Since` not earlier than `Last-Modified`; `If-Match` (strong comparison, which a weak ETag never passes; `*` does) or `If-Unmodified-Since` failing answers 412 (RFC 9110 §13.2.2).',
    params: { runId: uuidPath('The recording (run) id.') },
    query: { format: formatParam },
    success: {
      status: 200,
      description: 'The file.',
      data: {
        stream: 'text/markdown',
        alternatives: ['text/vtt', 'application/x-subrip', 'text/plain', 'application/json'],
        headers: {
          'Content-Disposition': 'attachment; filename="<title>.<ext>" (and filename*=UTF-8\'\'... for a title that is not ASCII).',
          ETag: 'A weak entity-tag of this export: another once the notes, a speaker\'s name or the transcript change.',
          'Last-Modified': 'The latest change the export holds (an HTTP-date).',
        },
      },
      extraStatuses: [
        {
          status: 304,
          description: 'Not modified: If-None-Match matched the ETag, or (without If-None-Match) nothing changed since If-Modified-Since. No body.',
          headers: { ETag: 'The current entity-tag.', 'Last-Modified': 'The latest change the export holds.' },
        },
        {
          status: 412,
          description: 'A precondition failed: If-Match (a weak ETag never passes it; `*` does) or If-Unmodified-Since; a VALIDATION_ERROR envelope whose details[].path names the header.',
          headers: { ETag: 'The current entity-tag.' },
          envelope: true,
        },
      ],
    },
    errorNotes: {
      NOT_FOUND: "No such recording (another account's answers 404 too), or `vtt`/`srt` of a recording shared at summary scope.",
      VALIDATION_ERROR: 'An unknown `format`.',
    },
    handle: ({ actor, params, query, headers }) =>
      pipe(
        core.recordings.exportRecording(actor, params.runId),
        TE.flatMap((doc) => download(EXPORT_FORMATS[query.format], doc, headers)),
      ),
  }),
]
