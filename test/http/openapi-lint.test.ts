/**
 * The served OpenAPI document is lint-clean: Redocly's `recommended` rules and Spectral's
 * `spectral:oas` ruleset report nothing, warnings included (scripts/lint-openapi.ts runs both;
 * `npm run openapi:lint` prints what they say). Both are also shown to report, as warnings, faults
 * put back into a copy of the document, so a linter that reports nothing because it ran nothing would show.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { describeProblem, type LintProblem, lintOpenApi } from '../../scripts/lint-openapi.js'
import { startHarness, type Harness } from '../support/http.js'

const s = suite<{ h: Harness; doc: any }>('OpenAPI lint (Redocly recommended, Spectral oas)')
s.before(async (ctx) => {
  ctx.h = await startHarness()
  ctx.doc = (await ctx.h.request('GET', '/openapi.json', { key: null })).body
})
s.after(async ({ h }) => h.close())

const listed = (problems: ReadonlyArray<LintProblem>) => problems.map(describeProblem).join('\n')

s('the served document has no problem, not even a warning, for either linter', async ({ doc }) => {
  assert.match(doc.servers[0].url, /^http:\/\/127\.0\.0\.1:\d+\/ext\/v1$/, 'linted as served, with its absolute server')
  const problems = await lintOpenApi(doc)
  assert.equal(problems.length, 0, `the linters found:\n${listed(problems)}`)
})

s('each fault the document once had is reported again on a copy that has it (one lint for all: each takes seconds)', async ({ doc }) => {
  const copy = structuredClone(doc)
  delete copy.tags[0].description
  delete copy.paths['/uploads'].get.description
  delete copy.webhooks['recording.ready'].post.operationId
  delete copy.info.contact
  delete copy.info.license
  const problems = await lintOpenApi(copy)
  assert.equal(
    problems.map((p) => `${p.linter} ${p.severity} ${p.rule} ${p.at}`).sort(),
    [
      'redocly warn info-license #/info',
      'redocly warn operation-operationId #/webhooks/recording.ready/post/operationId',
      'redocly warn tag-description #/tags/0/description',
      'spectral warn info-contact #/info',
      'spectral warn operation-description #/paths/~1uploads/get',
    ],
    listed(problems),
  )
})

s.run()
