import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { toIso } from '../domain/ids.js'
import { AUTO_LANGUAGE, canTranscribeIn, isLanguageRequest, languageName } from '../domain/recordings/language.js'
import { newRun } from '../domain/recordings/run.js'
import { sizeInWords } from '../domain/size-words.js'
import { UPLOAD_RULES } from '../domain/recordings/upload-codecs.js'
import { AUDIO_EXTENSIONS, extensionOf, kindOf, TRANSCRIPT_EXTENSIONS, type Upload, type UploadKind, uploadFilesPrefix } from '../domain/recordings/upload.js'
import { type AppError, invalidField } from '../errors.js'
import type { Ids } from '../ports/ids.js'
import type { RunStore, UploadStore } from '../ports/recording-stores.js'
import type { Transcriber } from '../ports/transcriber.js'
import { type AllowanceDeps, checkTemplateChoice, createCountedRun, type NotesSettingsDeps } from '../recordings/index.js'

export interface CreateUploadInput {
  readonly filename: string
  readonly title?: string
  readonly contentType?: string
  readonly byteSize?: number
  readonly startsAt?: string
  readonly kind?: UploadKind
  /** The language spoken: a code (`de`, `pt-BR`) or `auto` to detect it; absent for the engine's default. */
  readonly language?: string
  /** The summary template for its notes (a catalogue id); absent: the organization's or account's default at analysis time. */
  readonly template?: string
}

export interface CreateUploadDeps extends AllowanceDeps, Pick<NotesSettingsDeps, 'notesEngines' | 'analyzer'> {
  readonly uploads: UploadStore
  readonly runs: RunStore
  readonly ids: Ids
  /** Largest file accepted, in bytes. */
  readonly maxUploadBytes: number
  /** Largest transcript file accepted, in bytes: transcripts are read whole, so they have a lower limit than audio. */
  readonly maxTranscriptBytes: number
  /** Whether audio can be transcribed here: audio is refused up front when it cannot. */
  readonly transcriber: Pick<Transcriber, 'name' | 'available' | 'setupHint' | 'languages'>
}

export type UploadLimits = Pick<CreateUploadDeps, 'maxUploadBytes' | 'maxTranscriptBytes'>

/** The largest file of this kind, in bytes, and how to say so. */
export const uploadLimit = (kind: UploadKind, limits: UploadLimits): { readonly bytes: number; readonly words: string } =>
  kind === 'transcript' && limits.maxTranscriptBytes < limits.maxUploadBytes
    ? { bytes: limits.maxTranscriptBytes, words: `the ${sizeInWords(limits.maxTranscriptBytes)} transcript limit` }
    : { bytes: limits.maxUploadBytes, words: `the ${sizeInWords(limits.maxUploadBytes)} upload limit` }

/** Why an audio file cannot be taken here: no speech-to-text engine, and what to do about it. */
export const noTranscriberMessage = (transcriber: Pick<Transcriber, 'setupHint'>): string =>
  `This server cannot transcribe audio, so audio uploads are refused (nothing was created or counted). ${
    transcriber.setupHint ?? 'Ask its operator to configure a speech-to-text engine, or upload a transcript file (.vtt, .srt, .txt, .json) instead.'
  }`

/** Why audio in `language` cannot be taken here: the engine does not know it, and how to get one that does. */
export const unsupportedLanguageMessage = (transcriber: Pick<Transcriber, 'name' | 'languages'>, language: string): string => {
  const known = transcriber.languages === 'any' || transcriber.languages === undefined ? [] : transcriber.languages
  const understood = known.length === 0 ? 'no language' : `only ${known.map((c) => `${languageName(c)} (${c})`).join(', ')}`
  const name = languageName(language)
  return `This server's speech-to-text engine (${transcriber.name}) understands ${understood}, so audio in ${name} (${language}) is refused (nothing was created or counted). ` +
    `To transcribe ${name}, ask the server's operator to add Whisper's multilingual model \`base\` (Download in the web app's Settings → Speech, or \`notetaker models pull base\`; no restart needed).`
}

const LANGUAGE_WORDS = `language must be \`${AUTO_LANGUAGE}\` or a lowercase ISO 639 language code of 2 or 3 letters, optionally with a region in capitals (en, de, yue, pt-BR)`

/** What a file must be, by the end of its name: said as a person picks a file, not as the field is named. */
const FILE_TYPE_WORDS = `The file must be audio (.${AUDIO_EXTENSIONS.join(', .')}) or a transcript (.${TRANSCRIPT_EXTENSIONS.join(', .')})`

const check = (input: CreateUploadInput, limits: UploadLimits, transcriber: CreateUploadDeps['transcriber']): AppError | UploadKind => {
  const kind = kindOf(input.filename)
  if (!UPLOAD_RULES.filename.ok(input.filename)) return invalidField('filename', `filename ${UPLOAD_RULES.filename.message}`)
  if (input.title !== undefined && !UPLOAD_RULES.title.ok(input.title)) return invalidField('title', `title ${UPLOAD_RULES.title.message}`)
  if (input.contentType !== undefined && !UPLOAD_RULES.contentType.ok(input.contentType)) return invalidField('contentType', `contentType ${UPLOAD_RULES.contentType.message}`)
  if (kind === null) {
    return invalidField('filename', FILE_TYPE_WORDS)
  }
  if (input.kind !== undefined && input.kind !== kind) {
    return invalidField('kind', `kind '${input.kind}' does not match the file name, which is ${kind === 'audio' ? 'an audio file' : 'a transcript'}`)
  }
  if (kind === 'audio' && !transcriber.available) return invalidField('filename', noTranscriberMessage(transcriber))
  if (input.language !== undefined && !isLanguageRequest(input.language)) return invalidField('language', LANGUAGE_WORDS)
  if (kind === 'audio' && input.language !== undefined && !canTranscribeIn(transcriber.languages ?? 'any', input.language)) {
    return invalidField('language', unsupportedLanguageMessage(transcriber, input.language))
  }
  if (input.byteSize !== undefined && (!Number.isInteger(input.byteSize) || input.byteSize < 1)) {
    return invalidField('byteSize', 'byteSize must be a whole number of bytes above 0')
  }
  const limit = uploadLimit(kind, limits)
  if (input.byteSize !== undefined && input.byteSize > limit.bytes) {
    return invalidField('byteSize', `the file is larger than ${limit.words}`)
  }
  return kind
}

/** A transcript is not transcribed: there is nothing to detect, so `auto` means unknown. */
const languageAsked = (kind: UploadKind, language: string | undefined): string | null =>
  language === undefined || (kind === 'transcript' && language === AUTO_LANGUAGE) ? null : language

/** The first of the two upload requests: the record and its run, waiting for the bytes. */
export const createUpload =
  (deps: CreateUploadDeps) =>
  (actor: Actor, input: CreateUploadInput): TE.TaskEither<AppError, Upload> => {
    const kind = check(input, deps, deps.transcriber)
    if (typeof kind !== 'string') return TE.left(kind)
    const badTemplate = checkTemplateChoice(deps)(input.template)
    if (badTemplate !== null) return TE.left(badTemplate)
    const now = deps.clock.now().toISOString()
    const title = input.title?.trim() || input.filename.replace(/\.[^.]+$/, '')
    const startsAt = input.startsAt === undefined ? now : toIso(input.startsAt)
    const uploadId = deps.ids.uuid()
    const run = newRun({
      id: deps.ids.uuid(), accountId: actor.accountId, reference: deps.ids.reference('rec'), origin: 'upload', title, startsAt,
      state: 'awaiting_upload', createdAt: now, language: languageAsked(kind, input.language), template: input.template ?? null,
      source: { kind, key: `${uploadFilesPrefix(actor.accountId, uploadId)}.${extensionOf(input.filename)}`, format: extensionOf(input.filename)! },
    })
    const upload: Upload = {
      id: uploadId, accountId: actor.accountId, runId: run.id, reference: deps.ids.reference('upl'), title, kind,
      filename: input.filename.trim(), contentType: input.contentType ?? null, byteSize: input.byteSize ?? null, durationMs: null,
      startsAt, createdAt: now, updatedAt: now, error: null, warnings: [],
    }
    return pipe(
      createCountedRun(deps)(run),
      TE.flatMap(() => deps.uploads.create(upload)),
    )
  }
