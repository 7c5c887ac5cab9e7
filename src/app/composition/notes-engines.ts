/**
 * The analyzers the notes settings choose between (NotesEngines): the CPU pool's built-in
 * analyzer, an OpenAI-compatible analyzer per saved server (built at each analysis, so a change
 * applies to the next recording without a restart), the server test, the template catalogue,
 * and the address policy a saved server's URL must pass.
 */
import * as E from 'fp-ts/lib/Either.js'
import type { Logger } from 'pino'
import { BUILTIN_TEMPLATES, createOpenAiAnalyzer, loadOperatorTemplates, testAnalyzerServer } from '../../../adapters/notes/openai/index.js'
import type { NotesTemplate } from '../../core/domain/notes/notes-template.js'
import { screenUrl, type UrlRefusal } from '../../../adapters/outbound/net/index.js'
import { BUILTIN_TEMPLATE_IDS } from '../../core/domain/notes/notes-template.js'
import { type CataloguedTemplate, type NotesChoice, type NotesServer } from '../../core/domain/notes/notes-settings.js'
import type { Analyzer } from '../../core/ports/analyzer.js'
import type { NotesEngines, ServerTestResult } from '../../core/ports/notes-engines.js'
import type { Config } from '../config/index.js'
import { optionalKey } from './transcriber-choice.js'

const FLAG_HINT = 'allowed only when the server sets NOTETAKER_ALLOW_PRIVATE_URLS=true'

/** Why a notes server address is refused, in words (the shared policy of adapters/outbound/net; the owner typed the address, so it is named). */
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
          contextTokens: config.NOTETAKER_ANALYZER_CONTEXT_TOKENS,
          key: config.NOTETAKER_ANALYZER_KEY === '' ? null : config.NOTETAKER_ANALYZER_KEY,
        },
      }
    : { analyzer: 'builtin' }


const BUILTIN_IDS: ReadonlySet<string> = new Set(BUILTIN_TEMPLATE_IDS)
/** How long the Test button waits for the server's answer. */
const TEST_TIMEOUT_MS = 30_000

/** How old the operator's templates may be before the next look re-reads the directory. */
const TEMPLATES_FRESH_MS = 5_000

/**
 * The built-in templates and the operator's from `dir`, re-read in the background when a look
 * finds them older than a few seconds, so a new or edited file is offered without a restart and
 * no request waits on the disk. A refused file is logged when the refusal first appears.
 */
const operatorCatalogue = (dir: string, logger?: Logger): (() => ReadonlyArray<NotesTemplate>) => {
  if (dir.trim() === '') return () => BUILTIN_TEMPLATES
  let current: ReadonlyArray<NotesTemplate> = BUILTIN_TEMPLATES
  let readAt = -Infinity
  let reading = false
  let told = new Set<string>()
  const reload = (): void => {
    if (reading) return
    reading = true
    readAt = performance.now()
    loadOperatorTemplates(dir.trim())
      .then(({ templates, refused }) => {
        current = [...BUILTIN_TEMPLATES, ...templates]
        const now = new Set(refused.map((r) => `${r.file}: ${r.reason}`))
        for (const r of refused)
          if (!told.has(`${r.file}: ${r.reason}`)) logger?.warn({ dir, file: r.file, reason: r.reason }, `The notes template ${r.file} in ${dir} was not loaded: ${r.reason}.`)
        told = now
      })
      .catch(() => undefined)
      .finally(() => {
        reading = false
      })
  }
  reload()
  return () => {
    if (performance.now() - readAt > TEMPLATES_FRESH_MS) reload()
    return current
  }
}

export interface NotesEngineOptions {
  readonly config: Config
  /** The CPU pool's built-in analyzer. */
  readonly builtin: Analyzer
  readonly logger?: Logger
}

export const notesEngines = ({ config, builtin, logger }: NotesEngineOptions): NotesEngines => {
  const openAiAnalyzer = (server: NotesServer): Analyzer =>
    createOpenAiAnalyzer({
      baseUrl: server.url,
      model: server.model,
      contextTokens: server.contextTokens,
      // the evidence and the fallback are the same built-in analysis, made once, on the pool
      evidence: builtin,
      fallback: builtin,
      ...(logger === undefined ? {} : { logger }),
      ...optionalKey(server.key ?? ''),
    })
  const catalogue = operatorCatalogue(config.NOTETAKER_NOTES_TEMPLATES_DIR, logger)
  return {
    builtin,
    openai: openAiAnalyzer,
    testServer: (server) => async (): Promise<ServerTestResult> => {
      const started = performance.now()
      const r = await testAnalyzerServer({ baseUrl: server.url, model: server.model, timeoutMs: TEST_TIMEOUT_MS, ...optionalKey(server.key ?? '') })
      return r.ok ? r : { ok: false, error: r.error, ms: Math.round(performance.now() - started) }
    },
    vetUrl: (url) => vetNotesServerUrl(url, config.NOTETAKER_ALLOW_PRIVATE_URLS),
    templates: (): ReadonlyArray<CataloguedTemplate> =>
      catalogue().map((t) => ({ id: t.id, name: t.name, instructions: t.instructions, source: BUILTIN_IDS.has(t.id) ? 'builtin' : 'operator' })),
    serverChoice: serverChoiceOf(config),
  }
}
