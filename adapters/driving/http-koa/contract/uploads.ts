/** The wire shapes of /uploads: the body that creates an upload, and the upload answered. */
import { pageOf } from '../dispatch/envelope.js'
import * as t from 'io-ts'
import { DateTime } from '../../../../src/core/domain/ids.js'
import { LANGUAGE_REQUEST_PATTERN } from '../../../../src/core/domain/recordings/language.js'
import { languageOf, progressOf } from '../../../../src/core/domain/recordings/run.js'
import {
  MAX_CONTENT_TYPE_LENGTH,
  MAX_FILENAME_LENGTH,
  MAX_UPLOAD_TITLE_LENGTH,
  UploadContentType,
  UploadFilename,
  UploadTitle,
} from '../../../../src/core/domain/recordings/upload-codecs.js'
import { stageOf, UPLOAD_STAGES } from '../../../../src/core/domain/recordings/upload.js'
import type { UploadView } from '../../../../src/core/uploads/index.js'
import { annotate, formatted } from '../openapi/codec-schema.js'
import { FailedStage, LanguageCodec, ProgressCodec } from './recordings.js'

export const CreateUploadBody = t.exact(
  t.intersection([
    t.type({
      filename: annotate(UploadFilename, {
        type: 'string',
        minLength: 1,
        maxLength: MAX_FILENAME_LENGTH,
        description: 'Decides the kind: .wav .mp3 .m4a .ogg .opus .webm .flac .mp4 (audio) or .vtt .srt .txt .json (transcript). Audio is refused (422) when the server has no speech-to-text engine.',
      }),
    }),
    t.partial({
      title: annotate(UploadTitle, { type: 'string', maxLength: MAX_UPLOAD_TITLE_LENGTH, description: `Shown in lists; the file name without its extension when absent or blank. At most ${MAX_UPLOAD_TITLE_LENGTH} characters, one line.` }),
      contentType: annotate(UploadContentType, { type: 'string', maxLength: MAX_CONTENT_TYPE_LENGTH, description: `The file's media type as the client knows it (kept as given). At most ${MAX_CONTENT_TYPE_LENGTH} characters.` }),
      byteSize: annotate(t.Int, { description: 'The file size in bytes; the content must match it exactly.' }),
      startsAt: DateTime,
      kind: t.keyof({ audio: null, transcript: null }),
      language: annotate(t.string, {
        pattern: LANGUAGE_REQUEST_PATTERN,
        examples: ['de', 'pt-BR', 'auto'],
        description:
          'The language spoken: a lowercase ISO 639 code (two letters, or three for a language without a two-letter one), optionally with a region in capitals (`en`, `de`, `yue`, `pt-BR`), or `auto` to have the engine detect it. Absent: the engine\'s default (English for pocketsphinx and English-only Whisper models). Another shape is 422 on `language`; so is a language the server\'s engine cannot transcribe (pocketsphinx knows English only), with how to get one that can. For a transcript file it is only recorded (`auto` means unknown there).',
      }),
      template: annotate(t.string, {
        examples: ['sales-call'],
        description:
          'The summary template for the recording\'s notes: an id of `templates` in GET /notes-settings (`general`, `standup`, `sales-call`, `one-on-one`, `interview`, or the operator\'s own). Absent: the organization\'s (or account\'s) `defaultTemplate` when the notes are made. An unknown id is 422 on `template`, naming the known ones.',
      }),
    }),
  ]),
  'CreateUpload',
)

export const UploadCodec = t.exact(
  t.type({
    id: formatted('uuid'),
    runId: formatted('uuid'),
    reference: t.string,
    title: t.string,
    kind: t.keyof({ audio: null, transcript: null }),
    stage: annotate(t.keyof(Object.fromEntries(UPLOAD_STAGES.map((s) => [s, null])) as Record<(typeof UPLOAD_STAGES)[number], null>), {
      description:
        '`pending` (waiting for the file) → `stored` → `transcribing` → `analysing` → `ready`, or `failed` with `error` and `failedStage` (retry moves failed → stored, or → analysing when the analysis failed: the transcript is kept).',
    }),
    filename: t.string,
    byteSize: t.union([t.number, t.null]),
    durationMs: t.union([t.number, t.null]),
    startsAt: formatted('date-time'),
    createdAt: formatted('date-time'),
    updatedAt: formatted('date-time'),
    error: t.union([t.string, t.null]),
    warnings: annotate(t.array(t.string), {
      description:
        'What to know about how the file was read, in words; empty when it was read whole. For a transcript file: the parts left out because they could not be read (bad cues, stray lines, removed control characters), counted with the first few quoted by line, e.g. "2 parts of the file could not be read and were left out (line 14: ...; line 40: ...)"; and a character encoding that had to be guessed. Set when the transcript is read; a file with nothing readable fails instead.',
    }),
    hasNotes: t.boolean,
    progress: ProgressCodec,
    language: LanguageCodec,
    failedStage: FailedStage,
  }),
  'Upload',
)

export const uploadView = ({ upload, run }: UploadView): t.TypeOf<typeof UploadCodec> => ({
  id: upload.id, runId: upload.runId, reference: upload.reference, title: upload.title, kind: upload.kind, stage: stageOf(run.state),
  filename: upload.filename, byteSize: upload.byteSize, durationMs: upload.durationMs, startsAt: upload.startsAt,
  createdAt: upload.createdAt, updatedAt: upload.updatedAt, error: upload.error ?? (run.state === 'failed' ? run.detail : null), warnings: [...upload.warnings],
  hasNotes: run.hasNotes, progress: progressOf(run),
  language: languageOf(run),
  failedStage: run.failedStage,
})

export const UploadPageCodec = pageOf(UploadCodec, 'UploadPage')
