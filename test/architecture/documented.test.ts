/**
 * docs/architecture.md told truly: every port, feature, adapter folder, route
 * file and composition-root file is named in its table, every row names one
 * that exists, and every path the page mentions is there. Each check is also
 * tried on a page that drifted, so a check that could never fail would show.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const root = join(import.meta.dirname, '..', '..')
const page = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8')

const entries = (dir: string, kind: 'dirs' | 'files') =>
  readdirSync(join(root, dir))
    .filter((name) => statSync(join(root, dir, name)).isDirectory() === (kind === 'dirs'))
    .sort()

/** The tree as the page must tell it. */
const tree = () => ({
  features: entries('src/core', 'dirs').filter((n) => n !== 'domain' && n !== 'ports'),
  ports: entries('src/core/ports', 'files'),
  adapters: entries('adapters', 'dirs').flatMap((wing) =>
    wing === 'system' ? [`adapters/${wing}/`] : entries(`adapters/${wing}`, 'dirs').map((name) => `adapters/${wing}/${name}/`),
  ),
  routes: entries('adapters/driving/http-koa/routes', 'files'),
  rooms: Object.fromEntries(entries('src/app', 'dirs').map((room) => [`src/app/${room}/`, entries(`src/app/${room}`, 'files')])),
})

/** The text under a heading, up to the next heading. */
const section = (text: string, heading: string): string => {
  const start = text.indexOf(`\n${heading}\n`)
  if (start < 0) return ''
  const rest = text.slice(start + heading.length + 2)
  const end = rest.search(/\n#+ /)
  return end < 0 ? rest : rest.slice(0, end)
}

/** The table rows of a section, as cells without the header and its rule. */
const rows = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2)
    .map((l) => l.split('|').slice(1, -1).map((c) => c.trim()))
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)
const firstColumn = (text: string) => rows(text).map((cells) => ticked(cells[0] ?? '')[0] ?? '')

/** What the page names, table by table. */
const told = (text: string) => ({
  features: firstColumn(section(text, '### Features')).sort(),
  ports: firstColumn(section(text, '### Ports')).sort(),
  adapters: firstColumn(section(text, '## The adapters')).sort(),
  routes: firstColumn(section(text, '### Route files')).sort(),
  rooms: Object.fromEntries(rows(section(text, '## The composition root')).map((cells) => [ticked(cells[0] ?? '')[0] ?? '', ticked(cells[1] ?? '').sort()])),
})

/** Every way the page and the tree disagree, in words. */
const drift = (text: string): string[] => {
  const [have, named] = [tree(), told(text)]
  const compare = (what: string, actual: ReadonlyArray<string>, documented: ReadonlyArray<string>) => [
    ...actual.filter((n) => !documented.includes(n)).map((n) => `${what} ${n} exists but docs/architecture.md does not name it`),
    ...documented.filter((n) => !actual.includes(n)).map((n) => `docs/architecture.md names ${what} ${n}, which does not exist`),
  ]
  const rooms = [...new Set([...Object.keys(have.rooms), ...Object.keys(named.rooms)])]
  // Every path the page mentions in backticks must be there (placeholders such as <feature> and globs aside).
  const paths = [...text.matchAll(/`((?:src|adapters|web|test|scripts|bench|bin|clients|docs|examples|fixtures)\/[^`\s]*)`/g)]
    .map((m) => m[1]!)
    .filter((p) => !/[<>*{}]/.test(p))
  return [
    ...compare('feature', have.features, named.features),
    ...compare('port', have.ports, named.ports),
    ...compare('adapter folder', have.adapters, named.adapters),
    ...compare('route file', have.routes, named.routes),
    ...rooms.flatMap((room) => compare(`file of ${room}`, have.rooms[room] ?? [], named.rooms[room] ?? [])),
    ...[...new Set(paths)].filter((p) => !existsSync(join(root, p))).map((p) => `docs/architecture.md mentions ${p}, which does not exist`),
  ]
}

test('docs/architecture.md names every port, feature, adapter folder, route file and composition-root file, and nothing else', () => {
  const named = told(page)
  assert.ok(named.ports.length > 30 && named.features.length > 10 && named.adapters.length > 25 && named.routes.length > 20, 'the tables are read')
  assert.equal(drift(page), [])
})

test('each check catches the page that drifted', () => {
  const without = (row: string) => {
    assert.ok(page.includes(row), `the page has ${row}`)
    return page.replace(row, '')
  }
  assert.ok(drift(without('| `mailer.ts` |')).some((d) => d.includes('port mailer.ts exists')), 'a port left out')
  assert.ok(drift(without('| `processing` |')).some((d) => d.includes('feature processing exists')), 'a feature left out')
  assert.ok(drift(without('| `adapters/stores/redis/` |')).some((d) => d.includes('adapter folder adapters/stores/redis/ exists')), 'an adapter folder left out')
  assert.ok(drift(without('| `webhooks.ts` |')).some((d) => d.includes('route file webhooks.ts exists')), 'a route file left out')
  assert.ok(drift(page.replace('`serve.ts`, ', '')).some((d) => d.includes('file of src/app/service/ serve.ts exists')), 'a composition-root file left out')
  const extra = page.replace('| `clock.ts` |', '| `telegraph-store.ts` | made up |\n| `clock.ts` |')
  assert.ok(drift(extra).some((d) => d.includes('names port telegraph-store.ts, which does not exist')), 'a port that is not there')
  assert.ok(drift(`${page}\nSee \`adapters/transcribe-none/index.ts\`.\n`).some((d) => d.includes('mentions adapters/transcribe-none/index.ts')), 'a path that moved')
})

test.run()
