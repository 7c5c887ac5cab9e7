/**
 * The Settings → Notes "Test" button: a short sample meeting sent to the
 * server with the same kind of request the analyzer makes (structured output,
 * temperature 0), one try, and the model's one-line summary or what went
 * wrong in words.
 */
import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { askModel } from './request.js'

export type ServerTestResult = { ok: true; answer: string; ms: number } | { ok: false; error: string }

const SAMPLE = [
  '[00:00] Ana: Thanks for joining. The release moves to Thursday because the load test found a memory leak.',
  "[00:09] Ben: I'll fix the leak today and run the load test again tomorrow.",
  '[00:16] Ana: Good. Ben, can you send the results to the team by Wednesday?',
  '[00:21] Ben: Yes, will do.',
].join('\n')

const Answer = t.type({ summary: t.string })

export const testAnalyzerServer = async (o: {
  readonly baseUrl: string
  readonly apiKey?: string
  readonly model: string
  readonly timeoutMs?: number
}): Promise<ServerTestResult> => {
  if (!/^https?:\/\/[^/\s]+/i.test(o.baseUrl.trim())) return { ok: false, error: 'the address must start with http:// or https://, such as http://127.0.0.1:11434' }
  const started = Date.now()
  const out = await askModel(
    { baseUrl: o.baseUrl.trim(), model: o.model, timeoutMs: o.timeoutMs ?? 30_000, retryDelaysMs: [], ...(o.apiKey === undefined ? {} : { apiKey: o.apiKey }) },
    {
      messages: [
        { role: 'system', content: 'You summarise meetings. Answer only with JSON matching the schema.' },
        { role: 'user', content: `Summarise this meeting in one sentence.\n\n${SAMPLE}` },
      ],
      schemaName: 'test_summary',
      schema: { type: 'object', additionalProperties: false, required: ['summary'], properties: { summary: { type: 'string' } } },
      codec: Answer,
      maxTokens: 200,
      what: 'the test',
    },
  )
  if (E.isLeft(out)) return { ok: false, error: out.left.words }
  const answer = out.right.summary.trim()
  return answer === '' ? { ok: false, error: `the model ${o.model} answered with an empty summary` } : { ok: true, answer, ms: Date.now() - started }
}
