/**
 * A stand-in OpenAI-compatible chat-completions server on 127.0.0.1, and the notes engines the
 * tests wire to it. The OpenAI-compatible analyzer and server test themselves are H5's
 * (adapters/analyze-openai); until they are merged, `standInEngines` plays their part with the
 * contract H5 follows: notes from the server, or the built-in notes with madeBy.fallbackReason.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as E from 'fp-ts/lib/Either.js'
import { createBuiltinAnalyzer } from '../../adapters/analyze-builtin/index.js'
import { BUILTIN_TEMPLATE_IDS } from '../../src/core/domain/notes-template.js'
import { BUILTIN_TEMPLATE_NAMES, type NotesServer } from '../../src/core/domain/notes-settings.js'
import type { Analyzer } from '../../src/core/ports/analyzer.js'
import type { NotesEngines } from '../../src/core/ports/notes-engines.js'
import { vetNotesServerUrl } from '../../src/app/notes-engines.js'

export interface ChatRequest {
  readonly authorization: string | null
  readonly model: string
  /** The template id the analyzer sent (the stand-in analyzer puts it in the body). */
  readonly template: string | null
  readonly messages: ReadonlyArray<{ role: string; content: string }>
}

export interface ChatStandIn {
  readonly url: string
  readonly requests: ChatRequest[]
  /** Stops answering (the port is freed); `start` serves again on the same port. */
  stop(): Promise<void>
  start(): Promise<void>
}

const bodyOf = async (req: IncomingMessage): Promise<any> => {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

export const chatStandIn = async (answer = 'Stand-in notes: the team planned the launch.'): Promise<ChatStandIn> => {
  const requests: ChatRequest[] = []
  let server: Server | null = null
  let port = 0
  const start = async () => {
    server = createServer(async (req, res) => {
      const body = await bodyOf(req)
      requests.push({ authorization: req.headers.authorization ?? null, model: body.model, template: body.template ?? null, messages: body.messages })
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: answer } }] }))
    })
    await new Promise<void>((r) => server!.listen(port, '127.0.0.1', r))
    port = (server.address() as AddressInfo).port
  }
  await start()
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    start,
    stop: () => new Promise<void>((r) => (server === null ? r() : (server.close(() => r()), server.closeAllConnections()))),
  }
}

/** One request to the server: the model's answer, or why there is none in words. */
const ask = async (server: NotesServer, messages: ChatRequest['messages'], template: string | null): Promise<E.Either<string, string>> => {
  try {
    const res = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(server.key === null ? {} : { authorization: `Bearer ${server.key}` }) },
      body: JSON.stringify({ model: server.model, template, messages }),
      signal: AbortSignal.timeout(5_000),
    })
    if (!res.ok) return E.left(`The notes server at ${server.url} answered HTTP ${res.status}`)
    const json = (await res.json()) as { choices: Array<{ message: { content: string } }> }
    return E.right(json.choices[0]!.message.content)
  } catch (e) {
    const code = (e as { cause?: { code?: string } }).cause?.code
    return E.left(`The notes server at ${server.url} did not answer (${code === 'ECONNREFUSED' ? 'connection refused' : String(e)})`)
  }
}

/** The built-in templates and one of an operator's. */
export const STAND_IN_TEMPLATES = [
  ...BUILTIN_TEMPLATE_IDS.map((id) => ({ id, name: BUILTIN_TEMPLATE_NAMES[id]!, instructions: `Notes for a ${id} meeting.`, source: 'builtin' as const })),
  { id: 'board-meeting', name: 'Board meeting', instructions: 'Resolutions, votes and owners.', source: 'operator' as const },
]

/** Notes engines over the built-in analyzer, with the stand-in analyzer and test for saved servers; private addresses allowed unless told. */
export const standInEngines = (options: { allowPrivate?: boolean; builtin?: Analyzer } = {}): NotesEngines => {
  const builtin = options.builtin ?? createBuiltinAnalyzer()
  return {
    builtin,
    openai: (server) => ({
      name: 'openai',
      analyze: (input, stop) => async () => {
        const base = await builtin.analyze(input, stop)()
        if (E.isLeft(base)) return base
        const template = input.template?.id ?? null
        const said = await ask(server, [{ role: 'system', content: input.template?.instructions ?? '' }, { role: 'user', content: input.utterances.map((u) => u.text).join('\n') }], template)
        return E.right(
          E.isRight(said)
            ? { ...base.right, shortSummary: said.right, madeBy: { analyzer: 'openai', model: server.model, template, fallbackReason: null } }
            : { ...base.right, madeBy: { analyzer: 'builtin', model: null, template, fallbackReason: said.left } },
        )
      },
    }),
    testServer: (server) => async () => {
      const said = await ask(server, [{ role: 'user', content: 'Say OK.' }], null)
      return E.isRight(said) ? { ok: true, answer: said.right, ms: 1 } : { ok: false, error: said.left, ms: 1 }
    },
    vetUrl: (url) => vetNotesServerUrl(url, options.allowPrivate ?? true),
    templates: () => STAND_IN_TEMPLATES,
    serverChoice: { analyzer: 'builtin' },
  }
}
