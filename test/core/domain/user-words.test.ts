import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { inUserWords } from '../../../src/core/domain/user-words.js'

test('paths become "the file"; ffmpeg\'s [demuxer @ 0x…] prefixes, addresses and "invalid data" line go; lines become sentences', () => {
  assert.is(
    inUserWords('could not decode the audio: [matroska,webm @ 0x56198e211980] File ended prematurely at pos. 7 (0x7) | [matroska,webm @ 0x56198e211980] EBML header parsing failed | /srv/data/files/uploads/1fa5cb5e/3d58a9bc-77267902.webm: Invalid data found when processing input'),
    'could not decode the audio: File ended prematurely at pos. 7 (0x7); EBML header parsing failed',
  )
  // ffmpeg's "invalid data" line adds nothing to a message that says the file is not audio.
  assert.is(inUserWords('the file is not audio Notetaker can read: /srv/data/u/x.wav: Invalid data found when processing input'), 'the file is not audio Notetaker can read')
  assert.is(inUserWords("ENOENT: no such file or directory, open '/data/files/uploads/a/b.wav'"), "ENOENT: no such file or directory, open 'the file'")
  assert.is(inUserWords('C:\\ProgramData\\notetaker\\files\\a.wav: bad header'), 'the file: bad header')
  assert.is(inUserWords('[abuffer @ 0x55d0c0ffee00] Value 0.000000 for parameter time_base out of range'), 'Value 0.000000 for parameter time_base out of range')
})

test('what the user wrote is left alone: links, fractions, words with slashes, plain sentences', () => {
  for (const text of [
    'the bot could not join https://meet.google.com/abc-defg-hij?authuser=1/2',
    'Analysing failed: the model answered 500 (tried 3 times). The transcript is kept and can be read.',
    'a 1/2 hour call about and/or',
  ]) assert.is(inUserWords(text), text)
})

test.run()
