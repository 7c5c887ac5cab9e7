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
  initWhisper(options: { filePath: string; useGpu?: boolean }, variant?: 'default' | WhisperGpu): Promise<WhisperContext>
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


/** whisper.cpp's GPU builds, each an npm package of its own beside the CPU one. */
export type WhisperGpu = 'vulkan' | 'cuda'
export const WHISPER_GPUS: ReadonlyArray<WhisperGpu> = ['vulkan', 'cuda']

/** The npm package of a GPU build for this platform: `@fugood/node-whisper-linux-x64-vulkan`. */
export const gpuBuildPackage = (gpu: WhisperGpu): string => `@fugood/node-whisper-${process.platform}-${process.arch}-${gpu}`

/**
 * Why whisper.cpp's `gpu` build cannot be used here (`resolveFrom`: a file to look from, for tests), in words; null when it is installed. A default
 * install maps the GPU builds to an empty package (package.json `overrides`, to keep the install
 * small), which would load as nothing: so the package's own name is checked, not only its presence.
 */
export const gpuBuildProblem = (gpu: WhisperGpu, resolveFrom?: string): string | null => {
  const name = gpuBuildPackage(gpu)
  const how = `install it as docs/operations.md says (whisper.cpp's GPU builds, opt-in)`
  try {
    // From where whisper.node itself looks for its builds (npm may nest them under it).
    const require = createRequire(resolveFrom ?? createRequire(import.meta.url).resolve(WHISPER_PACKAGE))
    const manifest = require(`${name}/package.json`) as { name?: string }
    return manifest.name === name ? null : `whisper.cpp's ${gpu} build (${name}) is not installed, only the empty package a default install puts in its place; ${how}`
  } catch {
    return `whisper.cpp's ${gpu} build (${name}) is not installed; ${how}`
  }
}
