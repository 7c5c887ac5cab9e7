import type { RunState } from './run.js'

export type UploadKind = 'audio' | 'transcript'

const EXTENSIONS: Readonly<Record<string, UploadKind>> = {
  wav: 'audio', mp3: 'audio', m4a: 'audio', ogg: 'audio', opus: 'audio', webm: 'audio', flac: 'audio', mp4: 'audio',
  vtt: 'transcript', srt: 'transcript', txt: 'transcript', json: 'transcript',
}
export const AUDIO_EXTENSIONS = Object.keys(EXTENSIONS).filter((e) => EXTENSIONS[e] === 'audio')
export const TRANSCRIPT_EXTENSIONS = Object.keys(EXTENSIONS).filter((e) => EXTENSIONS[e] === 'transcript')

/** The file's extension, lowercased, when it is one we read. */
export const extensionOf = (filename: string): string | null => {
  const m = /\.([A-Za-z0-9]+)$/.exec(filename.trim())
  const ext = m?.[1]?.toLowerCase()
  return ext !== undefined && ext in EXTENSIONS ? ext : null
}

export const kindOf = (filename: string): UploadKind | null => {
  const ext = extensionOf(filename)
  return ext === null ? null : EXTENSIONS[ext]!
}

export type UploadStage = 'pending' | 'stored' | 'transcribing' | 'analysing' | 'ready' | 'failed'
export const UPLOAD_STAGES: ReadonlyArray<UploadStage> = ['pending', 'stored', 'transcribing', 'analysing', 'ready', 'failed']

/** An upload's stage is its run's state seen from the upload's side. */
export const stageOf = (state: RunState): UploadStage => {
  switch (state) {
    case 'stored':
    case 'transcribing':
    case 'analysing':
    case 'ready':
    case 'failed':
      return state
    default:
      return 'pending'
  }
}

export interface Upload {
  readonly id: string
  readonly accountId: string
  readonly runId: string
  readonly reference: string
  readonly title: string
  readonly kind: UploadKind
  readonly filename: string
  readonly contentType: string | null
  /** Declared at creation, checked when the bytes arrive; then the stored size. */
  readonly byteSize: number | null
  readonly durationMs: number | null
  readonly startsAt: string
  readonly createdAt: string
  readonly updatedAt: string
  readonly error: string | null
  /**
   * What the user should know about how the file was read, in words: parts of a transcript left
   * out ("2 parts of the file could not be read and were left out (line 14: ...)"), a guessed
   * character encoding. Empty for audio and for files read whole.
   */
  readonly warnings: ReadonlyArray<string>
}

const AUDIO_MIME: Readonly<Record<string, string>> = {
  wav: 'audio/wav', mp3: 'audio/mpeg', m4a: 'audio/mp4', ogg: 'audio/ogg', opus: 'audio/ogg', webm: 'audio/webm', flac: 'audio/flac', mp4: 'video/mp4',
}
/** The content type the audio endpoint serves for a stored file. */
export const audioMimeType = (extension: string, declared: string | null): string =>
  declared !== null && /^(audio|video)\/[\w.+-]+$/.test(declared) ? declared : (AUDIO_MIME[extension] ?? 'application/octet-stream')

/**
 * What every stored file of an upload starts with: the content is stored as
 * `<prefix>-<attempt>.<extension>` (see storeUploadContent), so deleting the
 * upload removes whatever an attempt left.
 */
/** What processing keeps of a run while it works on it (a transcription's finished windows); erased with the run. */
export const processingFilesPrefix = (accountId: string, runId: string): string => `processing/${accountId}/${runId}/`

export const uploadFilesPrefix = (accountId: string, uploadId: string): string => `uploads/${accountId}/${uploadId}`
