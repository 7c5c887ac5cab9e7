/**
 * node --import tsx bench/analyzer-openai-requests.ts [contextTokens ...]
 *
 * How many requests the OpenAI-compatible analyzer makes, and how big they
 * are, for synthetic meetings of 10 minutes, 1 hour and 3 hours, measured
 * against the tests' stand-in server (a naive model that answers at once, so
 * this counts requests and sizes, not a real model's time or its answers'
 * length). Sizes are the estimate the analyzer budgets with (characters / 3.5)
 * plus the answer's reserve (`max_tokens`): each must stay within the context.
 */
import { createOpenAiAnalyzer } from '../adapters/notes/openai/index.js'
import { startStandIn } from '../test/adapters/notes/openai/stand-in.js'
import { syntheticMeeting } from './analyzer-synthetic.js'

const contexts = process.argv.slice(2).map(Number).filter((n) => n > 0)
const sizes = [
  { name: '10 min', words: 1_700 },
  { name: '1 hour', words: 10_000 },
  { name: '3 hours', words: 30_000 },
]

const main = async (): Promise<void> => {
  const standIn = await startStandIn()
  try {
    console.log('meeting   words    chars  context  requests (chunks + merges)  chunk requests, est. tokens  merge requests  largest + answer reserve')
    for (const ctx of contexts.length > 0 ? contexts : [4096, 8192, 32768]) {
      for (const s of sizes) {
        const utterances = syntheticMeeting(s.words, 1)
        const chars = utterances.reduce((a, u) => a + u.text.length, 0)
        standIn.requests.length = 0
        const out = await createOpenAiAnalyzer({ baseUrl: standIn.url, model: 'stand-in', contextTokens: ctx }).analyze({
          title: 'Synthetic',
          startsAt: '2024-03-13T15:00:00Z',
          utterances,
          attendees: [],
        })()
        if (out._tag === 'Left') throw new Error(out.left.message)
        const tokens = (r: { chars: number }) => Math.ceil(r.chars / 3.5)
        const isChunk = (r: { body: any }) => r.body.messages[1].content.includes('\nTranscript:\n')
        const chunks = standIn.requests.filter(isChunk).map(tokens)
        const merges = standIn.requests.filter((r) => !isChunk(r)).map(tokens)
        const reserve = standIn.requests[0]!.body.max_tokens as number
        const range = (xs: number[]) => (xs.length === 0 ? '-' : `${Math.min(...xs)} to ${Math.max(...xs)}`)
        console.log(
          [
            s.name.padEnd(8),
            String(s.words).padStart(6),
            String(chars).padStart(8),
            String(ctx).padStart(7),
            `${standIn.requests.length} (${chunks.length} + ${merges.length})`.padEnd(27),
            range(chunks).padEnd(28),
            range(merges).padEnd(15),
            `${Math.max(...chunks, ...merges)} + ${reserve} = ${Math.max(...chunks, ...merges) + reserve}`,
          ].join('  '),
        )
      }
    }
  } finally {
    await standIn.close()
  }
}

await main()
