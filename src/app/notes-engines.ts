/**
 * The analyzers the notes settings choose between (NotesEngines): the CPU pool's built-in
 * analyzer, an OpenAI-compatible analyzer per saved server (built at each analysis, so a change
 * applies to the next recording without a restart), the server test, the template catalogue,
 * and the address policy a saved server's URL must pass.
 */
import * as E from 'fp-ts/lib/Either.js'
import type { Logger } from 'pino'
import { createOpenAiAnalyzer } from '../../adapters/analyze-openai/index.js'
import { screenUrl, type UrlRefusal } from '../../adapters/net/index.js'
import { BUILTIN_TEMPLATE_IDS } from '../core/domain/notes-template.js'
import { BUILTIN_TEMPLATE_NAMES, type CataloguedTemplate, DEFAULT_CONTEXT_TOKENS, type NotesChoice, type NotesServer } from '../core/domain/notes-settings.js'
import type { Analyzer } from '../core/ports/analyzer.js'
import type { NotesEngines, ServerTestResult } from '../core/ports/notes-engines.js'
import type { Config } from './config.js'
import { optionalKey } from './transcriber-choice.js'

const FLAG_HINT = 'allowed only when the server sets NOTETAKER_ALLOW_PRIVATE_URLS=true'

/** Why a notes server address is refused, in words (the shared policy of adapters/net; the owner typed the address, so it is named). */
const refusalWords = (r: UrlRefusal): string => {
  switch (r.kind) {
    case 'invalid':
      return r.message
    case 'scheme':
      return r.scheme === 'http:' ? `only https: addresses are allowed, not http: (http is ${FLAG_HINT})` : `only http: and https: addresses are allowed, not ${r.scheme}`
    case 'metadata':
      return `${r.host} is ${r.what}; a notes server may never be one, whatever the settings`
    case 'private':
      return `${r.host} is ${r.what}; a notes server must be at a public address (private and loopback addresses, such as an Ollama on 127.0.0.1, are ${FLAG_HINT})`
  }
}

/** The URL as the analyzer will call it, without a trailing slash, or why not. */
export const vetNotesServerUrl = (raw: string, allowPrivate: boolean): E.Either<string, string> => {
  const screened = screenUrl(raw, allowPrivate)
  if (E.isLeft(screened)) return E.left(refusalWords(screened.left))
  const url = screened.right
  if (url.hash !== '' || url.search !== '') return E.left('the address must not contain a ?query or #fragment')
  return E.right(url.toString().replace(/\/+$/, ''))
}

/** What NOTETAKER_ANALYZER and its settings make notes with when nothing is saved. */
export const serverChoiceOf = (config: Config): NotesChoice =>
  config.NOTETAKER_ANALYZER === 'openai'
    ? {
        analyzer: 'openai',
        server: {
          url: config.NOTETAKER_ANALYZER_URL,
          model: config.NOTETAKER_ANALYZER_MODEL,
          // After H5: config.NOTETAKER_ANALYZER_CONTEXT_TOKENS.
          contextTokens: DEFAULT_CONTEXT_TOKENS,
          key: config.NOTETAKER_ANALYZER_KEY === '' ? null : config.NOTETAKER_ANALYZER_KEY,
        },
      }
    : { analyzer: 'builtin' }

// ---- Until H5 (branch i30-llm) is merged: replace these three with its exports. ----
// After the merge: `import { createOpenAiAnalyzer, templateCatalogue, testAnalyzerServer } from '../../adapters/analyze-openai/index.js'`,
// pass `contextTokens: server.contextTokens` in openAiAnalyzer, and delete the two stand-ins below.
const templateCatalogue = (_dir?: string): ReadonlyArray<{ id: string; name: string; instructions: string }> =>
  BUILTIN_TEMPLATE_IDS.map((id) => ({ id, name: BUILTIN_TEMPLATE_NAMES[id] ?? id, instructions: '' }))
const testAnalyzerServer = async (_o: { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number }): Promise<{ ok: true; answer: string; ms: number } | { ok: false; error: string }> => ({
  ok: false,
  error: 'Testing a notes server is not available in this build yet',
})
// ---- end of what H5 replaces ----

const BUILTIN_IDS: ReadonlySet<string> = new Set(BUILTIN_TEMPLATE_IDS)
/** How long the Test button waits for the server's answer. */
const TEST_TIMEOUT_MS = 30_000

export interface NotesEngineOptions {
  readonly config: Config
  /** The CPU pool's built-in analyzer. */
  readonly builtin: Analyzer
  readonly logger?: Logger
}

export const notesEngines = ({ config, builtin, logger }: NotesEngineOptions): NotesEngines => {
  const openAiAnalyzer = (server: NotesServer): Analyzer =>
    createOpenAiAnalyzer({ baseUrl: server.url, model: server.model, fallback: builtin, ...(logger === undefined ? {} : { logger }), ...optionalKey(server.key ?? '') })
  return {
    builtin,
    openai: openAiAnalyzer,
    testServer: (server) => async (): Promise<ServerTestResult> => {
      const started = performance.now()
      const r = await testAnalyzerServer({ baseUrl: server.url, model: server.model, timeoutMs: TEST_TIMEOUT_MS, ...optionalKey(server.key ?? '') })
      return r.ok ? r : { ok: false, error: r.error, ms: Math.round(performance.now() - started) }
    },
    vetUrl: (url) => vetNotesServerUrl(url, config.NOTETAKER_ALLOW_PRIVATE_URLS),
    // Read at each call: an operator's new template file is offered without a restart.
    templates: (): ReadonlyArray<CataloguedTemplate> =>
      templateCatalogue().map((t) => ({ id: t.id, name: t.name, instructions: t.instructions, source: BUILTIN_IDS.has(t.id) ? 'builtin' : 'operator' })),
    serverChoice: serverChoiceOf(config),
  }
}
