import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { baseLanguage, canTranscribeIn, isLanguageRequest, LANGUAGE_REQUEST_PATTERN, languageName } from '../../../src/core/domain/recordings/language.js'
import { languageOf } from '../../../src/core/domain/recordings/run.js'

test('a language request is auto or a lowercase ISO 639 code of 2 or 3 letters, with an optional region in capitals', () => {
  for (const ok of ['auto', 'en', 'de', 'yue', 'pt-BR', 'en-GB']) assert.ok(isLanguageRequest(ok), ok)
  for (const bad of ['', 'e', 'EN', 'En', 'english', 'abcd', 'en_US', 'pt-br', 'en-GBR', 'en-', '-GB', ' en', 'auto ', 'AUTO', 'en-419'])
    assert.not.ok(isLanguageRequest(bad), bad)
})

test('the documented pattern says the same as the check', () => {
  const pattern = new RegExp(LANGUAGE_REQUEST_PATTERN)
  for (const value of ['auto', 'en', 'yue', 'pt-BR', 'EN', 'english', 'en_US', 'auto2', 'xauto']) assert.is(pattern.test(value), isLanguageRequest(value), value)
})

test('an engine honours auto always, its own languages with any region, and every language when it knows any', () => {
  assert.is(baseLanguage('pt-BR'), 'pt')
  assert.ok(canTranscribeIn(['en'], 'auto'))
  assert.ok(canTranscribeIn(['en'], 'en'))
  assert.ok(canTranscribeIn(['en'], 'en-GB'))
  assert.not.ok(canTranscribeIn(['en'], 'de'))
  assert.not.ok(canTranscribeIn([], 'en'))
  assert.ok(canTranscribeIn('any', 'yue'))
})

test('languages are named in English where the runtime knows them, else by their code', () => {
  assert.is(languageName('de'), 'German')
  assert.is(languageName('en'), 'English')
  assert.is(languageName('qq'), 'qq')
})

test('the language shown: the detected one, else the one asked for, else null', () => {
  assert.is(languageOf({ language: 'auto', detectedLanguage: 'de' }), 'de')
  assert.is(languageOf({ language: 'fr', detectedLanguage: null }), 'fr')
  assert.is(languageOf({ language: 'auto', detectedLanguage: null }), 'auto')
  assert.is(languageOf({ language: null, detectedLanguage: null }), null)
})

test.run()
