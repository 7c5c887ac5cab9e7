import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cutLoops, cutLoopsInText, mostlyOnePhrase } from '../../../../adapters/speech/transcribe-whisper/index.js'

const repetition = suite('whisper loops and repeated phrases')

repetition('a phrase said over and over inside a segment is kept once', () => {
  assert.is(cutLoopsInText('Thank you. Thank you. Thank you. Thank you.'), 'Thank you.')
  assert.is(cutLoopsInText('We agreed. Thank you. thank you, Thank you. See you.'), 'We agreed. Thank you. See you.')
  assert.is(cutLoopsInText('and so on and so on and so on and so on and so on'), 'and so on')
  // A longer phrase wins over a shorter one inside it.
  assert.is(cutLoopsInText('I think we should go. I think we should go. I think we should go.'), 'I think we should go.')
})

repetition('speech that repeats a little is left alone', () => {
  for (const text of ['No, no, no, that is not what I meant.', 'Thank you. Thank you.', 'very very good', 'yes yes yes', 'Go, go, go!', 'one two three one two three'])
    assert.is(cutLoopsInText(text), text)
  // A single word four times running is a loop.
  assert.is(cutLoopsInText('okay okay okay okay'), 'okay')
})

repetition('the same segment three or more times in a row is kept once, stretched over the run', () => {
  const seg = (text: string, t0: number) => ({ text, t0, t1: t0 + 1000 })
  assert.equal(cutLoops([seg('Hello.', 0), seg(' Thank you.', 1000), seg('thank you', 2000), seg('Thank you!', 3000), seg('Bye.', 4000)]), [
    seg('Hello.', 0),
    { text: 'Thank you.', t0: 1000, t1: 4000 },
    seg('Bye.', 4000),
  ])
  // Twice is speech.
  const twice = [seg('Yes.', 0), seg('Yes.', 1000), seg('Good.', 2000)]
  assert.equal(cutLoops(twice), twice)
})

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ')

repetition('a transcript mostly one phrase is found; one that is not, or is short, is not', () => {
  assert.is(mostlyOnePhrase([words(10), ...Array.from({ length: 10 }, () => 'Thank you.')]), 'Thank you')
  assert.is(mostlyOnePhrase([`${words(30)} thank you thank you thank you`]), null, 'a few repeats in a long text')
  assert.is(mostlyOnePhrase(['Thank you. Thank you. Thank you. Thank you.']), null, 'under 20 words')
  assert.is(mostlyOnePhrase([words(40)]), null)
  assert.is(mostlyOnePhrase([]), null)
  const subscribe = Array.from({ length: 4 }, () => 'Please subscribe to the channel.')
  assert.is(mostlyOnePhrase([words(21), ...subscribe]), null, '4 × 5 words of 41: under half')
  assert.is(mostlyOnePhrase([words(20), ...subscribe]), 'Please subscribe to the channel', '20 of 40: half, reported')
})

repetition('a 25 ms frame above -45 dBFS is not silence; a window below it throughout is', async () => {
  // Plain JavaScript, run by the engine's process; loaded here by its path.
  const path: string = join(import.meta.dirname, '../../../../adapters/speech/transcribe-whisper/silence.mjs')
  const { isSilent } = (await import(path)) as { isSilent: (samples: Float32Array, thresholdDb?: number) => boolean }
  const quiet = new Float32Array(16_000).fill(0.004) // -48 dBFS
  assert.ok(isSilent(quiet))
  assert.ok(isSilent(new Float32Array(0)))
  const word = quiet.slice()
  word.fill(0.01, 8000, 8400) // one frame at -40 dBFS
  assert.not.ok(isSilent(word))
  assert.ok(isSilent(word, -35))
})

repetition.run()
