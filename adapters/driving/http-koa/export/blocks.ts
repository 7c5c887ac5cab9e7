import { oneLine } from './times.js'

/** A paragraph of prose, or a list of bullets, of a summary's text. */
export type Block = { readonly kind: 'paragraph'; readonly text: string } | { readonly kind: 'bullets'; readonly items: string[] }

const BULLET = /^\s*[-*•]\s+/

/** The lines of one paragraph: running prose lines make one paragraph, running bullets one list. */
const blocksOfChunk = (chunk: string): Block[] => {
  const blocks: Block[] = []
  for (const line of chunk.split('\n').filter((l) => l.trim() !== '')) {
    const last = blocks.at(-1)
    if (BULLET.test(line)) {
      const item = oneLine(line.replace(BULLET, ''))
      if (last?.kind === 'bullets') last.items.push(item)
      else blocks.push({ kind: 'bullets', items: [item] })
    } else if (last?.kind === 'bullets' && /^\s/.test(line)) last.items.push(oneLine(`${last.items.pop()} ${line}`))
    else if (last?.kind === 'paragraph') blocks[blocks.length - 1] = { kind: 'paragraph', text: oneLine(`${last.text} ${line}`) }
    else blocks.push({ kind: 'paragraph', text: oneLine(line) })
  }
  return blocks
}

/**
 * A summary's text as the web app reads it: blank lines part paragraphs, lines starting with
 * `-`, `*` or `•` are bullets (an indented line goes on with the bullet above), and a
 * paragraph's other lines run on as one. Exports keep these apart, so a detailed summary's bullets stay one a line.
 */
export const blocksOf = (text: string): Block[] => text.split(/\n\s*\n/).flatMap(blocksOfChunk)
