import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { MeetingPlatform } from '../../../../src/core/ports/bot-runner.js'
import { selfSignedCertificate } from './certificate.js'
import { ALL_STANDIN_HOSTS, hostResolverRules, platformOfHost } from './hosts.js'
import type { ResolvedLine, ResolvedScenario, Scenario, StandinReport } from './scenario.js'
import { synthesise } from './speech.js'

/**
 * Local stand-ins of Google Meet, Microsoft Teams and Zoom's web client: one
 * HTTPS server on 127.0.0.1 (self-signed certificate) answering for the real
 * host names, which Chromium is routed to with --host-resolver-rules. Pages
 * come from fixtures/platform-standins; each meeting is scripted by id.
 */
export interface Standins {
  readonly port: number
  /** For the runner's `hostResolverRules` option. */
  readonly hostResolverRules: string
  /** Scripts a meeting and returns the invitation link a user would paste, with the synthesised lines. */
  script(platform: MeetingPlatform, id: string, scenario: Scenario): Promise<{ joinUrl: string; lines: ReadonlyArray<ResolvedLine> }>
  /** What the meeting's pages reported so far (the bot's name, its camera and mic, clicks on leave...). */
  reports(platform: MeetingPlatform, id: string): ReadonlyArray<StandinReport>
  close(): Promise<void>
}

/** fixtures/platform-standins of the checkout, from the sources (adapters/...) or the build (dist/adapters/...). */
const findFixtures = (): string => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'fixtures', 'platform-standins')
    if (existsSync(join(candidate, 'engine.js'))) return candidate
  }
  throw new Error('fixtures/platform-standins was not found above adapters/bots/chromium/standins')
}
const TYPES: Record<string, string> = { html: 'text/html', js: 'text/javascript', css: 'text/css', wav: 'audio/wav' }

/** The link a user would paste for a stand-in meeting id, on the platform's real host names. */
export const invitationLink = (platform: MeetingPlatform, id: string): string => {
  switch (platform) {
    case 'google_meet':
      return `https://meet.google.com/${id}`
    case 'microsoft_teams':
      return /^\d+$/.test(id)
        ? `https://teams.live.com/meet/${id}?p=standin`
        : `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${id}%40thread.v2/0?context=%7b%22Tid%22%3a%22standin%22%7d`
    case 'zoom':
      return `https://us02web.zoom.us/j/${id}?pwd=standin`
  }
}

/** Which stand-in page serves a path on a platform's host; null is a 404. */
const pageFor = (platform: MeetingPlatform, path: string): string | null => {
  switch (platform) {
    case 'google_meet':
      return /^\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/.test(path) ? 'meet.html' : null
    case 'microsoft_teams':
      if (/^\/(l\/meetup-join\/|meet\/\d+)/.test(path)) return 'teams-launcher.html'
      return path === '/_' || path === '/_/' ? 'teams.html' : null
    case 'zoom':
      return /^\/wc\/(\d+\/join|join\/\d+)$/.test(path) ? 'zoom.html' : null
  }
}

export const startStandins = async (): Promise<Standins> => {
  const fixtures = findFixtures()
  const dir = await mkdtemp(join(tmpdir(), 'notetaker-standins-'))
  const { key, cert } = await selfSignedCertificate(dir, ALL_STANDIN_HOSTS)
  const scenarios = new Map<string, ResolvedScenario>()
  const reports = new Map<string, StandinReport[]>()
  const keyOf = (platform: string, id: string): string => `${platform}:${id}`

  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer): void => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
    res.end(body)
  }
  const sendFile = async (res: ServerResponse, path: string): Promise<void> => {
    const body = await readFile(path).catch(() => null)
    if (body === null) return send(res, 404, 'text/plain', 'not found')
    send(res, 200, TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream', body)
  }
  const readBody = async (req: IncomingMessage): Promise<string> => {
    const parts: Buffer[] = []
    for await (const part of req) parts.push(part as Buffer)
    return Buffer.concat(parts).toString('utf8')
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'https://standin')
    const path = url.pathname
    if (path.startsWith('/__standin/static/')) return sendFile(res, join(fixtures, path.slice(18).replace(/[^a-z0-9.-]/gi, '')))
    if (path.startsWith('/__standin/audio/')) return sendFile(res, join(dir, path.slice(17).replace(/[^a-z0-9.]/gi, '')))
    if (path === '/__standin/scenario') {
      const found = scenarios.get(keyOf(url.searchParams.get('platform') ?? '', url.searchParams.get('id') ?? ''))
      return send(res, 200, 'application/json', JSON.stringify(found ?? { kind: 'missing' }))
    }
    if (path === '/__standin/report' && req.method === 'POST') {
      const r = JSON.parse(await readBody(req)) as { platform: string; id: string; event: string; data?: Record<string, unknown> }
      const list = reports.get(keyOf(r.platform, r.id)) ?? []
      list.push({ event: r.event, at: Date.now(), data: r.data ?? {} })
      reports.set(keyOf(r.platform, r.id), list)
      return send(res, 204, 'text/plain', '')
    }
    const platform = platformOfHost(req.headers.host ?? '')
    const page = platform === null ? null : pageFor(platform, path)
    if (page === null) return send(res, 404, 'text/html', '<!doctype html><title>Not Found</title><h1>404</h1>')
    return sendFile(res, join(fixtures, page))
  }

  const server: Server = createServer({ key, cert }, (req, res) => {
    handle(req, res).catch((e: unknown) => send(res, 500, 'text/plain', String(e)))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port

  return {
    port,
    hostResolverRules: hostResolverRules(port),
    script: async (platform, id, scenario) => {
      const firstLineAfterMs = scenario.firstLineAfterMs ?? 1500
      const gapMs = scenario.gapMs ?? 600
      const lines: ResolvedLine[] = []
      let startMs = firstLineAfterMs
      for (const line of scenario.lines) {
        const voice = scenario.participants.find((p) => p.name === line.speaker)?.voice
        if (voice === undefined) throw new Error(`line by ${line.speaker}, who is not a participant`)
        const speech = await synthesise(dir, voice, line.text)
        lines.push({ ...line, audioUrl: `/__standin/audio/${speech.file}`, durationMs: speech.durationMs, startMs })
        startMs += speech.durationMs + gapMs
      }
      scenarios.set(keyOf(platform, id), { ...scenario, kind: 'meeting', lines, firstLineAfterMs, gapMs })
      return { joinUrl: invitationLink(platform, id), lines }
    },
    reports: (platform, id) => [...(reports.get(keyOf(platform, id)) ?? [])],
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
      await rm(dir, { recursive: true, force: true })
    },
  }
}
