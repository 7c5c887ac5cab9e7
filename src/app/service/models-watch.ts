/**
 * Notices a change in DATA_DIR/models (a model added, pulled, removed, by this process, the CLI or
 * another process sharing the folder: the `notetaker worker` processes on Postgres) by listing it
 * every few seconds: a readdir and a stat per file, no file read. fs.watch is not used: it misses
 * changes on network and overlay file systems, where DATA_DIR often is.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The folder's files with their sizes and modification times, as one string; '' when it is missing. */
export const folderSignature = (dir: string): string => {
  let names: string[]
  try {
    // A download in progress (.part) or a copy being checked (.adding) changes nothing until it lands under its name.
    names = readdirSync(dir)
      .filter((n) => !n.endsWith('.part') && !n.endsWith('.adding'))
      .sort()
  } catch {
    return ''
  }
  return names
    .map((n) => {
      try {
        const s = statSync(join(dir, n))
        return `${n}:${s.size}:${s.mtimeMs}`
      } catch {
        return `${n}:gone`
      }
    })
    .join('\n')
}

/** Calls `onChange` after each look at `dir` that finds it changed; `stop` ends it. The timer does not keep the process alive. */
export const watchFolder = (dir: string, everyMs: number, onChange: () => void): { stop(): void } => {
  let last = folderSignature(dir)
  const timer = setInterval(() => {
    const now = folderSignature(dir)
    if (now === last) return
    last = now
    onChange()
  }, everyMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
