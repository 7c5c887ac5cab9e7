import type { Logger } from 'pino'

/** Configuration of the Chromium bot runner. Durations are milliseconds. */
export interface ChromiumBotRunnerOptions {
  /** Chromium binary; Debian's package by default. Never a browser downloaded at run time. */
  readonly executablePath?: string
  /** Display name when a job does not bring its own. */
  readonly botName?: string
  /** How long the bot may sit in a waiting room / lobby before giving up (`not_admitted`). */
  readonly admissionTimeoutMs: number
  /** How long the bot stays once it is the only participant (`alone`). */
  readonly aloneTimeoutMs: number
  /** Longest recording, counted from admission (`max_duration`). */
  readonly maxDurationMs: number
  /** Bots running at once; further starts wait in a FIFO queue. */
  readonly maxConcurrentBots: number
  /** Starts allowed to wait for a slot; beyond this a start fails with `capacity`. Unlimited by default. */
  readonly maxQueuedBots?: number
  /** How long a page may show nothing the platform module recognises (`unrecognised_page`). Default 30 s. */
  readonly pageTimeoutMs?: number
  /** MediaRecorder timeslice: a crash loses at most about this much audio. Default 1000. */
  readonly chunkIntervalMs?: number
  /** Appended to the launch flags. */
  readonly extraChromiumArgs?: ReadonlyArray<string>
  /** Chromium's --host-resolver-rules, e.g. to route platform hosts through a proxy or a stand-in. */
  readonly hostResolverRules?: string
  /** Accept any TLS certificate (only for stand-ins and intercepting proxies). */
  readonly ignoreCertificateErrors?: boolean
  /** Where per-bot temporary profiles are created; the OS temp dir by default. */
  readonly profileRoot?: string
  readonly logger: Logger
}

export const DEFAULT_EXECUTABLE = '/usr/bin/chromium'
export const DEFAULT_BOT_NAME = 'Notetaker'
export const DEFAULT_PAGE_TIMEOUT_MS = 30_000
export const DEFAULT_CHUNK_INTERVAL_MS = 1_000

/** Flags known to work for a headless, sandbox-less bot on this Debian Chromium. */
const BASE_ARGS: ReadonlyArray<string> = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // Media: grant camera/mic prompts without UI and feed fake devices, so a
  // platform's pre-join screen works; audio must start without a user gesture.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
  // A page in a background tab must keep its timers and audio running.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--window-size=1280,800',
  '--lang=en-US',
]

/** The full command line for one bot's browser (the profile directory is added by the launcher). */
export const chromiumArgs = (options: ChromiumBotRunnerOptions): string[] => [
  ...BASE_ARGS,
  ...(options.hostResolverRules !== undefined ? [`--host-resolver-rules=${options.hostResolverRules}`] : []),
  ...(options.ignoreCertificateErrors === true ? ['--ignore-certificate-errors'] : []),
  ...(options.extraChromiumArgs ?? []),
]
