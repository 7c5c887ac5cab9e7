/**
 * DATA_DIR/models: the model files (Whisper's ggml, the speaker models' ONNX), private
 * like the rest of DATA_DIR (folder 0700, files 0600). A file appears under its final name only once its
 * size and SHA-256 matched the catalog: it is written as `<file>.part` (a download,
 * kept to resume) or `<file>.adding` (a copy), checked, then renamed in the same
 * folder, which is atomic. Nothing half-written is ever under a model's name.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { chmod, open } from 'node:fs/promises'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { makePrivate } from '../../system/data-dir.js'
import type { ModelEntry } from './catalog.js'
import { reasonOf, sentence, structureProblem } from './structure.js'

export class ModelError extends Error {}

export const modelsDir = (dataDir: string) => join(dataDir, 'models')

/** Makes DATA_DIR/models (0700), and DATA_DIR if it is missing (0700 too); an older one is made private. */
export const prepareModelsDir = (dataDir: string): string => {
  const dir = modelsDir(dataDir)
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  makePrivate(dir)
  return dir
}

export const modelPath = (dataDir: string, entry: ModelEntry) => join(modelsDir(dataDir), entry.file)
export const partPath = (dataDir: string, entry: ModelEntry) => `${modelPath(dataDir, entry)}.part`

/** A regular file's size, or null when there is none at `path`. */
export const sizeOf = (path: string): number | null => {
  try {
    const s = statSync(path)
    return s.isFile() ? s.size : null
  } catch {
    return null
  }
}

export interface Present {
  readonly entry: ModelEntry
  readonly path: string
  /** The size on disk; a size other than the catalog's means the file is not the model. */
  readonly bytes: number
}

/** The catalog's models whose file is in DATA_DIR/models (not re-hashed: `verify` does that). */
export const presentModels = (dataDir: string, catalog: ReadonlyArray<ModelEntry>): Present[] =>
  catalog.flatMap((entry) => {
    const path = modelPath(dataDir, entry)
    const bytes = sizeOf(path)
    return bytes === null ? [] : [{ entry, path, bytes }]
  })

/** Files in DATA_DIR/models that no catalog entry names (a leftover, a model from a catalog since changed). */
export const unknownFiles = (dataDir: string, catalog: ReadonlyArray<ModelEntry>): string[] => {
  let names: string[]
  try {
    names = readdirSync(modelsDir(dataDir))
  } catch {
    return []
  }
  const known = new Set(catalog.flatMap((m) => [m.file, `${m.file}.part`, `${m.file}.adding`]))
  return names.filter((n) => !known.has(n)).sort()
}

/** SHA-256 of a file (of its first `upTo` bytes when given), read as a stream. */
export const hashFile = async (path: string, upTo?: number): Promise<string> => {
  const hash = createHash('sha256')
  if (upTo === 0) return hash.digest('hex')
  await pipeline(createReadStream(path, upTo === undefined ? {} : { end: upTo - 1 }), async function* (chunks) {
    for await (const c of chunks) hash.update(c as Buffer)
  })
  return hash.digest('hex')
}

/**
 * What is wrong with a file as the model `entry` without reading all of it (its size, then its
 * layout: the header and tables the engine reads), in words; null when it looks whole.
 */
export const quickProblem = (path: string, entry: ModelEntry): string | null => {
  const bytes = sizeOf(path)
  if (bytes === null) return 'the file is missing'
  if (bytes !== entry.bytes) return `its size is ${bytes} bytes, not the ${entry.bytes} of ${entry.file}`
  const wrong = structureProblem(path, entry)
  return wrong === null ? null : reasonOf(wrong)
}

const quickChecks = new Map<string, string | null>()

/**
 * `quickProblem`, remembered per path, size and modification time: a folder polled every few
 * seconds costs a stat per model, and a file is read again only once it changed.
 */
export const cachedQuickProblem = (path: string, entry: ModelEntry): string | null => {
  let key: string
  try {
    const s = statSync(path)
    key = `${path}\0${entry.name}\0${s.size}\0${s.mtimeMs}\0${s.ino}`
  } catch {
    return 'the file is missing'
  }
  const known = quickChecks.get(key)
  if (known !== undefined) return known
  const problem = quickProblem(path, entry)
  if (quickChecks.size > 1000) quickChecks.clear()
  quickChecks.set(key, problem)
  return problem
}

/** The full check: what is wrong with a file as the model `entry`, in words; null when its size, layout and SHA-256 (last: it reads the whole file) are the model's. */
export const checkFile = async (path: string, entry: ModelEntry): Promise<string | null> => {
  const quick = quickProblem(path, entry)
  if (quick !== null) return quick
  const sha = await hashFile(path)
  return sha === entry.sha256 ? null : `its SHA-256 is ${sha}, not the ${entry.sha256} of ${entry.file}`
}

/** Makes a checked file private, flushes it to disk and renames it to the model's name (atomic: same folder). */
export const putInPlace = async (checked: string, dataDir: string, entry: ModelEntry): Promise<string> => {
  await chmod(checked, 0o600)
  const handle = await open(checked, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
  const target = modelPath(dataDir, entry)
  renameSync(checked, target)
  return target
}

/**
 * Copies a file brought by hand into DATA_DIR/models as `entry`, hashing it on the way; the
 * full check (size, layout, SHA-256) refuses a file that is not the model and nothing is left
 * behind. The source is copied, never moved. `label` names the file in messages (default: its path).
 */
export const addFromFile = async (source: string, dataDir: string, entry: ModelEntry, label = source): Promise<string> => {
  const bytes = sizeOf(source)
  if (bytes === null) throw new ModelError(`${label} is not a file`)
  if (bytes !== entry.bytes) throw new ModelError(`${label} is not ${entry.name}: its size is ${bytes} bytes, not the ${entry.bytes} of ${entry.file}; nothing was added`)
  const wrong = structureProblem(source, entry)
  if (wrong !== null) throw new ModelError(`${sentence(label, entry, wrong)}; nothing was added`)
  prepareModelsDir(dataDir)
  const adding = `${modelPath(dataDir, entry)}.adding`
  const hash = createHash('sha256')
  try {
    await pipeline(
      createReadStream(source),
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk)
          done(null, chunk)
        },
      }),
      createWriteStream(adding, { mode: 0o600 }),
    )
    const sha = hash.digest('hex')
    if (sha !== entry.sha256) throw new ModelError(`${label} is not ${entry.name}: its SHA-256 is ${sha}, not the ${entry.sha256} of ${entry.file}; nothing was added`)
    return await putInPlace(adding, dataDir, entry)
  } finally {
    rmSync(adding, { force: true })
  }
}

/** Deletes a model's file and any download of it in progress; says whether there was anything. */
export const removeModel = (dataDir: string, entry: ModelEntry): boolean => {
  const paths = [modelPath(dataDir, entry), partPath(dataDir, entry), `${modelPath(dataDir, entry)}.adding`]
  const there = paths.filter((p) => sizeOf(p) !== null)
  for (const p of there) rmSync(p, { force: true })
  return there.length > 0
}
