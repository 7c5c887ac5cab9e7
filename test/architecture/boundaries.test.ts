import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import madge from 'madge'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const root = join(import.meta.dirname, '..', '..')
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : []
  })

const ALLOWED = /^(fp-ts|io-ts)(\/|$)|^\.{1,2}\//

test('src/core imports only fp-ts, io-ts and its own files, and never reads process.env', () => {
  const problems: string[] = []
  for (const file of files(join(root, 'src', 'core'))) {
    const text = readFileSync(file, 'utf8')
    const rel = relative(root, file)
    for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const spec = m[1] ?? m[2] ?? ''
      if (!ALLOWED.test(spec)) problems.push(`${rel} imports ${spec}`)
      if (spec.startsWith('.') && !join(file, '..', spec).startsWith(join(root, 'src', 'core'))) problems.push(`${rel} reaches outside the core: ${spec}`)
    }
    if (/process\.env|require\(/.test(text)) problems.push(`${rel} uses process.env or require`)
  }
  assert.equal(problems, [])
})

test('there are no import cycles in src and adapters', async () => {
  const graph = await madge([join(root, 'src'), join(root, 'adapters')], {
    fileExtensions: ['ts'],
    tsConfig: join(root, 'tsconfig.json'),
    detectiveOptions: { ts: { skipTypeImports: true } },
  })
  const deps = graph.obj()
  assert.ok(Object.keys(deps).length > 30, 'the graph covers the project')
  assert.ok(deps['src/index.ts']?.includes('src/core/use-cases/authenticate.ts'), '.js specifiers resolve to .ts files')
  assert.equal(graph.circular(), [])
})

test.run()
