import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createBuiltinAnalyzer } from '../../adapters/notes/builtin/index.js'
import { loadConfig } from '../../src/app/config/index.js'
import { notesEngines, serverChoiceOf, vetNotesServerUrl } from '../../src/app/composition/notes-engines.js'

const configOf = (env: Record<string, string>) => {
  const loaded = loadConfig(env)
  if (E.isLeft(loaded)) throw new Error(loaded.left.join('; '))
  return loaded.right
}

test('a notes server on this machine or a private network is allowed only when the operator allows private addresses', () => {
  for (const url of ['http://127.0.0.1:11434', 'http://localhost:8080', 'https://10.0.0.5', 'http://[::1]:11434']) {
    const refused = vetNotesServerUrl(url, false)
    assert.ok(E.isLeft(refused), url)
    assert.match(E.isLeft(refused) ? refused.left : '', /NOTETAKER_ALLOW_PRIVATE_URLS=true/, url)
  }
  assert.equal(vetNotesServerUrl('http://127.0.0.1:11434/', true), E.right('http://127.0.0.1:11434'), 'an Ollama on this machine, with the flag; no trailing slash')
  assert.equal(vetNotesServerUrl('https://api.openai.com', false), E.right('https://api.openai.com'))
  assert.equal(vetNotesServerUrl('https://llm.example.com/openai/', false), E.right('https://llm.example.com/openai'), 'a path is kept')
})

test('some addresses are refused whatever the flag says', () => {
  for (const [url, words] of [
    ['http://169.254.169.254', /metadata/],
    ['http://metadata.google.internal', /metadata/],
    ['ftp://llm.example.com', /http/],
    ['https://user:pw@llm.example.com', /./],
    ['https://llm.example.com/?key=1', /query/],
    ['llm.example.com', /./],
  ] as const) {
    const r = vetNotesServerUrl(url, true)
    assert.ok(E.isLeft(r), url)
    assert.match(E.isLeft(r) ? r.left : '', words, url)
  }
})

test('the server configuration is what makes notes when nothing is saved; the key stays out of sight', () => {
  assert.equal(serverChoiceOf(configOf({})), { analyzer: 'builtin' })
  const openai = serverChoiceOf(configOf({ NOTETAKER_ANALYZER: 'openai', NOTETAKER_ANALYZER_URL: 'http://127.0.0.1:11434', NOTETAKER_ANALYZER_MODEL: 'llama3.1:8b', NOTETAKER_ANALYZER_KEY: 'sk-op' }))
  assert.equal(openai, { analyzer: 'openai', server: { url: 'http://127.0.0.1:11434', model: 'llama3.1:8b', contextTokens: 8192, key: 'sk-op' } })
})

test('the engines offer the built-in templates and the built-in analyzer, and vet with the private flag', () => {
  const builtin = createBuiltinAnalyzer()
  const engines = notesEngines({ config: configOf({ NOTETAKER_ALLOW_PRIVATE_URLS: 'true' }), builtin })
  assert.is(engines.builtin, builtin)
  assert.equal(engines.templates().filter((t) => t.source === 'builtin').map((t) => t.id), ['general', 'standup', 'sales-call', 'one-on-one', 'interview'])
  assert.ok(E.isRight(engines.vetUrl('http://127.0.0.1:11434')))
  assert.ok(E.isLeft(notesEngines({ config: configOf({}), builtin }).vetUrl('http://127.0.0.1:11434')))
  assert.is(engines.openai({ url: 'http://127.0.0.1:1', model: 'm', contextTokens: 8192, key: null }).name, 'openai')
})

test('the context length the operator sets reaches the server choice', () => {
  const choice = serverChoiceOf(configOf({ NOTETAKER_ANALYZER: 'openai', NOTETAKER_ANALYZER_URL: 'http://127.0.0.1:8080', NOTETAKER_ANALYZER_CONTEXT_TOKENS: '32768' }))
  assert.is(choice.analyzer === 'openai' ? choice.server.contextTokens : null, 32768)
})

test("the operator's template files are offered, and a file added later without a restart", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-templates-'))
  try {
    writeFileSync(join(dir, 'board-meeting.md'), '# Board meeting\nResolutions, votes and who moved them.\n')
    writeFileSync(join(dir, 'Bad Name.md'), '# Bad\nrefused: not an id\n')
    const warnings: string[] = []
    const logger = { warn: (_o: unknown, msg: string) => warnings.push(msg) } as never
    const engines = notesEngines({ config: configOf({ NOTETAKER_NOTES_TEMPLATES_DIR: dir }), builtin: createBuiltinAnalyzer(), logger })
    const operatorIds = () => engines.templates().filter((t) => t.source === 'operator').map((t) => t.id)
    for (let i = 0; i < 100 && operatorIds().length === 0; i++) await new Promise((r) => setTimeout(r, 10))
    assert.equal(operatorIds(), ['board-meeting'])
    assert.match(engines.templates().find((t) => t.id === 'board-meeting')!.instructions, /Resolutions/)
    assert.is(warnings.length, 1, 'the refused file is logged once')
    assert.match(warnings[0]!, /Bad Name\.md/)
    writeFileSync(join(dir, 'retro.md'), '# Retrospective\nWhat went well, what did not, what changes.\n')
    // the catalogue is re-read once it is a few seconds old; wait out that age (bounded)
    for (let i = 0; i < 80 && !operatorIds().includes('retro'); i++) await new Promise((r) => setTimeout(r, 100))
    assert.equal(operatorIds(), ['board-meeting', 'retro'])
    assert.is(warnings.length, 1, 'the same refusal is not logged again')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
