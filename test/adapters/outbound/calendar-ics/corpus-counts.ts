/**
 * Counts over the ICS corpus (fixtures/ics/corpus): files tried, occurrences
 * read right, feeds refused in words, files read wrong (with what differs).
 * Run: node --import tsx test/adapters/outbound/calendar-ics/corpus-counts.ts
 */
import { checkCorpusFile, corpusFiles } from './corpus.js'

const results = corpusFiles().map(checkCorpusFile)
for (const r of results.filter((x) => x.wrong.length > 0)) console.log(`wrong: ${r.file}: ${r.wrong.join('; ')}`)
const sum = (f: (r: (typeof results)[number]) => number) => results.reduce((n, r) => n + f(r), 0)
console.log({
  filesTried: results.length,
  occurrencesExpected: sum((r) => r.expected),
  occurrencesReadRight: sum((r) => r.right),
  feedsRefusedInWords: sum((r) => (r.refusedInWords ? 1 : 0)),
  filesReadWrong: sum((r) => (r.wrong.length > 0 ? 1 : 0)),
})
