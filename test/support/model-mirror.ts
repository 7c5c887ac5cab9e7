/**
 * A loopback model mirror for the `models` tests: serves files as Hugging Face does
 * (optionally through a redirect to a "CDN" path), honours `Range: bytes=N-` (206, or
 * 416 past the end), and can misbehave on demand: cut the connection half way, ignore
 * Range, send a different file. Over https with a throwaway certificate (openssl) or
 * plain http. It records every request's path and Range header.
 */
import { spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { tinyWhisperModel } from '../../scripts/make-tiny-whisper-model.js'

export interface Behaviour {
  /** Redirect `/<file>` to `/cdn/<file>` first (what Hugging Face does). */
  redirect?: boolean
  /** The next full-file answers send this many bytes, then close the socket (counted down per request). */
  cutAfter?: number
  cuts?: number
  /** At the cut, keep the connection open and send nothing more (a stalled transfer) instead of closing it. */
  stall?: boolean
  /** Answer a Range request with the whole file (200). */
  ignoreRange?: boolean
  /** Wait this long between chunks of 16 kB (a slow link, so a download is seen in progress). */
  chunkDelayMs?: number
}

export interface Mirror {
  readonly url: string
  readonly requests: Array<{ path: string; range: string | null }>
  readonly files: Map<string, Buffer>
  behaviour: Behaviour
  close(): Promise<void>
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl in `dir`; returns the paths. */
export const loopbackCertificate = (dir: string): { key: string; cert: string } => {
  const key = join(dir, 'mirror-key.pem')
  const cert = join(dir, 'mirror-cert.pem')
  const made = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert,
    '-days', '1', '-subj', '/CN=notetaker model mirror', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ])
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`)
  return { key, cert }
}

/** A whole Whisper model in whisper.cpp's format (the generated tiny one, 4 MB; `seed` changes its weights), with its SHA-256. */
export const whisperModelFile = (seed = 1): { body: Buffer; sha256: string } => {
  const body = tinyWhisperModel({ seed })
  return { body, sha256: createHash('sha256').update(body).digest('hex') }
}

/** Random bytes of `size`, with their SHA-256: a stand-in file (no model's layout). */
export const fakeModel = (size: number): { body: Buffer; sha256: string } => {
  const body = randomBytes(size)
  return { body, sha256: createHash('sha256').update(body).digest('hex') }
}

const CHUNK = 16 * 1024

/** Writes `body` in small chunks (so progress is seen), stopping after `limit` bytes and then closing the socket. */
const send = (res: http.ServerResponse, body: Buffer, limit: number | null, stall: boolean, delayMs = 0) => {
  let at = 0
  const next = () => {
    if (limit !== null && at >= limit) {
      if (!stall) setTimeout(() => res.socket?.destroy(), 30)
      return
    }
    if (at >= body.length) return res.end()
    const end = Math.min(body.length, at + CHUNK, limit ?? Number.MAX_SAFE_INTEGER)
    const chunk = body.subarray(at, end)
    at = end
    const later = () => (delayMs > 0 ? setTimeout(next, delayMs) : setImmediate(next))
    if (res.write(chunk)) later()
    else res.once('drain', later)
  }
  next()
}

export const startMirror = async (options: { tls?: { key: string; cert: string } } = {}): Promise<Mirror> => {
  const requests: Mirror['requests'] = []
  const files = new Map<string, Buffer>()
  const mirror = { behaviour: {} as Behaviour }
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const range = req.headers.range ?? null
    requests.push({ path, range })
    const b = mirror.behaviour
    if (b.redirect === true && !path.startsWith('/cdn/')) {
      res.writeHead(302, { location: `/cdn${path}` }).end()
      return
    }
    const body = files.get(path.replace(/^\/cdn\//, '/').slice(1))
    if (body === undefined) return void res.writeHead(404).end('not found')
    const from = range !== null && b.ignoreRange !== true ? Number(/^bytes=(\d+)-$/.exec(range)?.[1] ?? NaN) : 0
    if (Number.isNaN(from)) return void res.writeHead(400).end()
    if (from >= body.length) return void res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end()
    const cut = (b.cuts ?? 0) > 0 && b.cutAfter !== undefined ? b.cutAfter : null
    if (cut !== null) b.cuts = (b.cuts ?? 0) - 1
    if (from > 0) res.writeHead(206, { 'content-length': body.length - from, 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` })
    else res.writeHead(200, { 'content-length': body.length })
    send(res, body.subarray(from), cut, b.stall === true, b.chunkDelayMs)
  }
  const server = options.tls === undefined ? http.createServer(handler) : https.createServer({ key: readFileSync(options.tls.key), cert: readFileSync(options.tls.cert) }, handler)
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.address() as AddressInfo).port
  return Object.assign(mirror, {
    url: `${options.tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}`,
    requests,
    files,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      }),
  })
}
