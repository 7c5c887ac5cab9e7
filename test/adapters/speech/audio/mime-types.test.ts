import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mimeTypeForFilename } from '../../../../adapters/speech/audio/index.js'

test('every container we accept has its media type, whatever the case of the extension', () => {
  const expected: Record<string, string> = {
    'a.wav': 'audio/wav',
    'b.MP3': 'audio/mpeg',
    'c.m4a': 'audio/mp4',
    'd.ogg': 'audio/ogg',
    'e.opus': 'audio/ogg',
    'f.webm': 'audio/webm',
    'g.flac': 'audio/flac',
    'meeting.2024-05-01.mp4': 'video/mp4',
  }
  for (const [name, type] of Object.entries(expected)) assert.is(mimeTypeForFilename(name), type, name)
})

test('unknown, missing or empty extensions give null', () => {
  for (const name of ['notes.txt', 'transcript.vtt', 'README', 'trailing.', '.wav.bak', '']) assert.is(mimeTypeForFilename(name), null, name)
})

test.run()
