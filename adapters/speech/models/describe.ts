/** What each model of the catalog is good for, in a few words an administrator choosing one reads. */
import { kindOf, type ModelEntry } from './catalog.js'

const ACCURACY: ReadonlyArray<readonly [RegExp, string]> = [
  [/^tiny/, 'fast, but rougher'],
  [/^base/, 'accurate'],
  [/^small/, 'more accurate, slower on a CPU'],
  [/^medium/, 'very accurate, slow on a CPU'],
  [/^large-v3-turbo/, 'very accurate, faster than large; slow on a CPU'],
  [/^large/, 'the most accurate, very slow on a CPU'],
]

/** "accurate, English", "very accurate, slow on a CPU, many languages; quantized: smaller, a little less accurate". */
export const modelDescription = (entry: ModelEntry): string => {
  const kind = kindOf(entry)
  if (kind === 'speaker-segmentation') return 'speaker separation: finds who speaks when (needs a speaker-embedding model too)'
  if (kind === 'speaker-embedding') return `speaker separation: tells voices apart by how they sound (needs a speaker-segmentation model too)`
  const accuracy = ACCURACY.find(([name]) => name.test(entry.name))?.[1] ?? (entry.source === 'operator' ? "this server's own Whisper model" : 'Whisper model')
  const quantized = /-q\d/.test(entry.name) ? '; quantized: smaller and faster, a little less accurate' : ''
  return `${accuracy}, ${entry.multilingual ? 'many languages' : 'English'}${quantized}`
}
