import { readFileSync, readdirSync } from 'node:fs'

/**
 * Just enough of Linux /proc to find, measure and reap a bot's Chromium
 * processes. Chromium forks zygotes, renderers and utilities into the browser's
 * process group, but its crash handler double-forks into a group of its own, so
 * callers look processes up both by group and by a marker in their command line
 * (the bot's profile directory).
 */
export interface ProcInfo {
  readonly pid: number
  readonly ppid: number
  readonly pgid: number
  /** One-letter state from /proc/<pid>/stat; 'Z' is a zombie that only waits to be reaped. */
  readonly state: string
  /** user + system CPU time in clock ticks. */
  readonly cpuTicks: number
  /** Resident set size in bytes. */
  readonly rssBytes: number
  readonly cmdline: string
}

const PAGE_SIZE = 4096
/** USER_HZ: 100 on every Linux this runs on. */
export const CLOCK_TICKS_PER_SECOND = 100

const readText = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

/** Reads one process; null when it is gone (or vanished while being read). */
export const readProc = (pid: number): ProcInfo | null => {
  const stat = readText(`/proc/${pid}/stat`)
  if (stat === null) return null
  // The command name sits in parentheses and may contain spaces: split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const num = (i: number): number => Number(fields[i] ?? 0)
  const cmdline = (readText(`/proc/${pid}/cmdline`) ?? '').replace(/\0/g, ' ').trim()
  return {
    pid,
    state: fields[0] ?? '?',
    ppid: num(1),
    pgid: num(2),
    cpuTicks: num(11) + num(12),
    rssBytes: num(21) * PAGE_SIZE,
    cmdline,
  }
}

/** Every process visible in /proc. */
export const listProcs = (): ProcInfo[] => {
  const out: ProcInfo[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const info = readProc(Number(name))
    if (info !== null) out.push(info)
  }
  return out
}

export const isAlive = (info: ProcInfo | null): info is ProcInfo => info !== null && info.state !== 'Z' && info.state !== 'X'

/**
 * The live processes that belong to one bot's browser: its process group, plus
 * anything whose command line mentions the marker (e.g. the profile directory).
 */
export const processesOf = (groupId: number | null, marker: string | null): ProcInfo[] =>
  listProcs().filter(
    (p) => isAlive(p) && ((groupId !== null && p.pgid === groupId) || (marker !== null && p.cmdline.includes(marker))),
  )

/** Sends a signal, ignoring processes that are already gone. */
export const signal = (pid: number, sig: NodeJS.Signals): void => {
  try {
    process.kill(pid, sig)
  } catch {
    // ESRCH: already gone, which is what we want.
  }
}
