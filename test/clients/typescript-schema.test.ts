/**
 * The client's generated types must be those of the API as it is now: regenerates them in
 * memory (the same function `npm run client:generate` writes with) and compares.
 */
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { generateClientSchema, ROOT, SCHEMA_FILE, servedOpenApi } from '../../scripts/generate-client.js'

/** The first line where two texts part, for a readable failure. */
const firstDifference = (committed: string, fresh: string) => {
  const [a, b] = [committed.split('\n'), fresh.split('\n')]
  const i = a.findIndex((line, n) => line !== b[n])
  const at = i === -1 ? a.length : i
  return `line ${at + 1}:\n  committed: ${JSON.stringify(a[at] ?? '<end of file>')}\n  generated: ${JSON.stringify(b[at] ?? '<end of file>')}`
}

test('clients/typescript/src/schema.ts matches the OpenAPI document the server serves', async () => {
  const committed = readFileSync(SCHEMA_FILE, 'utf8')
  const fresh = await generateClientSchema()
  if (committed !== fresh) {
    assert.unreachable(
      `${relative(ROOT, SCHEMA_FILE)} is out of date with the API: run npm run client:generate (and commit the result). First difference at ${firstDifference(committed, fresh)}`,
    )
  }
})

test('the generation sees every route of the served document', async () => {
  const document = await servedOpenApi()
  const committed = readFileSync(SCHEMA_FILE, 'utf8')
  const routes = Object.keys(document.paths ?? {})
  assert.ok(routes.length > 30, `the document has the whole route table (${routes.length} paths)`)
  for (const path of routes) assert.ok(committed.includes(`    "${path}": {`), `schema.ts has ${path}`)
  for (const event of Object.keys(document.webhooks ?? {})) assert.ok(committed.includes(`    "${event}": {`), `schema.ts has the webhook event ${event}`)
})

test.run()
