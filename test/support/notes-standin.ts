/**
 * A stand-in OpenAI-compatible chat-completions server on 127.0.0.1, and the app's real notes
 * engines (src/app/composition/notes-engines.ts: the OpenAI-compatible analyzer, the server test, the
 * template catalogue with one operator template) for the tests to point at it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { createBuiltinAnalyzer } from '../../adapters/notes/builtin/index.js'
import { loadConfig } from '../../src/app/config/index.js'
import { notesEngines } from '../../src/app/composition/notes-engines.js'
import type { Analyzer } from '../../src/core/ports/analyzer.js'
import type { NotesEngines } from '../../src/core/ports/notes-engines.js'

export interface ChatRequest {
  readonly authorization: string | null
  readonly model: string
  /** The template id the system prompt names (`template "standup"`), or null. */
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

/** What a model answers in the schema asked for: `answer` as the summary, no items of its own. */
const contentFor = (schemaName: string | undefined, answer: string): string =>
  schemaName === 'test_summary'
    ? JSON.stringify({ summary: answer })
    : schemaName === 'meeting_notes_part'
      ? JSON.stringify({ topics: [], actionItems: [], decisions: [] })
      : JSON.stringify({ shortSummary: answer, detailedSummary: answer, topics: [], actionItems: [], decisions: [] })

export const chatStandIn = async (answer = 'Stand-in notes: the team planned the launch.'): Promise<ChatStandIn> => {
  const requests: ChatRequest[] = []
  let server: Server | null = null
  let port = 0
  const start = async () => {
    server = createServer(async (req, res) => {
      const body = await bodyOf(req)
      const system = String(body.messages?.[0]?.content ?? '')
      requests.push({ authorization: req.headers.authorization ?? null, model: body.model, template: /\(template "([^"]+)"\)/.exec(system)?.[1] ?? null, messages: body.messages })
      res.setHeader('content-type', 'application/json')
      const content = contentFor(body.response_format?.json_schema?.name, answer)
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content }, finish_reason: 'stop' }] }))
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

/** The operator template the tests' catalogue holds beside the built-in ones. */
export const OPERATOR_TEMPLATE = { id: 'board-meeting', name: 'Board meeting', instructions: 'Resolutions, votes and owners.' }

/**
 * The app's notes engines over the built-in analyzer, private addresses allowed unless told, with
 * OPERATOR_TEMPLATE in a templates directory of their own; answers once that template is read.
 */
export const standInEngines = async (options: { allowPrivate?: boolean; builtin?: Analyzer } = {}): Promise<NotesEngines> => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-test-templates-'))
  writeFileSync(join(dir, `${OPERATOR_TEMPLATE.id}.md`), `# ${OPERATOR_TEMPLATE.name}\n${OPERATOR_TEMPLATE.instructions}\n`)
  const config = loadConfig({ NOTETAKER_ALLOW_PRIVATE_URLS: String(options.allowPrivate ?? true), NOTETAKER_NOTES_TEMPLATES_DIR: dir })
  if (E.isLeft(config)) throw new Error(config.left.join('; '))
  const engines = notesEngines({ config: config.right, builtin: options.builtin ?? createBuiltinAnalyzer() })
  // the operator's templates are read in the background: wait (bounded) until they are there
  for (let i = 0; i < 200 && !engines.templates().some((t) => t.id === OPERATOR_TEMPLATE.id); i++) await new Promise((r) => setTimeout(r, 10))
  if (!engines.templates().some((t) => t.id === OPERATOR_TEMPLATE.id)) throw new Error('the test templates were not read')
  return engines
}
