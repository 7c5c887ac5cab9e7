import { closeSync, openSync, readSync } from 'node:fs'
import { type AudioFailure, audioFailure } from './audio-failure.js'

/** What a file that is not audio starts with, as a person names it. */
const SIGNATURES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^%PDF-/, 'a PDF document'],
  [/^\x89PNG/, 'a PNG image'],
  [/^\xff\xd8\xff/, 'a JPEG image'],
  [/^GIF8/, 'a GIF image'],
  [/^PK\x03\x04/, 'a ZIP archive (or a Word, Excel or PowerPoint file)'],
  [/^\x7fELF|^MZ/, 'a program'],
  [/^\s*(<!doctype html|<html)/i, 'a web page'],
]

const HEAD_BYTES = 512

/** The kind of a file that is not audio, from its first bytes ("a PDF document", "text"); null when it cannot be told. */
export const fileKindOf = (path: string): string | null => {
  let head: Buffer
  try {
    const fd = openSync(path, 'r')
    try {
      head = Buffer.alloc(HEAD_BYTES)
      head = head.subarray(0, readSync(fd, head, 0, HEAD_BYTES, 0))
    } finally {
      closeSync(fd)
    }
  } catch {
    return null
  }
  if (head.length === 0) return null
  const latin = head.toString('latin1')
  const signed = SIGNATURES.find(([re]) => re.test(latin))
  if (signed !== undefined) return signed[1]
  // Text: no control characters but whitespace, and valid UTF-8 (a cut at the 512th byte aside).
  const text = head.toString('utf8')
  return /^[^\x00-\x08\x0b\x0c\x0e-\x1f]*$/.test(latin) && !text.slice(0, -3).includes('\ufffd') ? 'text' : null
}

const INVALID_INPUT = /Invalid data found when processing input|could not find codec parameters|End of file$/m

/**
 * ffmpeg or ffprobe could not read the file as audio: said as "the file is not audio Notetaker can
 * read (it is a PDF document)" when its first bytes tell what it is, otherwise followed by the
 * tool's complaint, whole for the log (the core's inUserWords drops its paths and "invalid data").
 */
export const notAudio = (path: string, complaint: string, kind = fileKindOf(path)): AudioFailure =>
  audioFailure(`the file is not audio Notetaker can read${kind !== null ? ` (it is ${kind})` : complaint === '' ? '' : `: ${complaint}`}`)

/** Whether ffmpeg's complaint says the input is not something it can open at all (rather than audio it failed on). */
export const isUnopenable = (complaint: string): boolean => INVALID_INPUT.test(complaint)
