/**
 * The house rules (docs/architecture.md): the core is pure, features meet only
 * at their index.ts, adapters never know the composition root, and nothing
 * imports in a circle. Each rule is also tried on a made-up import that breaks
 * it, so a rule that could never fail would show.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import madge from 'madge'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const root = join(import.meta.dirname, '..', '..')
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx|mjs)$/.test(p) ? [p] : []
  })
const rel = (p: string) => relative(root, p).split(sep).join('/')

const CORE = 'src/core'
const FEATURES = readdirSync(join(root, CORE)).filter((name) => statSync(join(root, CORE, name)).isDirectory() && !['domain', 'ports'].includes(name))

interface Import {
  readonly from: string
  readonly specifier: string
  /** The imported file, relative to the root, for a relative specifier. */
  readonly target: string | null
}

const importsOf = (from: string, text: string): Import[] =>
  [...text.matchAll(/(?:import|export)[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)].map((m) => {
    const specifier = m[1] ?? m[2] ?? m[3] ?? ''
    const target = specifier.startsWith('.') ? rel(resolve(root, dirname(from), specifier)).replace(/\.js$/, '.ts') : null
    return { from, specifier, target }
  })

const featureOf = (path: string): string | null => {
  const m = /^src\/core\/([^/]+)\//.exec(path)
  return m !== null && FEATURES.includes(m[1]!) ? m[1]! : null
}
/** Tests of a feature (test/core/<feature>/) may look inside it; everyone else goes through its face. */
const testedFeatureOf = (path: string): string | null => /^test\/core\/([^/]+)\//.exec(path)?.[1] ?? null

const WEB_APP = 'web'

const ALLOWED_IN_CORE = /^(fp-ts|io-ts)(\/|$)|^\.{1,2}\//

/** The port contracts ship to embedders (`notetaker/contracts`): they check ports, so they know the core's types and nothing of the project's adapters. */
const CONTRACTS = 'src/contracts'
const PACKAGES_IN_CONTRACTS = /^(node:|fp-ts\/lib\/|uvu(\/assert)?$|fast-check$)/
const CORE_FOR_CONTRACTS = /^src\/core\/(ports\/|domain\/|[^/]+\/index\.ts$|build-core\.ts$)/

/** Every broken rule for one import; empty when it keeps them all. */
const problemsOf = (i: Import): string[] => {
  const problems: string[] = []
  const where = `${i.from} imports ${i.specifier}`
  if (i.from.startsWith(`${CORE}/`)) {
    if (!ALLOWED_IN_CORE.test(i.specifier)) problems.push(`${where}: the core imports only fp-ts, io-ts and itself`)
    if (i.target !== null && !i.target.startsWith(`${CORE}/`)) problems.push(`${where}: the core reaches outside src/core`)
  }
  // A client (clients/<language>/) ships on its own, with no runtime dependency: its own files and node: built-ins only.
  const client = /^clients\/[^/]+\//.exec(i.from)?.[0]
  if (client !== undefined && (i.target === null ? !i.specifier.startsWith('node:') : !i.target.startsWith(client))) {
    problems.push(`${where}: a client imports only its own files and node: built-ins (nothing from src/, adapters/ or a package)`)
  }
  // The browser app knows the server only through the API: its own files, Preact, and the typed client (never src/ or another adapter).
  if (i.from.startsWith(`${WEB_APP}/`) && !(i.target === null ? /^preact(\/|$)/.test(i.specifier) : i.target.startsWith(`${WEB_APP}/`) || i.target.startsWith('clients/typescript/src/'))) {
    problems.push(`${where}: the web app imports only its own files, preact and the typed client`)
  }
  if (i.from.startsWith(`${CONTRACTS}/`) && !(i.target === null ? PACKAGES_IN_CONTRACTS.test(i.specifier) : i.target.startsWith(`${CONTRACTS}/`) || CORE_FOR_CONTRACTS.test(i.target))) {
    problems.push(`${where}: the contracts import only themselves, the core's ports, domain and faces, node: built-ins, fp-ts, uvu and fast-check`)
  }
  // uvu is a peer dependency the main entry must never load: only tests, examples and the contracts themselves import them.
  if (i.target?.startsWith(`${CONTRACTS}/`) && !/^(test|examples|src\/contracts)\//.test(i.from)) {
    problems.push(`${where}: only tests and examples run the contracts; the project's code never loads them (nor uvu)`)
  }
  if (/^(fp-ts|io-ts)\//.test(i.specifier) && !/^(fp-ts|io-ts)\/lib\/\w+\.js$/.test(i.specifier)) {
    problems.push(`${where}: name the module file (fp-ts/lib/X.js), so the compiled JavaScript runs under Node without a loader`)
  }
  if (i.target === null) return problems
  if (i.from.startsWith('adapters/') && i.target.startsWith('src/app/')) problems.push(`${where}: adapters never import the composition root`)
  if (i.target === 'src/index.ts' && !/^(test|examples)\//.test(i.from)) {
    problems.push(`${where}: the package entry only re-exports, for programs that embed Notetaker; the project imports src/core/build-core.ts`)
  }
  if (i.from.startsWith('src/') && !i.from.startsWith('src/app/') && i.target.startsWith('adapters/')) {
    problems.push(`${where}: only src/app/ knows the adapters`)
  }
  const feature = featureOf(i.target)
  const inside = featureOf(i.from) === feature || testedFeatureOf(i.from) === feature
  if (feature !== null && !inside && i.target !== `${CORE}/${feature}/index.ts`) {
    problems.push(`${where}: features are reached only through ${CORE}/${feature}/index.ts`)
  }
  return problems
}

const checked = ['src', 'adapters', 'web', 'test', 'bench', 'scripts', 'bin', 'examples'].flatMap((dir) => files(join(root, dir)))
/** The clients' sources, without what a build or an install inside them leaves (dist/, node_modules/). */
const clientFiles = files(join(root, 'clients')).filter((p) => !/[\\/](node_modules|dist)[\\/]/.test(p))

test('the core has the twelve features by name, beside domain and ports', () => {
  assert.equal([...FEATURES].sort(), ['bots', 'calendars', 'identity', 'live', 'meetings', 'notifications', 'organizations', 'processing', 'recordings', 'speech', 'uploads', 'webhooks'])
  for (const feature of FEATURES) assert.ok(statSync(join(root, CORE, feature, 'index.ts')).isFile(), `${feature} has an index.ts`)
})

test('every import in the project keeps the house rules', () => {
  const problems = checked.flatMap((file) => importsOf(rel(file), readFileSync(file, 'utf8')).flatMap(problemsOf))
  assert.equal(problems, [])
})

test('the clients stand alone: only their own files and node: built-ins', () => {
  assert.ok(clientFiles.some((p) => rel(p) === 'clients/typescript/src/index.ts'), 'the TypeScript client is checked')
  const problems = clientFiles.flatMap((file) => importsOf(rel(file), readFileSync(file, 'utf8')).flatMap(problemsOf))
  assert.equal(problems, [])
})

test('the package root exports buildCore (bring your own adapters) and createNotetaker (the composition root does it)', async () => {
  const entry = await import('../../src/index.js')
  assert.type(entry.buildCore, 'function')
  assert.type(entry.createNotetaker, 'function')
  assert.ok(checked.some((p) => rel(p) === 'examples/embed.ts'), 'the examples are checked')
})

test('the core never reads process.env or uses require', () => {
  const problems = files(join(root, CORE))
    .filter((file) => /process\.env|require\(/.test(readFileSync(file, 'utf8')))
    .map(rel)
  assert.equal(problems, [])
})

test('each rule catches the import that breaks it', () => {
  const broken = (from: string, specifier: string) => problemsOf(importsOf(from, `import { x } from '${specifier}'`)[0]!)
  assert.ok(broken('src/core/meetings/create-meeting.ts', 'koa').length > 0, 'a core file importing a package')
  assert.ok(broken('web/pages/upload.tsx', '../../src/core/uploads/index.js').length > 0, 'the web app importing the core')
  assert.ok(broken('web/api.ts', 'fp-ts/lib/Either.js').length > 0, 'the web app importing a package other than preact')
  assert.equal(broken('web/api.ts', '../clients/typescript/src/client.js'), [], 'the web app importing the typed client')
  assert.ok(broken('adapters/driving/http-koa/app.ts', 'fp-ts/TaskEither').length > 0, 'an fp-ts module named by its folder')
  assert.equal(broken('src/core/meetings/create-meeting.ts', 'fp-ts/lib/TaskEither.js'), [], 'an fp-ts module named by its file')
  assert.ok(broken('src/core/meetings/create-meeting.ts', '../../../adapters/stores/sqlite/meetings.js').length > 0, 'a core file importing an adapter')
  assert.ok(broken('adapters/driving/http-koa/app.ts', '../../../src/app/config/index.js').length > 0, 'an adapter importing the composition root')
  assert.ok(broken('src/index.ts', '../adapters/stores/memory/stores.js').length > 0, 'the library entry importing an adapter')
  assert.ok(broken('src/core/bots/send-bot.ts', '../meetings/meeting-access.js').length > 0, 'a feature reaching into another')
  assert.ok(broken('adapters/driving/http-koa/routes/bots.ts', '../../../../src/core/bots/send-bot.js').length > 0, 'an adapter reaching into a feature')
  assert.ok(broken('test/http/bots.test.ts', '../../src/core/bots/send-bot.js').length > 0, 'a test of another area reaching into a feature')
  assert.ok(broken('examples/embed.ts', '../src/core/uploads/create-upload.js').length > 0, 'an example reaching into a feature')
  assert.equal(broken('examples/embed.ts', '../src/index.js'), [], 'an example through the package root')
  assert.ok(broken('adapters/driving/http-koa/routes/bots.ts', '../../../../src/index.js').length > 0, 'an adapter importing the package entry')
  assert.ok(broken('src/app/service/serve.ts', '../../index.js').length > 0, 'the composition root importing the package entry')
  assert.equal(broken('adapters/driving/http-koa/routes/bots.ts', '../../../../src/core/build-core.js'), [], 'an adapter importing the core\'s type')
  assert.ok(broken('clients/typescript/src/client.ts', '../../../src/index.js').length > 0, 'a client importing the server')
  assert.ok(broken('clients/typescript/src/client.ts', '../../../adapters/driving/http-koa/envelope.js').length > 0, 'a client importing an adapter')
  assert.ok(broken('clients/typescript/src/client.ts', 'fp-ts/Either').length > 0, 'a client importing a package')
  assert.equal(broken('clients/typescript/src/client.ts', './errors.js'), [], 'a client inside itself')
  assert.equal(broken('clients/typescript/src/upload-data.ts', 'node:fs'), [], 'a client using a node: built-in')
  assert.equal(broken('src/core/bots/send-bot.ts', '../meetings/index.js'), [], 'a feature through the face of another')
  assert.equal(broken('src/core/bots/send-bot.ts', './bot-job.js'), [], 'a feature inside itself')
  assert.equal(broken('test/core/bots/resume-bots.test.ts', '../../../src/core/bots/resume-bots.js'), [], 'a feature test inside its feature')
  assert.equal(broken('src/app/composition/adapters.ts', '../../../adapters/stores/memory/stores.js'), [], 'the composition root knows the adapters')
  assert.ok(broken('src/contracts/job-queue.ts', '../../adapters/stores/memory/job-queue.js').length > 0, 'a contract importing an adapter')
  assert.ok(broken('src/contracts/job-queue.ts', '../../test/support/run.js').length > 0, 'a contract importing test support')
  assert.ok(broken('src/contracts/job-queue.ts', 'pg').length > 0, 'a contract importing a package beyond its test tools')
  assert.ok(broken('src/contracts/job-queue.ts', '../core/processing/process-recording.js').length > 0, 'a contract reaching into a feature')
  assert.equal(broken('src/contracts/recording-search.ts', '../core/recordings/index.js'), [], 'a contract through a feature\'s face')
  assert.equal(broken('src/contracts/job-queue.ts', '../core/ports/job-queue.js'), [], 'a contract importing a port')
  assert.equal(broken('src/contracts/job-queue.ts', 'uvu/assert'), [], 'a contract importing uvu')
  assert.ok(broken('src/index.ts', './contracts/index.js').length > 0, 'the package entry loading the contracts (and uvu)')
  assert.ok(broken('adapters/stores/memory/stores.ts', '../../../src/contracts/index.js').length > 0, 'an adapter loading the contracts')
  assert.equal(broken('test/adapters/stores/memory-contracts.test.ts', '../../../src/contracts/index.js'), [], 'a test running the contracts')
  assert.equal(broken('examples/check-your-store.ts', '../src/contracts/index.js'), [], 'an example running the contracts')
})

test('there are no import cycles in src and adapters, counting type-only imports', async () => {
  const graph = await madge([join(root, 'src'), join(root, 'adapters')], {
    fileExtensions: ['ts'],
    tsConfig: join(root, 'tsconfig.json'),
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  })
  const deps = graph.obj()
  assert.ok(Object.keys(deps).length > 30, 'the graph covers the project')
  assert.ok(deps['src/core/build-core.ts']?.includes('src/core/identity/index.ts'), '.js specifiers resolve to .ts files')
  assert.ok(deps['adapters/driving/http-koa/routes/bots.ts']?.includes('src/core/build-core.ts'), 'type-only imports are edges too')
  assert.equal(graph.circular(), [])
})

test.run()
