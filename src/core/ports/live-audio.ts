/**
 * The meeting audio decoded while the bot records it, for live lines transcribed in short
 * windows when the platform shows no captions.
 */

/** Samples per second of what `samples` gives (mono, 16-bit): what speech engines take. */
export const LIVE_SAMPLE_RATE = 16_000

export interface DecodingAudio {
  /** Hands over the recording's next chunk, in order (the chunks together are one file). Never throws. */
  write(chunk: Uint8Array): void
  /** No more chunks: `samples` ends once what was written is decoded. */
  end(): void
  /** The samples as they are decoded, in order; it throws, in words, when the decoder fails. */
  readonly samples: AsyncIterable<Int16Array>
}

/** Samples kept as a file a `Transcriber` can read, until removed. */
export interface KeptAudio {
  readonly path: string
  /** Deletes the file; never rejects. */
  remove(): Promise<void>
}

export interface LiveAudio {
  /** Starts decoding a recording of `mimeType` as its chunks come. */
  decode(mimeType: string): DecodingAudio
  /** Keeps samples (LIVE_SAMPLE_RATE, mono) as a WAV file. */
  keep(samples: Int16Array): Promise<KeptAudio>
  /** Tells the operator (the log), in words, why a run's live lines from the audio were skipped or stopped. */
  problem(runId: string, words: string): void
}
