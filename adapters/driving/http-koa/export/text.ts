import * as O from 'fp-ts/lib/Option.js'
import type { RecordingExport } from '../../../../src/core/recordings/index.js'
import { blocksOf } from './blocks.js'
import type { ExportFormat } from './format.js'
import { clockTime, duration, meetingDate, oneLine } from './times.js'

/** A summary's paragraphs one a line, its bullets as `- ` lines. */
const summaryLines = (text: string): string[] => blocksOf(text).flatMap((b) => (b.kind === 'paragraph' ? [b.text] : b.items.map((item) => `- ${item}`)))

const block = (heading: string, lines: ReadonlyArray<string>): string => (lines.length === 0 ? '' : `${heading}\n${lines.join('\n')}\n\n`)

/** Plain text: the notes as short blocks, then `[hh:mm:ss] Speaker: text` lines. */
export const text: ExportFormat = {
  ext: 'txt',
  contentType: 'text/plain; charset=utf-8',
  transcriptOnly: false,
  head: (doc: RecordingExport) => {
    const n = O.toNullable(doc.notes)
    const length = duration(doc.run.recordingSeconds)
    return [
      `${oneLine(doc.run.title)}\nDate: ${meetingDate(doc.run.startsAt)}${length === null ? '' : `\nDuration: ${length}`}\n\n`,
      ...(n === null
        ? []
        : [
            block('Summary', summaryLines(n.shortSummary)),
            block('Details', summaryLines(n.detailedSummary)),
            block('Decisions', n.decisions.map((d) => `- ${oneLine(d.text)}${d.by === null ? '' : ` (${oneLine(d.by)})`}`)),
            block(
              'Action items',
              n.actionItems.map((a) => `- [${a.status === 'done' ? 'x' : ' '}] ${oneLine(a.title)}${a.owner === null ? '' : `, owner: ${oneLine(a.owner)}`}${a.due === null ? '' : `, due: ${a.due}`}`),
            ),
            block('Topics', n.topics.map((t) => `- ${oneLine(t.label)}`)),
            block('Speakers', n.speakers.map((s) => `- ${oneLine(s.name)}`)),
          ]),
      doc.transcript === null ? '' : 'Transcript\n',
    ].join('')
  },
  utterances: (rows) => rows.map((u) => `[${clockTime(u.start_ms)}] ${oneLine(u.speaker)}: ${oneLine(u.text)}\n`).join(''),
  tail: () => '',
}
