import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { processesOf, signal } from './process-tree.js'

/**
 * One Chromium process tree, owned outright: spawned in its own process group
 * with a fresh profile directory, reaped with SIGKILL (group first, then any
 * straggler that names the profile, such as the crash handler, which runs in a
 * group of its own) and its profile deleted. Never leaves orphans behind, even
 * if this Node process exits (an exit hook kills every live group).
 */
export interface ChromiumProcess {
  readonly pid: number
  readonly profileDir: string
  /** Settles when the browser process exits, for whatever reason. */
  readonly exited: Promise<void>
  /** The DevTools WebSocket URL Chromium prints at start-up. */
  readonly devtoolsUrl: Promise<string>
  /** The last lines Chromium wrote to stderr, for failure details. */
  stderrTail(): string
  /** Kills whatever is left and deletes the profile. Never throws. */
  reap(): Promise<void>
}

const START_TIMEOUT_MS = 20_000
const GRACE_MS = 3_000
const PROFILE_PREFIX = 'notetaker-bot-'

const liveGroups = new Set<number>()
let exitHookInstalled = false
const installExitHook = (): void => {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => {
    for (const pgid of liveGroups) signal(-pgid, 'SIGKILL')
  })
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))
export const within = <T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> => Promise.race([p, sleep(ms).then(() => 'timeout' as const)])

export interface SpawnSpec {
  readonly executablePath: string
  readonly args: ReadonlyArray<string>
  readonly profileRoot?: string
  readonly logger: Logger
}

/** Spawns Chromium; rejects (after reaping) when it cannot start, with the reason in words. */
export const spawnChromium = async (spec: SpawnSpec): Promise<ChromiumProcess> => {
  installExitHook()
  const profileDir = await mkdtemp(join(spec.profileRoot ?? tmpdir(), PROFILE_PREFIX))
  const args = [...spec.args, '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank']
  const child = spawn(spec.executablePath, args, {
    detached: true, // its own process group, so the whole tree can be killed at once
    stdio: ['ignore', 'ignore', 'pipe'],
    // Crash reports, caches and the NSS database land in the profile too: nothing shared between bots or left behind.
    env: { ...process.env, XDG_CONFIG_HOME: profileDir, XDG_CACHE_HOME: profileDir, HOME: profileDir },
  })
  const pid = child.pid
  let spawnError: Error | null = null
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.once('error', (e) => {
      spawnError = e
      resolve()
    })
  })
  let stderr = ''
  // Drain stderr for the browser's whole life: a full pipe would block Chromium.
  child.stderr.setEncoding('utf8')
  const devtoolsUrl = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no DevTools endpoint after ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS)
    child.stderr.on('data', (d: string) => {
      stderr = (stderr + d).slice(-8_000)
      const url = /DevTools listening on (ws:\/\/\S+)/.exec(stderr)?.[1]
      if (url !== undefined) {
        clearTimeout(timer)
        resolve(url)
      }
    })
    void exited.then(() => {
      clearTimeout(timer)
      reject(spawnError ?? new Error(`it exited during start-up: ${tail(stderr, 3)}`))
    })
  })
  devtoolsUrl.catch(() => undefined) // observed by the caller; never an unhandled rejection

  let reaped: Promise<void> | null = null
  const reap = (): Promise<void> => {
    reaped ??= (async () => {
      if (pid !== undefined) signal(-pid, 'SIGKILL')
      await within(exited, GRACE_MS)
      // Stragglers outside the group, or still dying: kill and wait until none is left,
      // so nothing writes into the profile while it is deleted.
      for (let i = 0; i < 30; i++) {
        const left = processesOf(pid ?? null, profileDir)
        if (left.length === 0) break
        for (const p of left) signal(p.pid, 'SIGKILL')
        await sleep(100)
      }
      if (pid !== undefined) liveGroups.delete(pid)
      const left = processesOf(pid ?? null, profileDir)
      if (left.length > 0) spec.logger.warn({ pids: left.map((p) => p.pid) }, 'some browser processes survived being killed')
      await rm(profileDir, { recursive: true, force: true, maxRetries: 5 }).catch((err: unknown) => {
        spec.logger.warn({ err, profileDir }, 'could not delete the bot profile directory')
      })
    })()
    return reaped
  }

  try {
    if (pid === undefined) {
      await exited // spawn reports why (ENOENT, EACCES) just after returning
      throw spawnError ?? new Error('the process did not start')
    }
    liveGroups.add(pid)
    await devtoolsUrl
    return { pid, profileDir, exited, devtoolsUrl, stderrTail: () => tail(stderr, 5), reap }
  } catch (e) {
    await reap()
    const hint = (e as NodeJS.ErrnoException).code === 'ENOENT' ? ' (is the chromium package installed? apt-get install chromium)' : ''
    throw new Error(`could not start Chromium at ${spec.executablePath}: ${(e as Error).message}${hint}`)
  }
}

const tail = (text: string, lines: number): string => text.trim().split('\n').slice(-lines).join(' | ')
