/**
 * npm run bench:parsers [-- --sizes 100,400,1600] [--cap-ms 10000] [--checkout DIR]
 *
 * How long the transcript readers take on the inputs that make a careless reader slow
 * (test/adapters/speech/transcript-parse/worst-cases.ts), at several sizes (KB), on this thread:
 * milliseconds and milliseconds per megabyte. A linear reader keeps ms/MB flat as the size
 * grows; a quadratic one doubles it with each doubling. A case stops growing once one size
 * takes longer than --cap-ms. --checkout reads with another checkout's readers (e.g. a git
 * worktree of an earlier commit) for a before/after pair.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { WORST_CASES } from '../test/adapters/speech/transcript-parse/worst-cases.js'

const { values: args } = parseArgs({
  options: { sizes: { type: 'string', default: '100,400,1600' }, 'cap-ms': { type: 'string', default: '10000' }, checkout: { type: 'string', default: '.' } },
})
const sizes = args.sizes.split(',').map(Number)
const capMs = Number(args['cap-ms'])
const module = (await import(pathToFileURL(resolve(args.checkout, 'adapters/speech/transcript-parse/index.ts')).href)) as Record<string, (...a: unknown[]) => unknown>
// Readers of this branch take text through parseTranscriptText; earlier ones took it through parseTranscript.
const read = module.parseTranscriptText ?? module.parseTranscript!
const limits = { maxUtterances: Number.MAX_SAFE_INTEGER }

const outcome = (run: () => unknown): string => {
  try {
    const r = run() as { _tag: string }
    return r._tag === 'Left' ? 'refused' : 'read'
  } catch (e) {
    return `threw ${(e as Error).message.slice(0, 40)}`
  }
}

console.log(`readers of ${resolve(args.checkout)}; sizes in KB: ${sizes.join(', ')}; cap ${capMs} ms`)
for (const c of WORST_CASES) {
  const cells: string[] = []
  for (const kb of sizes) {
    const text = c.build(kb * 1024)
    const started = performance.now()
    const result = outcome(() => read(c.format, text, limits))
    const ms = performance.now() - started
    cells.push(`${kb} KB ${ms.toFixed(0)} ms (${((ms * 1024) / kb).toFixed(0)} ms/MB, ${result})`)
    if (ms > capMs) break
  }
  console.log(`${c.name.padEnd(46)} ${cells.join(' | ')}`)
}
