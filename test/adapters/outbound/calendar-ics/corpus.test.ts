import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkCorpusFile, corpusFiles } from './corpus.js'

// Every file of fixtures/ics/corpus/ is read as its entry in expected.json says,
// on every run: each occurrence's start, all-day flag, length, title and join
// link, and how many events and lines were left out (and counted).

test('the corpus has files and every one has an expectation', () => {
  assert.ok(corpusFiles().length >= 39)
})

for (const file of corpusFiles()) {
  test(`corpus: ${file}`, () => {
    const r = checkCorpusFile(file)
    assert.equal(r.wrong, [], file)
  })
}

test.run()
