/** Linux /proc readings of a process a bench started: its CPU time, and renicing what it spawns. */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { setPriority } from 'node:os'

const TICKS_PER_SECOND = 100 // USER_HZ, 100 on every Linux this runs on

/** CPU seconds of `pid` itself (all its threads) and of its children that have exited and been waited for. */
export const cpuSeconds = (pid: number): { own: number; children: number } => {
  // Fields after the command name, which may hold spaces: utime stime cutime cstime are the 12th to 15th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').map(Number)
  return { own: (fields[11]! + fields[12]!) / TICKS_PER_SECOND, children: (fields[13]! + fields[14]!) / TICKS_PER_SECOND }
}

/** The direct children of `pid` (any of its threads may have spawned them). */
export const childrenOf = (pid: number): number[] => {
  const tasks = existsSync(`/proc/${pid}/task`) ? readdirSync(`/proc/${pid}/task`) : []
  return tasks.flatMap((t) => {
    try {
      return readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
    } catch {
      return [] // the thread ended meanwhile
    }
  })
}

/**
 * Every `everyMs`, sets the nice value of each thread of each child of `pid` to `nice`
 * (only lowers priority: no privilege needed). Returns a function that stops it.
 */
export const reniceChildren = (pid: number, nice: number, everyMs = 100): (() => void) => {
  const done = new Set<number>()
  const timer = setInterval(() => {
    for (const child of childrenOf(pid)) {
      let threads: string[] = []
      try {
        threads = readdirSync(`/proc/${child}/task`)
      } catch {
        continue // it exited meanwhile
      }
      for (const tid of threads.map(Number)) {
        if (done.has(tid)) continue
        try {
          setPriority(tid, nice)
          done.add(tid)
        } catch {
          // exited meanwhile
        }
      }
    }
  }, everyMs)
  return () => clearInterval(timer)
}
