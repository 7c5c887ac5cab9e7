/**
 * Downloads a model from a mirror (`<base>/<file>`), or from the address its catalog entry
 * names (`url`: the speaker models, published elsewhere), into DATA_DIR/models.
 *
 * The bytes go to `<file>.part`, hashed as they are written. A transfer that is cut
 * keeps its part file; the next pull re-hashes what was kept and asks for the rest
 * with a Range request (206: appended; 200: the mirror does not resume, so it starts
 * over; 416: the part cannot be resumed, so it starts over). Once the size and the
 * SHA-256 match the catalog the part is renamed to the model's name; a mismatch
 * deletes it.
 *
 * Only https, following redirects (Hugging Face answers with one to its CDN); plain
 * http is refused unless the host is this machine (a test's server, a local mirror)
 * or the caller allows it. Either way the checksum decides what is kept.
 */
import { createHash, type Hash } from 'node:crypto'
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import http from 'node:http'
import https from 'node:https'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ModelEntry } from './catalog.js'
import { sentence, structureProblem } from './structure.js'
import { checkFile, ModelError, modelPath, partPath, prepareModelsDir, putInPlace } from './store.js'

/** The mirror could not be reached at all (no address, refused, TLS refused, no answer): nothing was received. */
export class MirrorUnreachable extends ModelError {
  constructor(readonly url: string, readonly reason: string) {
    super(`cannot reach the model mirror (${url}): ${reason}`)
  }
}

/** The transfer stopped part way; the part file is kept for the next pull to resume. */
export class TransferCut extends ModelError {}

export interface Progress {
  /** Bytes of the file on disk so far, the resumed part included. */
  readonly received: number
  readonly total: number
  /** Bytes the file had when this transfer began (what was resumed from). */
  readonly startedAt: number
}

export interface PullOptions {
  readonly entry: ModelEntry
  readonly dataDir: string
  /** The mirror's base address; the file is `<base>/<entry.file>`. */
  readonly baseUrl: string
  /** Allow plain http to a host other than this machine. */
  readonly allowHttp?: boolean
  readonly onProgress?: (p: Progress) => void
  /** A sentence worth telling the operator (resuming, starting over). */
  readonly onNote?: (note: string) => void
  /** How long the mirror may stay silent, in ms (default 30 s). */
  readonly idleTimeoutMs?: number
  /** Stops the download (the server closing, the model removed): the part is kept, and the pull fails with TransferCut. */
  readonly signal?: AbortSignal
}

export interface PullResult {
  readonly path: string
  readonly alreadyPresent: boolean
  /** Bytes that a previous, cut transfer had already brought (0 for a fresh start). */
  readonly resumedFrom: number
}

const isLoopback = (hostname: string) => hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\.\d+\.\d+\.\d+$/.test(hostname)

/** Whether an address may be fetched from: https, or http to this machine (or when allowed). */
const checkScheme = (url: URL, allowHttp: boolean, what: string): void => {
  if (url.protocol === 'https:') return
  if (url.protocol === 'http:' && (allowHttp || isLoopback(url.hostname))) return
  if (url.protocol === 'http:') throw new ModelError(`${what} ${url.origin} is plain http; models are downloaded over https (plain http only from this machine, or with --allow-http)`)
  throw new ModelError(`${what} ${url.href} is not an https address`)
}

/** The address of `entry` on the mirror `baseUrl`; a base that is not a usable address is refused in words. */
export const mirrorUrl = (baseUrl: string, entry: ModelEntry, allowHttp = false): URL => {
  let base: URL
  try {
    base = new URL(baseUrl.replace(/\/+$/, ''))
  } catch {
    throw new ModelError(`the model mirror ${JSON.stringify(baseUrl)} is not an address`)
  }
  checkScheme(base, allowHttp, 'the model mirror')
  return new URL(`${base.href.replace(/\/+$/, '')}/${encodeURIComponent(entry.file)}`)
}

/** Where `entry` is downloaded from: its own published address when it has one, else the mirror's. */
export const sourceUrl = (baseUrl: string, entry: ModelEntry, allowHttp = false): URL => {
  if (entry.url === undefined) return mirrorUrl(baseUrl, entry, allowHttp)
  let url: URL
  try {
    url = new URL(entry.url)
  } catch {
    throw new ModelError(`the address of ${entry.name} in the catalog (${JSON.stringify(entry.url)}) is not an address`)
  }
  checkScheme(url, allowHttp, `the address of ${entry.name}`)
  return url
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** GET, following redirects; rejects with MirrorUnreachable when no answer comes at all. */
const get = (url: URL, headers: Record<string, string>, allowHttp: boolean, idleMs: number, signal: AbortSignal | undefined, hops = 0): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    const req = client.get(url, { headers: { 'user-agent': 'notetaker-models', ...headers }, timeout: idleMs, ...(signal === undefined ? {} : { signal }) }, (res) => {
      const location = res.headers.location
      if (res.statusCode !== undefined && REDIRECTS.has(res.statusCode) && location !== undefined) {
        res.resume()
        if (hops >= 10) return reject(new ModelError(`the model mirror redirected more than 10 times (${url.origin})`))
        try {
          const next = new URL(location, url)
          checkScheme(next, allowHttp, 'the model mirror redirected to')
          resolve(get(next, headers, allowHttp, idleMs, signal, hops + 1))
        } catch (e) {
          reject(e)
        }
        return
      }
      resolve(res)
    })
    req.on('timeout', () => req.destroy(Object.assign(new Error(`no answer within ${Math.round(idleMs / 1000)} s`), { code: 'ETIMEDOUT' })))
    req.on('error', (e: NodeJS.ErrnoException) =>
      signal?.aborted === true ? reject(new TransferCut(`the download was stopped before the mirror answered`)) : reject(new MirrorUnreachable(url.origin, e.code !== undefined && !e.message.includes(e.code) ? `${e.code} ${e.message}` : e.message)),
    )
  })

const sizeOf = (path: string): number => {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

/** Feeds the first `bytes` of a file to `hash` (what a resumed download already holds). */
const hashPrefix = async (path: string, bytes: number, hash: Hash) => {
  for await (const chunk of createReadStream(path, { end: bytes - 1 })) hash.update(chunk as Buffer)
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`

/** Downloads `entry` unless a verified copy is present; see the file's comment for the steps. */
export const pullModel = async (o: PullOptions): Promise<PullResult> => {
  const { entry, dataDir } = o
  const allowHttp = o.allowHttp === true
  const url = sourceUrl(o.baseUrl, entry, allowHttp)
  prepareModelsDir(dataDir)
  const target = modelPath(dataDir, entry)
  if (exists(target)) {
    const wrong = await checkFile(target, entry)
    if (wrong === null) return { path: target, alreadyPresent: true, resumedFrom: 0 }
    o.onNote?.(`the ${entry.file} present is not the model (${wrong}); it is deleted and downloaded again`)
    rmSync(target, { force: true })
  }
  const part = partPath(dataDir, entry)
  let resumedFrom = 0
  let finalHash: Hash | null = null
  // At most one start-over (a mirror that answers 200 or 416 to a Range request).
  for (let attempt = 0; attempt < 2 && finalHash === null; attempt++) {
    let have = sizeOf(part)
    if (have > entry.bytes) {
      rmSync(part, { force: true })
      have = 0
    }
    const hash = createHash('sha256')
    if (have > 0) await hashPrefix(part, have, hash)
    if (have === entry.bytes) {
      finalHash = hash
      resumedFrom = have
      break
    }
    const res = await get(url, have > 0 ? { range: `bytes=${have}-` } : {}, allowHttp, o.idleTimeoutMs ?? 30_000, o.signal)
    const status = res.statusCode ?? 0
    if (status === 416 || (status === 206 && have > 0 && !new RegExp(`^bytes ${have}-`).test(res.headers['content-range'] ?? ''))) {
      res.resume()
      o.onNote?.(`the mirror cannot resume ${entry.file} from ${mb(have)}; starting over`)
      rmSync(part, { force: true })
      continue
    }
    if (status !== 200 && status !== 206) {
      res.resume()
      throw new ModelError(status === 404 ? `the model mirror has no ${entry.file} (HTTP 404 from ${url.href})` : `the model mirror answered HTTP ${status} for ${url.href}`)
    }
    const resuming = status === 206 && have > 0
    if (!resuming && have > 0) o.onNote?.(`the mirror does not resume downloads; starting ${entry.file} over`)
    const startedAt = resuming ? have : 0
    const expected = entry.bytes - startedAt
    const length = Number(res.headers['content-length'] ?? NaN)
    if (Number.isFinite(length) && length !== expected) {
      res.destroy()
      rmSync(part, { force: true })
      throw new ModelError(`the model mirror sends ${startedAt + length} bytes for ${entry.file}, not the ${entry.bytes} of the catalog; nothing was kept`)
    }
    if (resuming) o.onNote?.(`resuming ${entry.file} from ${mb(have)}`)
    const writing = resuming ? hash : createHash('sha256')
    let received = startedAt
    let tooLong = false
    o.onProgress?.({ received, total: entry.bytes, startedAt })
    try {
      await pipeline(
        res,
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            received += chunk.length
            if (received > entry.bytes) {
              tooLong = true
              return done(new Error('more bytes than the catalog says'))
            }
            writing.update(chunk)
            o.onProgress?.({ received, total: entry.bytes, startedAt })
            done(null, chunk)
          },
        }),
        createWriteStream(part, { flags: resuming ? 'a' : 'w', mode: 0o600 }),
        o.signal === undefined ? {} : { signal: o.signal },
      )
    } catch (e) {
      if (tooLong) {
        rmSync(part, { force: true })
        throw new ModelError(`the model mirror sent more than the ${entry.bytes} bytes of ${entry.file}; nothing was kept`)
      }
      if (o.signal?.aborted === true) throw new TransferCut(`the download of ${entry.file} was stopped at ${mb(sizeOf(part))} of ${mb(entry.bytes)}; pulling it again resumes it`)
      throw new TransferCut(`the download of ${entry.file} stopped at ${mb(sizeOf(part))} of ${mb(entry.bytes)} (${(e as Error).message}); run the same command again to resume it`)
    }
    if (received < entry.bytes) throw new TransferCut(`the download of ${entry.file} stopped at ${mb(received)} of ${mb(entry.bytes)}; run the same command again to resume it`)
    resumedFrom = startedAt
    finalHash = writing
  }
  if (finalHash === null) throw new ModelError(`the model mirror could not serve ${entry.file} from the start`)
  // The layout before the checksum: a file the catalog lists with its true SHA-256 (whisper.cpp's test
  // files) can still be no model the engine loads, and is named for what it is.
  const wrong = structureProblem(part, entry)
  if (wrong !== null) {
    rmSync(part, { force: true })
    throw new ModelError(`${sentence(`the downloaded ${entry.file}`, entry, wrong)}; nothing was kept`)
  }
  const sha = finalHash.digest('hex')
  if (sha !== entry.sha256) {
    rmSync(part, { force: true })
    throw new ModelError(`the downloaded ${entry.file} does not match its SHA-256 (got ${sha}, expected ${entry.sha256}); it was deleted`)
  }
  return { path: await putInPlace(part, dataDir, entry), alreadyPresent: false, resumedFrom }
}

const exists = (path: string): boolean => {
  try {
    statSync(path)
    return true
  } catch {
    return false
  }
}
