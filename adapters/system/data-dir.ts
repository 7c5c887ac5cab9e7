/**
 * DATA_DIR holds the database, the stored recordings and the secret key, so it
 * is private to the user running Notetaker: the folder is 0700 and every file
 * the service writes in it 0600, whatever the umask (a mode given at creation
 * can only lose bits to the umask, never gain them).
 *
 * `prepareDataDir` is the one place that makes DATA_DIR; the composition root
 * calls it before opening the stores. The folders and files under `files/` are
 * the filesystem blob store's: it makes them private itself and tightens older
 * ones when it opens (adapters/stores/blob-fs/blob-store.ts).
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { Logger } from 'pino'

/** The files Notetaker keeps directly in DATA_DIR. Nothing else there is touched. */
export const DATA_FILES = ['notetaker.db', 'notetaker.db-wal', 'notetaker.db-shm', 'notetaker.db-journal', 'secret.key'] as const

export interface Tightened {
  readonly path: string
  /** Permission bits before and after, e.g. 0o644 and 0o600. */
  readonly was: number
  readonly now: number
}

export const octal = (mode: number) => `0${mode.toString(8).padStart(3, '0')}`

/**
 * Takes away every permission of group and others from a file or folder (0755 → 0700, 0644 → 0600);
 * the owner's own bits are kept, so nothing is ever widened. Null when it was already private or is not there.
 */
export const makePrivate = (path: string): Tightened | null => {
  let was: number
  try {
    was = statSync(path).mode & 0o777
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
  if ((was & 0o077) === 0) return null
  const now = was & 0o700
  chmodSync(path, now)
  return { path, was, now }
}

/**
 * Makes DATA_DIR (mode 0700; the folders above it, if missing, as the umask says), or, for one made
 * before, makes it and the files Notetaker keeps in it private. What changed is logged in one line
 * and returned; a start that finds everything private logs nothing. A permission it may not change
 * (another user owns the file) is logged as a warning and does not stop the start.
 */
export const prepareDataDir = (dir: string, options: { readonly logger?: Logger } = {}): ReadonlyArray<Tightened> => {
  mkdirSync(dirname(resolve(dir)), { recursive: true })
  try {
    mkdirSync(dir, { mode: 0o700 })
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
  }
  const changed: Tightened[] = []
  for (const path of [dir, ...DATA_FILES.map((name) => join(dir, name))]) {
    try {
      const done = makePrivate(path)
      if (done !== null) changed.push(done)
    } catch (e) {
      options.logger?.warn(
        { path, err: (e as Error).message },
        `could not make ${path} private to the user running Notetaker (${(e as Error).message}); other users of this machine may be able to read it`,
      )
    }
  }
  if (changed.length > 0) {
    const what = changed
      .map((c) => `${c.path === dir ? `the data folder ${dir}` : basename(c.path)} (was ${octal(c.was)}, now ${octal(c.now)})`)
      .join(', ')
    options.logger?.info(
      { dataDir: dir, changed: changed.map((c) => ({ path: c.path, was: octal(c.was), now: octal(c.now) })) },
      `made the data folder private to the user running Notetaker; until now other users of this machine could read it: ${what}`,
    )
  }
  return changed
}
