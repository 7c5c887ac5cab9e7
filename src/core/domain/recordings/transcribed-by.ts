/** How good a speech-to-text engine's words are: `rough` (PocketSphinx: many words wrong) or `accurate` (Whisper, a speech-to-text service). */
export type TranscriptAccuracy = 'rough' | 'accurate'

/**
 * The engine that made a recording's transcript, so a reader can tell a rough one (worth processing
 * again once a better engine is in place) from an accurate one. `engine` is the engine's name as
 * GET /server gives it (`whisper`, `pocketsphinx`, `openai`), or `captions` for a bot's transcript
 * made of the meeting's own captions. `model` is the model it ran (a Whisper model's name), null
 * when it has none or does not say; `accuracy` null when not known.
 */
export interface TranscribedBy {
  readonly engine: string
  readonly model: string | null
  readonly accuracy: TranscriptAccuracy | null
}

/** A bot's transcript made of the meeting's own captions: no engine of ours ran. */
export const CAPTIONS_TRANSCRIPT: TranscribedBy = { engine: 'captions', model: null, accuracy: null }
