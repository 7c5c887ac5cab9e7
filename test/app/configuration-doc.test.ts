/**
 * docs/configuration.md lists every setting the code reads: the service's
 * settings exactly as src/app/config/settings.ts has them, and every other variable
 * read anywhere (tests, benchmarks, tools) by name.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SETTINGS } from '../../src/app/config/settings.js'
import { SETTINGS_BEGIN, SETTINGS_END, settingsMarkdown, withSettings } from '../../src/app/config/settings-doc.js'

const root = join(import.meta.dirname, '..', '..')
const page = readFileSync(join(root, 'docs', 'configuration.md'), 'utf8')
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? files(p) : /\.(ts|mjs)$/.test(p) ? [p] : []
  })

/** The operating system's own variables, which a program may pass on or look at without their being settings of ours. */
const SYSTEM = new Set(['PATH', 'HOME', 'TMPDIR', 'TERM', 'DISPLAY', 'CI'])

/** Names read from an environment record: `process.env.X`, `env.X`, `env['X']`. */
const variablesRead = (text: string): string[] =>
  [...text.matchAll(/\benv(?:\.|\[\s*['"])([A-Z][A-Z0-9_]{2,})/g)].map((m) => m[1]!).filter((name) => !SYSTEM.has(name))

test('the settings tables are the ones src/app/config/settings.ts writes (else: npm run docs:config)', () => {
  assert.is(withSettings(page), page)
  assert.ok(page.includes(settingsMarkdown()))
  const documented = [...page.slice(page.indexOf(SETTINGS_BEGIN), page.indexOf(SETTINGS_END)).matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1])
  assert.equal(documented.sort(), Object.keys(SETTINGS).sort())
})

test('every variable the code reads is on the page', () => {
  const missing: string[] = []
  for (const dir of ['src', 'adapters', 'scripts', 'bench', 'test', 'bin']) {
    // This file's own examples of reads are not reads.
    for (const file of files(join(root, dir)).filter((f) => f !== import.meta.filename)) {
      for (const name of variablesRead(readFileSync(file, 'utf8'))) {
        if (!page.includes(`\`${name}\``)) missing.push(`${relative(root, file)} reads ${name}`)
      }
    }
  }
  assert.equal(missing, [])
})

test('the service reads no variable outside its settings table', () => {
  const stray = ['src', 'adapters']
    .flatMap((dir) => files(join(root, dir)))
    .flatMap((file) => variablesRead(readFileSync(file, 'utf8')).filter((name) => !(name in SETTINGS)).map((name) => `${relative(root, file)} reads ${name}`))
  assert.equal(stray, [])
})

test('the checks would catch a variable read but not documented, and a stale table', () => {
  assert.equal(variablesRead(`const a = process.env.NOTETAKER_NEW; const b = env['OTHER_ONE']; const c = env.DATA_DIR`), ['NOTETAKER_NEW', 'OTHER_ONE', 'DATA_DIR'])
  assert.is.not(withSettings(page.replace('| `PORT` |', '| `PORTS` |')), page.replace('| `PORT` |', '| `PORTS` |'))
})

test.run()
