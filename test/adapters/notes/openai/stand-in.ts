/**
 * A stand-in OpenAI-compatible chat-completions server on 127.0.0.1 for the
 * analyzer's tests and request measurements. By default it plays a naive
 * model ("echo"): it reads the transcript lines or the part notes it is sent
 * and answers in the schema asked for, an action item for each "I'll ..." and
 * a decision for each "we decided ...", citing the line's [time]. It merges
 * nothing, so whatever one-item-per-task merging the notes show is the
 * analyzer's own.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  readonly path: string
  readonly headers: IncomingMessage['headers']
  readonly body: any
  /** Characters of all message contents. */
  readonly chars: number
}

export type Handler = (req: SeenRequest, res: ServerResponse) => void

export interface StandIn {
  readonly url: string
  readonly requests: SeenRequest[]
  handler: Handler
  close(): Promise<void>
}

export const completion = (content: string, finish = 'stop'): string =>
  JSON.stringify({ choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content } }] })

export const reply = (status: number, body: string): Handler => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(body)
}

const LINE = /^\[(\d+(?::\d{2}){1,2})\] ([^:]+): (.*)$/

interface Item { title: string; owner: string | null; due: string | null; time: string; quote: string }
interface Decision { text: string; by: string | null; time: string }
interface TopicOut { label: string; start: string; keyPoints: string[] }

const section = (content: string, head: string): string[] => {
  const at = content.indexOf(`\n${head}\n`)
  if (at < 0) return []
  const rest = content.slice(at + head.length + 2)
  const end = rest.search(/\n\n[A-Z][^\n]*:\n/)
  return (end < 0 ? rest : rest.slice(0, end)).split('\n')
}

/** What the naive model reads in a transcript. */
const fromTranscript = (lines: string[]): { topics: TopicOut[]; actionItems: Item[]; decisions: Decision[] } => {
  const parsed = lines.map((l) => LINE.exec(l)).filter((m): m is RegExpExecArray => m !== null)
  const actionItems: Item[] = []
  const decisions: Decision[] = []
  for (const m of parsed) {
    const [, time, speaker, text] = m as unknown as [string, string, string, string]
    const will = /\bI'll ([^.!?]+)/.exec(text)
    if (will !== null) {
      const due = /\bby (\d{4}-\d{2}-\d{2})\b/.exec(text)?.[1] ?? null
      actionItems.push({ title: will[1]![0]!.toUpperCase() + will[1]!.slice(1), owner: speaker, due, time, quote: text })
    }
    const decided = /\bwe decided (?:to )?([^.!?]+)/i.exec(text)
    if (decided !== null) decisions.push({ text: decided[1]!, by: speaker, time })
  }
  const first = parsed[0]
  const topics = first === undefined ? [] : [{ label: `Talk from ${first[1]}`, start: first[1]!, keyPoints: [first[3]!.slice(0, 60)] }]
  return { topics, actionItems, decisions }
}

/** What it reads in the notes of parts (prompt.ts partNotesText). */
const fromParts = (lines: string[]): { topics: TopicOut[]; actionItems: Item[]; decisions: Decision[] } => {
  const topics: TopicOut[] = []
  const actionItems: Item[] = []
  const decisions: Decision[] = []
  for (const l of lines) {
    const t = /^Topic ("(?:[^"\\]|\\.)*") from \[([^\]]+)\]: (.*)$/.exec(l)
    if (t !== null) topics.push({ label: JSON.parse(t[1]!), start: t[2]!, keyPoints: t[3]!.split(' | ') })
    const a = /^Action item \[([^\]]+)\] ("(?:[^"\\]|\\.)*") owner (.+?)(?: due (\S+))?; said: (".*")$/.exec(l)
    if (a !== null) actionItems.push({ time: a[1]!, title: JSON.parse(a[2]!), owner: a[3] === 'unknown' ? null : a[3]!, due: a[4] ?? null, quote: JSON.parse(a[5]!) })
    const d = /^Decision \[([^\]]+)\] ("(?:[^"\\]|\\.)*")(?: by (.+))?$/.exec(l)
    if (d !== null) decisions.push({ time: d[1]!, text: JSON.parse(d[2]!), by: d[3] ?? null })
  }
  return { topics, actionItems, decisions }
}

/** The naive model's answer to a request body. */
export const echoAnswer = (body: any): object => {
  const user: string = body.messages.find((m: { role: string }) => m.role === 'user').content
  const read = user.includes('\nTranscript:\n') ? fromTranscript(section(user, 'Transcript:')) : fromParts(section(user, 'Notes of the parts:'))
  if (body.response_format.json_schema.name === 'meeting_notes_part') return read
  return {
    shortSummary: 'The team met.',
    detailedSummary: `The team talked; ${read.actionItems.length} tasks came up.`,
    topics: read.topics.map((t) => ({ label: t.label, start: t.start })),
    actionItems: read.actionItems,
    decisions: read.decisions,
  }
}

/**
 * A model cannot write more than `max_tokens`: the naive one keeps the first
 * items and decisions that fit (at 3.5 characters a token, as the analyzer estimates).
 */
export const withinMaxTokens = (answer: any, maxTokens: number): any => {
  const a = structuredClone(answer)
  let size = Math.ceil(JSON.stringify(a).length / 3.5)
  const drop = (list: unknown[]) => (size -= Math.floor((JSON.stringify(list.pop()).length + 1) / 3.5))
  while (size > maxTokens) {
    if (a.actionItems.length >= a.decisions.length && a.actionItems.length > 0) drop(a.actionItems)
    else if (a.decisions.length > 0) drop(a.decisions)
    else if (a.topics.length > 1) drop(a.topics)
    else break
  }
  return a
}

export const echo: Handler = (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(completion(JSON.stringify(withinMaxTokens(echoAnswer(req.body), req.body.max_tokens ?? Infinity))))
}

export const startStandIn = async (): Promise<StandIn> => {
  const requests: SeenRequest[] = []
  const standIn: StandIn = {
    url: '',
    requests,
    handler: echo,
    close: async () => undefined,
  }
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const body = raw === '' ? null : JSON.parse(raw)
      const chars = (body?.messages ?? []).reduce((a: number, m: { content: string }) => a + m.content.length, 0)
      const seen = { path: req.url ?? '', headers: req.headers, body, chars }
      requests.push(seen)
      try {
        standIn.handler(seen, res)
      } catch (e) {
        // a stand-in that breaks says so, rather than resetting the connection
        res.writeHead(599, { 'content-type': 'text/plain' })
        res.end(`stand-in failed: ${e instanceof Error ? e.stack : String(e)}`)
      }
    })
  })
  // a kept-alive socket the server closes while the client's thread is busy (the built-in analysis of a long
  // meeting) would reset the next request: real servers do that too, and the analyzer retries, but tests count requests
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}

/** A loopback port nothing listens on: a server's, once closed. */
export const closedPort = async (): Promise<number> => {
  const s = createServer()
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const port = (s.address() as AddressInfo).port
  await new Promise<void>((resolve) => s.close(() => resolve()))
  return port
}

/** Every text said, cut the way the analyzer may cut a long utterance, found again across the requests. */
export const transcriptSent = (requests: ReadonlyArray<SeenRequest>): string[] =>
  requests.flatMap((r) => {
    const user: string = r.body.messages.find((m: { role: string }) => m.role === 'user').content
    return section(user, 'Transcript:').map((l) => LINE.exec(l)?.[3]).filter((t): t is string => t !== undefined)
  })
