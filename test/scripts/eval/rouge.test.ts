import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { lcsLength, rougeL, rougeN, rougeTokens } from '../../../scripts/eval/rouge.js'

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} != ${expected}`)

test('tokens: lowercased, split on non-alphanumerics, long words stemmed', () => {
  assert.equal(rougeTokens('Hello, WORLD!! 3-d'), ['hello', 'world', '3', 'd'])
  assert.equal(rougeTokens('running quickly runs cats'), ['run', 'quickli', 'run', 'cat'])
  // words of three letters or fewer are left alone, as rouge_score does
  assert.equal(rougeTokens('was its'), ['was', 'its'])
})

test('ROUGE-1 and ROUGE-2 on a hand-computed pair', () => {
  // candidate: the cat sat on the mat / reference: the cat is on the mat
  // unigrams: the x2, cat, on, mat match: 5 of 6 each way
  const r1 = rougeN('the cat sat on the mat', 'the cat is on the mat', 1)
  close(r1.precision, 5 / 6, 'R1 P')
  close(r1.recall, 5 / 6, 'R1 R')
  close(r1.f1, 5 / 6, 'R1 F')
  // bigrams: "the cat", "on the", "the mat" match: 3 of 5 each way
  const r2 = rougeN('the cat sat on the mat', 'the cat is on the mat', 2)
  close(r2.f1, 3 / 5, 'R2 F')
})

test('ROUGE-N clips repeated n-grams and handles unequal lengths', () => {
  // candidate "the the the" vs reference "the cat": overlap min(3,1)=1; P=1/3, R=1/2, F=2*(1/6)/(5/6)=0.4
  const r = rougeN('the the the', 'the cat', 1)
  close(r.precision, 1 / 3, 'P')
  close(r.recall, 1 / 2, 'R')
  close(r.f1, 0.4, 'F')
})

test('stemming makes inflections match', () => {
  close(rougeN('the buttons', 'the button', 1).f1, 1, 'buttons/button')
  close(rougeN('running quickly', 'runs quick', 1).f1, 0.5, 'run matches, quickli does not')
})

test('ROUGE-L from the longest common subsequence', () => {
  assert.is(lcsLength(['a', 'b', 'c', 'd'], ['a', 'c', 'b', 'd']), 3)
  // LCS of the cat sat on the mat / the cat is on the mat = the cat on the mat (5)
  close(rougeL('the cat sat on the mat', 'the cat is on the mat').f1, 5 / 6, 'RL')
  // candidate "police killed the gunman" vs "police kill the gunman": LCS 4 after stemming kill(ed)
  close(rougeL('police killed the gunman', 'the gunman police killed').f1, 2 / 4, 'order matters')
})

test('empty texts score zero rather than NaN', () => {
  assert.is(rougeN('', 'the cat', 1).f1, 0)
  assert.is(rougeN('the cat', '', 2).f1, 0)
  assert.is(rougeL('', '').f1, 0)
})

test.run()
