/** The bot runner and the engine's timings the configuration asks for. */
import type { Logger } from 'pino'
import { createChromiumBotRunner } from '../../../adapters/bots/chromium/index.js'
import { createSimulatedBotRunner, readScript } from '../../../adapters/bots/simulated/runner.js'
import { ffmpegLiveAudio } from '../../../adapters/speech/live-audio/index.js'
import type { Clock } from '../../core/ports/clock.js'
import type { Config } from '../config/index.js'
import type { Ports } from '../../core/build-core.js'

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export const botAdapters = (config: Config, clock: Clock, logger: Logger): Pick<Ports, 'botRunner' | 'bots' | 'engine' | 'liveAudio'> => ({
  botRunner:
    config.NOTETAKER_BOT === 'chromium'
      ? createChromiumBotRunner({
          logger,
          botName: config.NOTETAKER_BOT_NAME,
          admissionTimeoutMs: config.NOTETAKER_BOT_ADMISSION_MINUTES * 60_000,
          aloneTimeoutMs: 120_000,
          maxDurationMs: config.NOTETAKER_BOT_MAX_HOURS * 3_600_000,
          maxConcurrentBots: config.NOTETAKER_BOT_SLOTS,
        })
      : createSimulatedBotRunner({
          clock,
          logger,
          outcome: config.NOTETAKER_SIMULATED_OUTCOME,
          speed: config.NOTETAKER_SIMULATED_SPEED,
          ...(config.NOTETAKER_SIMULATED_SCRIPT === '' ? {} : { script: readScript(config.NOTETAKER_SIMULATED_SCRIPT) }),
        }),
  // Used only when a platform shows no captions and the speech engine can transcribe.
  liveAudio: ffmpegLiveAudio({ logger }),
  bots: { botName: config.NOTETAKER_BOT_NAME, leaveCheckMs: 2_000, wait },
  engine: {
    joinLeadMs: config.NOTETAKER_BOT_JOIN_LEAD_SECONDS * 1000,
    lateJoinMs: config.NOTETAKER_BOT_LATE_JOIN_MINUTES * 60_000,
    tickMs: config.NOTETAKER_ENGINE_TICK_SECONDS * 1000,
  },
})
