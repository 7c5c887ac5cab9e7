/**
 * npm run openapi:lint — lints the OpenAPI document the server serves (the default configuration,
 * as scripts/generate-client.ts builds it) with Redocly's `recommended` rules and Spectral's
 * `spectral:oas` ruleset, prints every problem and exits 1 when there is any, warnings included.
 * test/http/openapi-lint.test.ts runs the same two linters on the document served over HTTP.
 */
import { pathToFileURL } from 'node:url'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core'
import spectralParsers from '@stoplight/spectral-parsers'
import { oas } from '@stoplight/spectral-rulesets'

export interface LintProblem {
  readonly linter: 'redocly' | 'spectral'
  readonly severity: string
  readonly rule: string
  readonly message: string
  /** Where in the document, as a JSON pointer-ish path. */
  readonly at: string
}

// Spectral's numeric severities (DiagnosticSeverity).
const SPECTRAL_SEVERITY = ['error', 'warn', 'info', 'hint']

const redocly = async (text: string): Promise<LintProblem[]> => {
  const config = await createConfig({ extends: ['recommended'] })
  const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config })
  return problems.map((p) => ({
    linter: 'redocly',
    severity: p.severity,
    rule: p.ruleId,
    message: p.message,
    at: p.location.map((l) => l.pointer ?? '').join(' '),
  }))
}

const spectral = async (text: string): Promise<LintProblem[]> => {
  const linter = new Spectral()
  // The ruleset's published type lacks `extends`, which Spectral's own definition type wants.
  linter.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] })
  const results = await linter.run(new Document(text, spectralParsers.Json, 'openapi.json'))
  return results.map((r) => ({
    linter: 'spectral',
    severity: SPECTRAL_SEVERITY[r.severity] ?? String(r.severity),
    rule: String(r.code),
    message: r.message,
    at: `#/${r.path.map((k) => String(k).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`,
  }))
}

/** Every problem Redocly (recommended) and Spectral (spectral:oas, recommended) find in a document, warnings included. */
export const lintOpenApi = async (document: unknown): Promise<LintProblem[]> => {
  const text = JSON.stringify(document, null, 2)
  return [...(await redocly(text)), ...(await spectral(text))]
}

export const describeProblem = (p: LintProblem): string => `${p.linter} ${p.severity} ${p.rule} at ${p.at}: ${p.message}`

const main = async () => {
  const { servedOpenApi } = await import('./generate-client.js')
  const problems = await lintOpenApi(await servedOpenApi())
  for (const p of problems) console.log(describeProblem(p))
  const count = (linter: LintProblem['linter']) => problems.filter((p) => p.linter === linter).length
  console.log(`Redocly (recommended): ${count('redocly')} problems; Spectral (spectral:oas): ${count('spectral')} problems`)
  if (problems.length > 0) process.exitCode = 1
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
