import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { BUILTIN_TEMPLATES, createOpenAiAnalyzer, loadOperatorTemplates, templateCatalogue } from '../../../../adapters/notes/openai/index.js'
import { BUILTIN_TEMPLATE_IDS } from '../../../../src/core/domain/notes/notes-template.js'
import { syntheticMeeting } from '../../../../bench/analyzer-synthetic.js'
import { echo, type StandIn, startStandIn } from './stand-in.js'

const s = suite<{ standIn: StandIn; dir: string }>('openai analyzer: templates')
s.before(async (ctx) => {
  ctx.standIn = await startStandIn()
  ctx.dir = await mkdtemp(join(tmpdir(), 'notetaker-templates-'))
})
s.after(async (ctx) => {
  await ctx.standIn.close()
  await rm(ctx.dir, { recursive: true, force: true })
})
s.before.each((ctx) => {
  ctx.standIn.requests.length = 0
  ctx.standIn.handler = echo
})

const logsTo = (lines: string[]) => pino(new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) }))

s('the built-in templates are the ids the core names, each with a name and instructions', () => {
  assert.equal(BUILTIN_TEMPLATES.map((t) => t.id), [...BUILTIN_TEMPLATE_IDS])
  for (const t of BUILTIN_TEMPLATES) assert.ok(t.name !== '' && t.instructions.length > 40, t.id)
  assert.match(BUILTIN_TEMPLATES.find((t) => t.id === 'standup')!.instructions, /blockers/)
  assert.match(BUILTIN_TEMPLATES.find((t) => t.id === 'sales-call')!.instructions, /budget.*decision makers.*next steps/s)
  assert.match(BUILTIN_TEMPLATES.find((t) => t.id === 'one-on-one')!.instructions, /wins, concerns, feedback/)
  assert.match(BUILTIN_TEMPLATES.find((t) => t.id === 'interview')!.instructions, /strengths and concerns.*recommendation/s)
})

const input = { title: 'Standup', startsAt: '2024-03-13T15:00:00Z', attendees: [] }

s("the input's template reaches every request's prompt and the notes; absent, the general one", async (ctx) => {
  const standup = BUILTIN_TEMPLATES.find((t) => t.id === 'standup')!
  const analyzer = createOpenAiAnalyzer({ baseUrl: ctx.standIn.url, model: 'm', contextTokens: 4096, retryDelaysMs: [] })
  const out = await analyzer.analyze({ ...input, utterances: syntheticMeeting(3000, 1), template: standup })()
  assert.is(out._tag === 'Right' && out.right.madeBy?.template, 'standup')
  assert.ok(ctx.standIn.requests.length > 1)
  for (const r of ctx.standIn.requests) assert.ok(r.body.messages[0].content.includes(`This is a Standup (template "standup"). ${standup.instructions}`))
  ctx.standIn.requests.length = 0
  const plain = await analyzer.analyze({ ...input, utterances: syntheticMeeting(300, 1) })()
  assert.is(plain._tag === 'Right' && plain.right.madeBy?.template, 'general')
  assert.match(ctx.standIn.requests[0]!.body.messages[0].content, /This is a General meeting \(template "general"\)/)
})

s("an operator's template file is loaded; bad ones are refused in words, naming the file, and the rest still load", async (ctx) => {
  await writeFile(join(ctx.dir, 'board-meeting.md'), '# Board meeting\n\nCover resolutions passed, votes, and the chair\'s actions.\n')
  await writeFile(join(ctx.dir, 'no-heading.md'), 'Cover everything.\n')
  await writeFile(join(ctx.dir, 'empty.md'), '# Empty\n\n')
  await writeFile(join(ctx.dir, 'Bad Name.md'), '# Bad\nx\n')
  await writeFile(join(ctx.dir, 'standup.md'), '# My standup\nx\n')
  await writeFile(join(ctx.dir, 'notes.txt'), 'hello')
  await writeFile(join(ctx.dir, 'huge.md'), `# Huge\n${'word '.repeat(2000)}`)
  await mkdir(join(ctx.dir, 'sub'))
  const lines: string[] = []
  const { templates, refused } = await loadOperatorTemplates(ctx.dir, logsTo(lines))
  assert.equal(templates, [{ id: 'board-meeting', name: 'Board meeting', instructions: "Cover resolutions passed, votes, and the chair's actions." }])
  assert.equal(
    refused.map((r) => [r.file, r.reason]),
    [
      ['Bad Name.md', 'its name must be the template\'s id: lower-case letters, digits and hyphens (such as "board-meeting.md")'],
      ['empty.md', 'it has a name but no instructions under the heading'],
      ['huge.md', 'its instructions are 9,999 characters; at most 4,000 fit beside a transcript'],
      ['no-heading.md', 'its first line must be a heading with the template\'s name, such as "# Board meeting"'],
      ['notes.txt', 'only Markdown files (<id>.md) are read as templates'],
      ['standup.md', '"standup" is a built-in template\'s id; give the file another name'],
    ],
  )
  const logged = lines.map((l) => JSON.parse(l))
  assert.is(logged.length, 6)
  assert.is(logged[1].level, 40)
  assert.is(logged[1].msg, `The notes template ${join(ctx.dir, 'empty.md')} was not loaded: it has a name but no instructions under the heading.`)
  const all = await templateCatalogue(ctx.dir)
  assert.equal(all.map((t) => t.id), [...BUILTIN_TEMPLATE_IDS, 'board-meeting'])
  assert.equal((await templateCatalogue('')).map((t) => t.id), [...BUILTIN_TEMPLATE_IDS])
  assert.equal((await templateCatalogue()).length, 5)
})

s('a templates directory that is not there is said in words, and the built-in ones remain', async (ctx) => {
  const lines: string[] = []
  const missing = join(ctx.dir, 'nope')
  const all = await templateCatalogue(missing, logsTo(lines))
  assert.equal(all.map((t) => t.id), [...BUILTIN_TEMPLATE_IDS])
  assert.is(JSON.parse(lines[0]!).msg, `No notes templates were read from ${missing}: the directory does not exist.`)
})

s.run()
