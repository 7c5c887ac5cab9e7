import * as O from 'fp-ts/lib/Option.js'
import type { RecordingExport } from '../../../../src/core/recordings/index.js'
import { blocksOf } from './blocks.js'
import { escapeMarkdown as md } from './escape.js'
import type { ExportFormat } from './format.js'
import { clockTime, duration, meetingDate, oneLine } from './times.js'

const section = (heading: string, lines: ReadonlyArray<string>): string => (lines.length === 0 ? '' : `## ${heading}\n\n${lines.join('\n')}\n\n`)
/** A summary under its heading, its paragraphs and bullet lists apart (a blank line between, so a list never swallows the next paragraph). */
const paragraph = (heading: string, text: string): string => {
  const blocks = blocksOf(text).map((b) => (b.kind === 'paragraph' ? md(b.text) : b.items.map((item) => `- ${md(item)}`).join('\n')))
  return blocks.length === 0 ? '' : `## ${heading}\n\n${blocks.join('\n\n')}\n\n`
}
const percent = (share: number): string => `${Math.round(share * 100)}%`

/** Title, date, duration, summaries, decisions, action items, topics, speakers; then the transcript. */
export const markdownHead = (doc: RecordingExport): string => {
  const n = O.toNullable(doc.notes)
  const length = duration(doc.run.recordingSeconds)
  const facts = [`- **Date:** ${meetingDate(doc.run.startsAt)}`, ...(length === null ? [] : [`- **Duration:** ${length}`])]
  if (n === null) return `# ${md(oneLine(doc.run.title))}\n\n${facts.join('\n')}\n\n`
  return [
    `# ${md(oneLine(doc.run.title))}\n\n${facts.join('\n')}\n\n`,
    paragraph('Summary', n.shortSummary),
    paragraph('Details', n.detailedSummary),
    section(
      'Decisions',
      n.decisions.map((d) => {
        const who = d.by ?? d.speaker
        const at = d.atMs === null ? '' : ` (${clockTime(d.atMs)})`
        return `- ${md(oneLine(d.text))}${who === null ? '' : ` — ${md(oneLine(who))}`}${at}`
      }),
    ),
    section(
      'Action items',
      n.actionItems.map((a) => {
        const extra = [...(a.owner === null ? [] : [`owner: ${md(oneLine(a.owner))}`]), ...(a.due === null ? [] : [`due: ${a.due}`])]
        return `- [${a.status === 'done' ? 'x' : ' '}] ${md(oneLine(a.title))}${extra.length === 0 ? '' : ` (${extra.join(', ')})`}`
      }),
    ),
    section('Topics', n.topics.map((t) => `- ${md(oneLine(t.label))} (${percent(t.share)})`)),
    section(
      'Speakers',
      n.speakers.map((s) => `- ${md(oneLine(s.name))}${s.email === null ? '' : ` (${md(s.email)})`}: ${clockTime(s.talkMs)} talking, ${s.words} words (${percent(s.share)})`),
    ),
    doc.transcript === null ? '' : '## Transcript\n\n',
  ].join('')
}

export const markdown: ExportFormat = {
  ext: 'md',
  contentType: 'text/markdown; charset=utf-8',
  transcriptOnly: false,
  head: markdownHead,
  utterances: (rows) => rows.map((u) => `**[${clockTime(u.start_ms)}] ${md(oneLine(u.speaker))}:** ${md(oneLine(u.text))}\n\n`).join(''),
  tail: () => '',
}
