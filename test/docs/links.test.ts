/**
 * The repository stands alone: the README stays a short front door, and every
 * link in the project's Markdown leads to a file of the project (or to the web).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const root = join(import.meta.dirname, '..', '..')
const markdown = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return []
    const p = join(dir, name)
    return statSync(p).isDirectory() ? markdown(p) : p.endsWith('.md') ? [p] : []
  })

/** Targets of inline links and images, without their #fragment; web and mail links left out. */
const localLinks = (text: string): string[] =>
  [...text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '').matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target))

const pages = markdown(root)

test('the README is under 250 lines', () => {
  const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n').length
  assert.ok(lines < 250, `README.md has ${lines} lines`)
})

test('every local link in the Markdown of the project leads to a file inside it', () => {
  assert.ok(pages.some((p) => p.endsWith(`docs${sep}architecture.md`)), 'the docs are among the pages')
  const broken: string[] = []
  for (const page of pages) {
    for (const target of localLinks(readFileSync(page, 'utf8'))) {
      const to = resolve(dirname(page), decodeURIComponent(target))
      const where = `${relative(root, page)} links ${target}`
      if (relative(root, to).startsWith('..')) broken.push(`${where}: outside the repository`)
      else if (!existsSync(to)) broken.push(`${where}: no such file`)
    }
  }
  assert.equal(broken, [])
})

test('the link reader finds relative links and leaves web links and code alone', () => {
  assert.equal(localLinks('[a](docs/x.md#part) [b](https://example.com) ![c](img/s.png "t") `[d](no)` [e](../shared/y.md)\n```\n[f](code.md)\n```'), [
    'docs/x.md',
    'img/s.png',
    '../shared/y.md',
  ])
})

test.run()
