import * as fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { renderJson, renderSrt, renderVtt } from '../../../../adapters/speech/transcript-parse/index.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import type { TranscriptFormat } from '../../../../src/core/ports/transcript-parser.js'
import { assertInTimeOrder, parser } from './helpers.js'

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim()

const name = fc.stringMatching(/^[A-Z][a-zA-Z'é-]{0,10}( [A-Z][a-zA-Z'é&-]{0,10}){0,2}$/)
// Voice names are escaped, so markup characters survive in WebVTT.
const voiceName = fc.stringMatching(/^[A-Z][a-zA-Z'é<>&-]{0,10}( [A-Z][a-zA-Z'é<>&-]{0,10}){0,2}$/)

/** Text as the parsers hand it back: whitespace collapsed, never empty. */
const textWithout = (forbidden: RegExp) =>
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
    .map(normalise)
    .filter((s) => s !== '' && !forbidden.test(s))

/** Utterances with strictly increasing starts (equal starts have no single right order) and positive lengths. */
const utterances = (speaker: fc.Arbitrary<string>, text: fc.Arbitrary<string>): fc.Arbitrary<Utterance[]> =>
  fc
    .array(fc.record({ gap: fc.integer({ min: 1, max: 3_600_000 }), length: fc.integer({ min: 1, max: 600_000 }), speaker, text }), {
      minLength: 1,
      maxLength: 12,
    })
    .map((rows) => {
      let start = 0
      return rows.map((r, i) => {
        start += i === 0 ? r.gap - 1 : r.gap
        return { start_ms: start, end_ms: start + r.length, speaker: r.speaker, text: r.text }
      })
    })

const roundTrips = (format: TranscriptFormat, render: (u: Utterance[]) => string) => (input: Utterance[]) => {
  const result = parser.parse(format, render(input))
  if (E.isLeft(result)) throw new Error(`${result.left.message}\n--- rendered:\n${render(input)}`)
  assert.equal(result.right, { utterances: input, skipped: [] })
}

test('VTT: parse(render(utterances)) gives the utterances back', () => {
  fc.assert(fc.property(utterances(voiceName, textWithout(/\0/)), roundTrips('vtt', renderVtt)), { numRuns: 300 })
})

test('SRT: parse(render(utterances)) gives the utterances back', () => {
  // SubRip has no escaping: "<...>" reads as a formatting tag and "-->" as a timing.
  fc.assert(fc.property(utterances(name, textWithout(/-->|[<{]/)), roundTrips('srt', renderSrt)), { numRuns: 300 })
})

test('JSON: parse(render(utterances)) gives the utterances back, any speaker text', () => {
  const speaker = fc.string({ minLength: 1, maxLength: 20 }).map(normalise).filter((s) => s !== '')
  fc.assert(fc.property(utterances(speaker, textWithout(/^$/)), roundTrips('json', renderJson)), { numRuns: 300 })
})

// Lines that steer the parsers into their edge cases, mixed with arbitrary text.
const trickyLine = fc.oneof(
  fc.constantFrom('WEBVTT', '', 'NOTE', 'STYLE', 'REGION', '1', '-->', '00:00:01.000 --> 00:00:02.000', '00:00:01,000 --> 00:00:02,000',
    '<v Alice>hi</v>', '<v>', '&amp;', '[00:01:02] Bob: yes', 'Carol (01:02): ok', 'Dan  0:03', '00:05:00', '{"utterances":[', ']', 'Alice:'),
  fc.string({ maxLength: 30 }),
)
const junk = fc.oneof(fc.string({ maxLength: 300 }), fc.array(trickyLine, { maxLength: 30 }).map((ls) => ls.join('\n')), fc.json())

test('arbitrary text never throws: every format returns a failure or utterances in order', () => {
  fc.assert(
    fc.property(junk, fc.constantFrom<TranscriptFormat>('vtt', 'srt', 'txt', 'json'), (text, format) => {
      const result = parser.parse(format, text)
      if (E.isLeft(result)) {
        assert.type(result.left.message, 'string')
        if (result.left.line !== null) assert.ok(result.left.message.startsWith(`line ${result.left.line}: `))
      } else {
        assert.ok(result.right.utterances.length > 0)
        assertInTimeOrder(result.right.utterances)
        for (const u of result.right.utterances) assert.ok(u.text !== '' && u.speaker !== '')
        for (const p of result.right.skipped) assert.ok(p.message.startsWith(`line ${p.line}: `), p.message)
      }
    }),
    { numRuns: 2000 },
  )
})

test.run()
