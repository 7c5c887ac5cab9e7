import type * as TE from 'fp-ts/lib/TaskEither.js'

/** What a model file is for: speech to text (Whisper), or one half of telling voices apart. */
export type SpeechModelKind = 'whisper' | 'speaker-segmentation' | 'speaker-embedding'

/**
 * Where a model stands on this server:
 * - `absent`: not here;
 * - `downloading`: a download runs now (`receivedBytes` of `bytes`);
 * - `partial`: a download stopped part way; pulling again resumes it;
 * - `present`: here, checked, usable;
 * - `unusable`: a file is here under its name that cannot be used (`problem` says why).
 */
export type SpeechModelState = 'absent' | 'downloading' | 'partial' | 'present' | 'unusable'

/** One model of the server's catalog, as an administrator sees it. */
export interface SpeechModelView {
  /** What the commands and routes take: `base.en`. */
  readonly name: string
  readonly kind: SpeechModelKind
  /** The file's exact size (the catalog's). */
  readonly bytes: number
  readonly multilingual: boolean
  /** `published`: whisper.cpp's or sherpa-onnx's file; `operator`: from NOTETAKER_MODELS_CATALOG. */
  readonly source: 'published' | 'operator'
  /** For a Whisper model, its accuracy in a few words ("accurate", "very accurate, slow on a CPU"); for a speaker model, what it does. */
  readonly description: string
  readonly state: SpeechModelState
  /** Bytes on disk: of the download so far, or the whole file when present. */
  readonly receivedBytes: number
  /** Why the model is unusable, or why its last download or file was refused, in words; null otherwise. */
  readonly problem: string | null
  /** Whether the speech engine (or speaker separation) uses it now. */
  readonly inUse: boolean
}

export interface SpeechModelFailure {
  readonly _tag: 'SpeechModelFailure'
  /**
   * `unknown-model`: no model of the catalog has that name (404);
   * `refused`: the file or the download is not the model, or the request cannot be done now (422), in words;
   * `unavailable`: the models folder cannot be written or read (500).
   */
  readonly kind: 'unknown-model' | 'refused' | 'unavailable'
  readonly message: string
}

/**
 * The server's model files (DATA_DIR/models): listed, downloaded from the configured mirror in
 * the background, added from a file already on this machine, removed. Every file is checked
 * (size, SHA-256, and that the engine can read it) before it is put under its name, and the
 * speech engine follows each change without a restart.
 */
export interface SpeechModels {
  list(): TE.TaskEither<SpeechModelFailure, ReadonlyArray<SpeechModelView>>
  /** Starts (or resumes) a download and answers at once, the model `downloading`; a present model answers as it is. */
  pull(name: string): TE.TaskEither<SpeechModelFailure, SpeechModelView>
  /** Checks the file at `path` (a temporary copy the caller owns and deletes) as the model `name` and puts it in place. */
  add(name: string, path: string): TE.TaskEither<SpeechModelFailure, SpeechModelView>
  /** Deletes the model's file and any download of it; false when there was nothing. */
  remove(name: string): TE.TaskEither<SpeechModelFailure, boolean>
}
