import { createRequire } from 'node:module'

/**
 * The part of `@fugood/whisper.node` (whisper.cpp, prebuilt for Linux/macOS/Windows) this adapter
 * uses. Loading a model is synchronous inside the native constructor; transcription runs in a
 * libuv AsyncWorker, so the event loop keeps answering while it works.
 */
export interface WhisperSegment {
  readonly text: string
  /** Milliseconds from the start of the audio given. */
  readonly t0: number
  readonly t1: number
}

export interface BindingTranscribeOptions {
  readonly language?: string
  readonly maxThreads?: number
  /** Added to the temperature each time a window's decoding looks unreliable; 0 turns those retries off. */
  readonly temperatureInc?: number
  /** 0 to 100, once per 30 s window. */
  readonly onProgress?: (percent: number) => void
  readonly onNewSegments?: (result: { readonly segments: ReadonlyArray<WhisperSegment> }) => void
}

export interface WhisperContext {
  transcribeData(
    pcm: ArrayBuffer,
    options: BindingTranscribeOptions,
  ): { stop: () => Promise<void>; promise: Promise<{ language?: string; segments: WhisperSegment[]; isAborted: boolean }> }
  release(): Promise<void>
}

export interface WhisperModule {
  initWhisper(options: { filePath: string; useGpu?: boolean }): Promise<WhisperContext>
}

export const WHISPER_PACKAGE = '@fugood/whisper.node'

/** The binding, or why it cannot be loaded (package or its native part for this platform missing). */
export const loadBinding = (): WhisperModule | Error => {
  try {
    // A name in a variable: TypeScript would otherwise type-check the package's own .ts sources.
    const name: string = WHISPER_PACKAGE
    return createRequire(import.meta.url)(name) as WhisperModule
  } catch (e) {
    return e as Error
  }
}

