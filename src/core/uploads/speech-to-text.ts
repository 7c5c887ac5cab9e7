import type { Transcriber } from '../ports/transcriber.js'

/** What this server does with audio: the engine (and model) it transcribes with, or why it cannot. */
export interface SpeechToText {
  readonly engine: string
  readonly available: boolean
  readonly model: string | null
  /** When not available: what an operator does to make audio transcribable. */
  readonly setupHint: string | null
}

export const speechToText = (deps: { readonly transcriber: Transcriber }) => (): SpeechToText => ({
  engine: deps.transcriber.name,
  available: deps.transcriber.available,
  model: deps.transcriber.model ?? null,
  setupHint: deps.transcriber.available ? null : (deps.transcriber.setupHint ?? null),
})
