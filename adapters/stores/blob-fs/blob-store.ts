import { createReadStream, createWriteStream, readdirSync, rmSync, statSync } from 'node:fs'
import { appendFile, type FileHandle, mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Logger } from 'pino'
import { sizeInWords } from '../../../src/core/domain/size-words.js'
import { type AppError, invalidField, storeFailure } from '../../../src/core/errors.js'
import type { BlobStore } from '../../../src/core/ports/blob-store.js'
import { makePrivate } from '../../system/data-dir.js'

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,255}$/

/** Folders and files the store makes: private to the user running the service. */
const DIR_MODE = 0o700
const FILE_MODE = 0o600

/** The temporary name `put` writes to before renaming: `<key>.partial-<pid>-<ms>`. */
const tempName = (target: string) => `${target}.partial-${process.pid}-${Date.now()}`
const PARTIAL = /\.partial-\d+-\d+$/

/**
 * A temporary file nobody has written to for this long is left over from a crash, and is
 * removed when a store opens. A live `put` writes as its upload arrives, so its file is touched
 * within the hour unless the client sent nothing for an hour, and the request timeout (30 minutes
 * by default) ends such a request first, even in another process sharing the folder (Postgres).
 */
const STALE_PARTIAL_MS = 60 * 60 * 1000

class TooLarge extends Error {}

const errorCode = (e: unknown) => (e as NodeJS.ErrnoException).code

/** 1500 → "1.5 kB", 29_000_000 → "29.0 MB". */
const amount = (bytes: number) => {
  if (bytes < 1000) return `${bytes} bytes`
  const [value, unit] = bytes < 1e6 ? [bytes / 1e3, 'kB'] : bytes < 1e9 ? [bytes / 1e6, 'MB'] : [bytes / 1e9, 'GB']
  return `${value.toFixed(1)} ${unit}`
}

/**
 * What a store does as it opens, in one walk of its folder: removes the temporary files of writes
 * a crash cut short (named as `tempName` names them, untouched for STALE_PARTIAL_MS), and makes
 * private the folders and files an earlier version left readable by others. Each is logged once,
 * in one line, when there was anything to do; a problem is logged and does not stop the start.
 */
const tidy = (root: string, logger: Logger | undefined, now: number) => {
  let swept = 0
  let sweptBytes = 0
  const tightened = { folders: 0, files: 0 }
  const problems: string[] = []
  const privately = (p: string, kind: keyof typeof tightened) => {
    if (makePrivate(p) !== null) tightened[kind] += 1
  }
  const visit = (dir: string) => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch (e) {
      if (errorCode(e) !== 'ENOENT') problems.push(`${dir}: ${(e as Error).message}`)
      return
    }
    for (const entry of entries) {
      const p = join(dir, entry.name)
      try {
        if (entry.isDirectory()) {
          visit(p)
          privately(p, 'folders')
        } else if (entry.isFile()) {
          if (PARTIAL.test(entry.name)) {
            const { mtimeMs, size } = statSync(p)
            if (now - mtimeMs > STALE_PARTIAL_MS) {
              rmSync(p)
              swept += 1
              sweptBytes += size
              continue
            }
          }
          privately(p, 'files')
        }
      } catch (e) {
        // Gone meanwhile: a live write renamed its temporary file, or another process swept it.
        if (errorCode(e) !== 'ENOENT') problems.push(`${p}: ${(e as Error).message}`)
      }
    }
  }
  try {
    if (!statSync(root).isDirectory()) return
  } catch (e) {
    // Nothing stored yet: the first write makes the folder.
    if (errorCode(e) === 'ENOENT') return
    throw e
  }
  visit(root)
  try {
    privately(root, 'folders')
  } catch (e) {
    problems.push(`${root}: ${(e as Error).message}`)
  }
  if (swept > 0) {
    logger?.info(
      { folder: root, files: swept, bytes: sweptBytes },
      `removed ${swept} unfinished ${swept === 1 ? 'file' : 'files'} (${amount(sweptBytes)}) from ${root}: uploads cut short when the service stopped in the middle of one (a crash or kill), untouched for over an hour`,
    )
  }
  if (tightened.folders + tightened.files > 0) {
    const { folders, files } = tightened
    logger?.info(
      { folder: root, folders, files },
      `made ${folders} ${folders === 1 ? 'folder' : 'folders'} and ${files} ${files === 1 ? 'file' : 'files'} under ${root} private to the user running Notetaker; until now other users of this machine could read them`,
    )
  }
  if (problems.length > 0) {
    logger?.warn(
      { folder: root, problems },
      `could not tidy everything under ${root} (${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}, the first: ${problems[0]}); the files stay as they were`,
    )
  }
}

/**
 * Removes `dir` and then each parent that is left empty, up to `root` (never
 * `root` itself). A folder that still holds something (ENOTEMPTY, EEXIST) ends
 * the climb; one already gone (ENOENT) is passed over. A concurrent write is
 * safe: it makes its folder again (`inFolder`), and its temporary file keeps
 * the folder from being removed once written. Anything else is logged and
 * ends the climb: the file is gone, an empty folder is only untidy.
 */
const removeEmptyFolders = async (root: string, dir: string, logger: Logger | undefined): Promise<void> => {
  for (let d = dir; d.startsWith(root + sep); d = dirname(d)) {
    try {
      await rmdir(d)
    } catch (e) {
      const code = errorCode(e)
      if (code === 'ENOENT') continue
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') logger?.warn({ folder: d, code }, `could not remove the empty folder ${d} after deleting its last file: ${(e as Error).message}`)
      return
    }
  }
}

/** Runs `write` in the folder of `p`, made first; again should the folder vanish in between (a removal of its last file). */
const inFolder = async <A>(p: string, write: () => Promise<A>): Promise<A> => {
  for (let attempt = 1; ; attempt++) {
    await mkdir(dirname(p), { recursive: true, mode: DIR_MODE })
    try {
      return await write()
    } catch (e) {
      if (errorCode(e) !== 'ENOENT' || attempt >= 3) throw e
    }
  }
}

/**
 * Files under one folder, written to a temporary name first so a failed write leaves nothing behind;
 * folders 0700 and files 0600. Opening it sweeps what a crash left (see `tidy`); the folder itself is
 * made by the first write.
 */
export const fsBlobStore = (root: string, options: { readonly logger?: Logger } = {}): BlobStore => {
  try {
    tidy(resolve(root), options.logger, Date.now())
  } catch (e) {
    options.logger?.warn({ folder: root, err: (e as Error).message }, `could not look through ${root} for files left by a crash: ${(e as Error).message}`)
  }
  const pathOf = (key: string) => {
    // A key shaped like a temporary name could be taken for one by the sweep.
    if (!SAFE_KEY.test(key) || key.includes('..') || PARTIAL.test(key)) throw new Error(`unsafe blob key ${key}`)
    return join(resolve(root), key)
  }
  const tryStore = <A>(f: () => Promise<A>) => TE.tryCatch(f, storeFailure)
  const sizeOf = async (p: string) => {
    try {
      return O.some((await stat(p)).size)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return O.none
      throw e
    }
  }
  return {
    put: (key, data, { maxBytes }) =>
      TE.tryCatch(
        async () => {
          const target = pathOf(key)
          const temp = tempName(target)
          // Opened before a byte is read, so a folder removed meanwhile is made again without losing any.
          const handle: FileHandle = await inFolder(temp, () => open(temp, 'w', FILE_MODE))
          let bytes = 0
          const limit = new Transform({
            transform(chunk: Buffer, _enc, done) {
              bytes += chunk.length
              done(bytes > maxBytes ? new TooLarge() : null, chunk)
            },
          })
          try {
            await pipeline(data, limit, createWriteStream('', { fd: handle }))
            await rename(temp, target)
          } catch (e) {
            await rm(temp, { force: true })
            throw e
          }
          return { bytes }
        },
        (e): AppError => (e instanceof TooLarge ? invalidField('content', `the file is larger than the limit of ${sizeInWords(maxBytes)}`) : storeFailure(e)),
      ),
    append: (key, chunk) =>
      tryStore(async () => {
        const p = pathOf(key)
        await inFolder(p, () => appendFile(p, chunk, { mode: FILE_MODE }))
        return { bytes: (await stat(p)).size }
      }),
    size: (key) => tryStore(() => sizeOf(pathOf(key))),
    stat: (key) =>
      tryStore(async () => {
        try {
          // A put renames a new file into place (a new inode), an append grows it and moves its
          // nanosecond mtime: either changes the version.
          const s = await stat(pathOf(key), { bigint: true })
          return O.some({ bytes: Number(s.size), modifiedAt: new Date(Number(s.mtimeMs)).toISOString(), version: `${s.ino}-${s.mtimeNs}-${s.size}` })
        } catch (e) {
          if (errorCode(e) === 'ENOENT') return O.none
          throw e
        }
      }),
    read: (key, range) =>
      tryStore(async () => {
        const p = pathOf(key)
        if (O.isNone(await sizeOf(p))) return O.none
        return O.some(createReadStream(p, range === undefined ? {} : { start: range.start, end: range.end }))
      }),
    localFile: (key) =>
      tryStore(async () => {
        const p = pathOf(key)
        return O.isNone(await sizeOf(p)) ? O.none : O.some({ path: p, done: async () => {} })
      }),
    remove: (key) =>
      tryStore(async () => {
        const p = pathOf(key)
        await rm(p, { force: true })
        await removeEmptyFolders(resolve(root), dirname(p), options.logger)
      }),
    list: (prefix) => tryStore(async () => listUnder(resolve(root), prefix)),
  }
}

/** Keys of the files under `root` that start with `prefix`, walking only the folder the prefix names; temporary files left out. */
const listUnder = async (root: string, prefix: string): Promise<string[]> => {
  const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1)
  const keys: string[] = []
  const visit = async (dir: string) => {
    let entries
    try {
      entries = await readdir(join(root, dir), { withFileTypes: true })
    } catch (e) {
      if (errorCode(e) === 'ENOENT' || errorCode(e) === 'ENOTDIR') return
      throw e
    }
    for (const entry of entries) {
      const key = `${dir}${entry.name}`
      if (entry.isDirectory()) {
        if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await visit(`${key}/`)
      } else if (entry.isFile() && key.startsWith(prefix) && !PARTIAL.test(entry.name)) keys.push(key)
    }
  }
  await visit(folder)
  return keys.sort()
}
