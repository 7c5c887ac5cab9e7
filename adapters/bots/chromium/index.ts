/**
 * The Chromium bot runner: implements the core's BotRunner port with headless
 * Chromium joining Google Meet, Microsoft Teams and Zoom's web client.
 */
export { createChromiumBotRunner, type ChromiumBotRunner, type ChromiumBotRunnerStats, type BotStats } from './runner.js'
export type { ChromiumBotRunnerOptions } from './options.js'
export { AUDIO_MIME_TYPE } from './bindings.js'
export { PLATFORMS, type PlatformProfile } from './platforms/index.js'
export { processesOf, readProc, CLOCK_TICKS_PER_SECOND, type ProcInfo } from './process-tree.js'
