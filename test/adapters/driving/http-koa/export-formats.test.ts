import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { escapeMarkdown, escapeVtt } from '../../../../adapters/driving/http-koa/export/escape.js'
import { attachment, EXPORT_FORMATS, safeFilename } from '../../../../adapters/driving/http-koa/export/index.js'
import { clockTime, duration, srtTime, vttTime } from '../../../../adapters/driving/http-koa/export/times.js'
import { newRun } from '../../../../src/core/domain/recordings/run.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { NOT_EDITED, type ReadNotes, type RecordingExport } from '../../../../src/core/recordings/index.js'

const rows: Utterance[] = [
  { start_ms: 0, end_ms: 4_500, speaker: 'Maria <Host>', text: 'Fish & chips --> <b>bold</b>\nsecond line' },
  { start_ms: 3_723_004, end_ms: 3_723_000, speaker: 'Tom', text: '*not* _emphasis_ [link](x) # 1. item' },
]

const doc = (scope: 'full' | 'summary' = 'full'): RecordingExport => ({
  run: { ...newRun({ id: 'r', accountId: 'a', reference: 'rec', origin: 'upload', title: 'Plan: Q3 / "launch"', startsAt: '2026-05-20T09:00:00.000Z', state: 'ready', createdAt: '2026-05-20T09:00:00.000Z' }), recordingSeconds: 3725, sharedAccess: null },
  scope,
  notes: O.some({
    shortSummary: 'Short *summary*.',
    detailedSummary: 'Details.',
    attendees: [],
    topics: [{ id: 't', label: 'Launch', share: 0.75, edited: null }],
    edited: NOT_EDITED,
    actionItems: [
      { id: 'i1', title: 'Send the build', owner: 'Tom', due: '2026-05-22', status: 'done', context: 'c', tags: [] },
      { id: 'i2', title: 'Book the venue', owner: null, due: null, status: 'active', context: 'c', tags: [] },
    ],
    decisions: [{ text: 'We go with Berlin.', by: 'Maria', atMs: 11_500, speaker: 'Maria' }],
    speakers: [{ id: 's', label: 'Speaker 1', name: 'Maria', email: 'maria@example.com', talkMs: 65_000, words: 120, share: 0.6 }],
  }),
  transcript: scope === 'full' ? { total: rows.length, version: 'v1', page: () => TE.right(rows) } : null,
  changedAt: '2026-05-20T10:00:00.000Z',
})

const whole = (name: keyof typeof EXPORT_FORMATS, d = doc()) => {
  const f = EXPORT_FORMATS[name]
  return f.head(d) + (d.transcript === null ? '' : f.utterances(rows.slice(0, 1), 0) + f.utterances(rows.slice(1), 1)) + f.tail(d)
}

test('times: hours always in clock time, milliseconds in cue times, never negative', () => {
  assert.is(clockTime(3_723_004), '01:02:03')
  assert.is(vttTime(3_723_004), '01:02:03.004')
  assert.is(srtTime(3_723_004), '01:02:03,004')
  assert.is(vttTime(-5), '00:00:00.000')
  assert.is(clockTime(360_000_000), '100:00:00')
  assert.is(duration(3725), '1:02:05')
  assert.is(duration(59), '0:59')
  assert.is(duration(null), null)
})

test('escaping: VTT markup and Markdown punctuation', () => {
  assert.is(escapeVtt('a & b --> <c>'), 'a &amp; b --&gt; &lt;c&gt;')
  assert.is(escapeMarkdown('*x* _y_ [l](u) <h> `c` # | ~ & \\'), '\\*x\\* \\_y\\_ \\[l\\](u) \\<h\\> \\`c\\` \\# \\| \\~ \\& \\\\')
  assert.is(escapeMarkdown('- not a list'), '\\- not a list')
  assert.is(escapeMarkdown('1. not a list'), '1\\. not a list')
})

test('filenames: unsafe characters replaced, non-ASCII kept in filename*', () => {
  assert.is(safeFilename('Plan: Q3 / "launch"', 'md'), 'Plan- Q3 - -launch.md')
  assert.is(safeFilename('  ../..  ', 'vtt'), 'recording.vtt')
  assert.is(safeFilename('a\r\nb', 'txt'), 'a-b.txt')
  assert.is(attachment('Réunion', 'md'), `attachment; filename="R_union.md"; filename*=UTF-8''R%C3%A9union.md`)
  assert.is(attachment('Weekly', 'srt'), 'attachment; filename="Weekly.srt"')
})

test('markdown: notes sections, done items checked, transcript with times and names, text escaped', () => {
  const md = whole('md')
  assert.ok(md.startsWith('# Plan: Q3 / "launch"\n\n- **Date:** 2026-05-20 09:00 UTC\n- **Duration:** 1:02:05\n'))
  for (const part of [
    '## Summary\n\nShort \\*summary\\*.',
    '## Decisions\n\n- We go with Berlin. — Maria (00:00:11)',
    '## Action items\n\n- [x] Send the build (owner: Tom, due: 2026-05-22)\n- [ ] Book the venue\n',
    '## Topics\n\n- Launch (75%)',
    '## Speakers\n\n- Maria (maria@example.com): 00:01:05 talking, 120 words (60%)',
    '## Transcript\n\n**[00:00:00] Maria \\<Host\\>:** Fish \\& chips --\\> \\<b\\>bold\\</b\\> second line\n\n',
    '**[01:02:03] Tom:** \\*not\\* \\_emphasis\\_ \\[link\\](x) \\# 1. item\n\n',
  ]) assert.ok(md.includes(part), part)
})

test('a detailed summary keeps its paragraphs and its bullets one a line, in Markdown and in text', () => {
  const d = doc()
  const detailed = 'The team planned the launch\nfor May.\n\n- Maria owns the *venue*.\n• Tom sends the build\n  by Friday.\n\nNext review in June.'
  const withBullets: RecordingExport = { ...d, notes: O.map((n: ReadNotes) => ({ ...n, detailedSummary: detailed }))(d.notes) }
  const md = whole('md', withBullets)
  assert.ok(md.includes('## Details\n\nThe team planned the launch for May.\n\n- Maria owns the \\*venue\\*.\n- Tom sends the build by Friday.\n\nNext review in June.\n\n## Decisions'), md)
  const txt = whole('txt', withBullets)
  assert.ok(txt.includes('Details\nThe team planned the launch for May.\n- Maria owns the *venue*.\n- Tom sends the build by Friday.\nNext review in June.\n\n'), txt)
})

test('vtt: voice tags, escaped text on one line, numbered cues, an end never before the start', () => {
  assert.is(
    whole('vtt'),
    'WEBVTT\n\n1\n00:00:00.000 --> 00:00:04.500\n<v Maria &lt;Host&gt;>Fish &amp; chips --&gt; &lt;b&gt;bold&lt;/b&gt; second line\n\n' +
      '2\n01:02:03.004 --> 01:02:03.004\n<v Tom>*not* _emphasis_ [link](x) # 1. item\n\n',
  )
})

test('srt and txt: the speaker before the text', () => {
  assert.is(whole('srt'), '1\n00:00:00,000 --> 00:00:04,500\nMaria <Host>: Fish & chips --> <b>bold</b> second line\n\n2\n01:02:03,004 --> 01:02:03,004\nTom: *not* _emphasis_ [link](x) # 1. item\n\n')
  const txt = whole('txt')
  assert.ok(txt.startsWith('Plan: Q3 / "launch"\nDate: 2026-05-20 09:00 UTC\nDuration: 1:02:05\n\nSummary\nShort *summary*.\n'))
  assert.ok(txt.includes('Action items\n- [x] Send the build, owner: Tom, due: 2026-05-22\n- [ ] Book the venue\n'))
  assert.ok(txt.endsWith('Transcript\n[00:00:00] Maria <Host>: Fish & chips --> <b>bold</b> second line\n[01:02:03] Tom: *not* _emphasis_ [link](x) # 1. item\n'))
})

test('json: the detail with the whole transcript; at summary scope without it', () => {
  const full = JSON.parse(whole('json'))
  assert.equal(full.transcript, rows)
  assert.is(full.transcriptTotal, 2)
  assert.equal(full.decisions, [{ text: 'We go with Berlin.', by: 'Maria', atMs: 11_500, speaker: 'Maria' }])
  const summary = JSON.parse(whole('json', doc('summary')))
  assert.is(summary.transcript, undefined)
  assert.is(summary.shortSummary, 'Short *summary*.')
  assert.not.ok(whole('md', doc('summary')).includes('## Transcript'))
  assert.not.ok(whole('txt', doc('summary')).includes('Transcript'))
})

test.run()
