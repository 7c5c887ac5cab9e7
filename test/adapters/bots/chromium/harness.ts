import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import * as assert from 'uvu/assert'
import { createChromiumBotRunner, processesOf, readProc, type ChromiumBotRunner, type ChromiumBotRunnerOptions } from '../../../../adapters/bots/chromium/index.js'
import type { BotEvent, BotJob, MeetingPlatform } from '../../../../src/core/ports/bot-runner.js'
import { startStandins, type Standins } from '../../../../adapters/bots/chromium/standins/server.js'

export const CHROMIUM = '/usr/bin/chromium'

/** Fails loudly (never skips) when the browser these tests need is missing. */
export const requireChromium = (): void => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: these tests need Debian's Chromium (apt-get install chromium)`)
}

export const ALICE = { name: 'Alice Example', voice: 'en-us+f3' }
export const BOB = { name: 'Bob Example', voice: 'en-us+m3' }

/** One bot run as a test sees it. */
export interface Run {
  readonly events: BotEvent[]
  readonly leave: () => Promise<void>
  readonly finished: Promise<void>
  /** Browser pids seen in stats() while the bot ran. */
  readonly pids: Set<number>
}

/** The stand-ins plus a private profile root, so "our" Chromium processes can be found and counted. */
export interface Harness {
  readonly standins: Standins
  readonly profileRoot: string
  runner(overrides?: Partial<ChromiumBotRunnerOptions>): ChromiumBotRunner
  start(runner: ChromiumBotRunner, platform: MeetingPlatform, joinUrl: string, runId?: string): Run
  /** Asserts that no process of ours is alive and every profile directory is gone. */
  assertNoLeftovers(runs: ReadonlyArray<Run>): Promise<void>
  close(): Promise<void>
}

const quiet = pino({ level: process.env['BOT_TEST_LOG'] ?? 'silent' })

export const createHarness = async (): Promise<Harness> => {
  requireChromium()
  const standins = await startStandins()
  const profileRoot = await mkdtemp(join(tmpdir(), 'notetaker-bot-test-'))
  const runners: ChromiumBotRunner[] = []
  return {
    standins,
    profileRoot,
    runner: (overrides = {}) => {
      const r = createChromiumBotRunner({
        executablePath: CHROMIUM,
        admissionTimeoutMs: 15_000,
        aloneTimeoutMs: 10_000,
        maxDurationMs: 60_000,
        maxConcurrentBots: 2,
        pageTimeoutMs: 10_000,
        hostResolverRules: standins.hostResolverRules,
        ignoreCertificateErrors: true,
        profileRoot,
        logger: quiet,
        ...overrides,
      })
      runners.push(r)
      return r
    },
    start: (runner, platform, joinUrl, runId = `run-${Math.random().toString(36).slice(2, 8)}`) => {
      const events: BotEvent[] = []
      const pids = new Set<number>()
      const job: BotJob = { runId, joinUrl, platform, botName: 'Notetaker' }
      const session = runner.start(job, async (e) => {
        events.push(e)
        for (const b of runner.stats().bots) if (b.runId === runId && b.browserPid !== null) pids.add(b.browserPid)
      })
      // Sample pids while it runs too: a failure may come before any event after `joining`.
      const sampler = setInterval(() => {
        for (const b of runner.stats().bots) if (b.runId === runId && b.browserPid !== null) pids.add(b.browserPid)
      }, 100)
      const finished = session.finished.finally(() => clearInterval(sampler))
      return { events, leave: session.leave, finished, pids }
    },
    assertNoLeftovers: async (runs) => {
      const ours = processesOf(null, profileRoot)
      assert.equal(ours.map((p) => `${p.pid} ${p.cmdline.slice(0, 80)}`), [], 'no process mentions our profile root')
      for (const run of runs) {
        for (const pid of run.pids) {
          const p = readProc(pid)
          assert.ok(p === null || p.state === 'Z', `browser ${pid} is gone`)
          assert.equal(processesOf(pid, null).length, 0, `nothing is left in process group ${pid}`)
        }
      }
      assert.equal(await readdir(profileRoot), [], 'every bot profile directory was deleted')
    },
    close: async () => {
      await Promise.all(runners.map((r) => r.close()))
      await standins.close()
      await rm(profileRoot, { recursive: true, force: true })
    },
  }
}

/** Events of one type, typed. */
export const ofType = <T extends BotEvent['type']>(events: ReadonlyArray<BotEvent>, type: T): Array<Extract<BotEvent, { type: T }>> =>
  events.filter((e): e is Extract<BotEvent, { type: T }> => e.type === type)

/** The event types in order, audio chunks left out (they interleave with everything). */
export const timeline = (events: ReadonlyArray<BotEvent>): string[] => events.filter((e) => e.type !== 'audio').map((e) => e.type)

export const terminalOf = (events: ReadonlyArray<BotEvent>): Extract<BotEvent, { type: 'left' | 'failed' }> => {
  const last = events[events.length - 1]
  if (last === undefined || (last.type !== 'left' && last.type !== 'failed')) throw new Error(`no terminal event: ${timeline(events).join(', ')}`)
  assert.equal(events.filter((e) => e.type === 'left' || e.type === 'failed').length, 1, 'exactly one terminal event')
  return last
}
