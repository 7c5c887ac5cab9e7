import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import { PathReporter } from 'io-ts/lib/PathReporter.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { JOIN_LINK_MESSAGE, JoinLink, recognisePlatform } from '../../../src/core/domain/meetings/platform.js'

const accepted: ReadonlyArray<[string, string, string]> = [
  // [input, platform, normalised url]
  ['https://us02web.zoom.us/j/85512345678?pwd=AbCdEf123.1', 'zoom', 'https://us02web.zoom.us/j/85512345678?pwd=AbCdEf123.1'],
  ['https://zoom.us/j/123456789', 'zoom', 'https://zoom.us/j/123456789'],
  ['https://acme.zoom.us/my/ana.lima', 'zoom', 'https://acme.zoom.us/my/ana.lima'],
  ['https://zoom.us/w/98765432100?tk=abc', 'zoom', 'https://zoom.us/w/98765432100?tk=abc'],
  ['https://zoom.us/wc/join/98765432100', 'zoom', 'https://zoom.us/wc/join/98765432100'],
  ['https://agency.zoomgov.com/j/1601234567?pwd=x', 'zoom', 'https://agency.zoomgov.com/j/1601234567?pwd=x'],
  ['https://ZOOM.US/j/123456789#success', 'zoom', 'https://zoom.us/j/123456789'],
  ['https://us02web.zoom.us:443/j/85512345678', 'zoom', 'https://us02web.zoom.us/j/85512345678'],
  ['https://meet.google.com/abc-defg-hij', 'google_meet', 'https://meet.google.com/abc-defg-hij'],
  ['https://meet.google.com/abc-defg-hij?authuser=1&hs=122', 'google_meet', 'https://meet.google.com/abc-defg-hij?authuser=1&hs=122'],
  ['HTTPS://Meet.Google.com/abc-defg-hij', 'google_meet', 'https://meet.google.com/abc-defg-hij'],
  [
    'https://teams.microsoft.com/l/meetup-join/19%3ameeting_NmQ5%40thread.v2/0?context=%7b%22Tid%22%3a%22x%22%7d',
    'microsoft_teams',
    'https://teams.microsoft.com/l/meetup-join/19%3ameeting_NmQ5%40thread.v2/0?context=%7b%22Tid%22%3a%22x%22%7d',
  ],
  ['https://teams.microsoft.com/meet/2345678901234?p=AbCdEf', 'microsoft_teams', 'https://teams.microsoft.com/meet/2345678901234?p=AbCdEf'],
  ['https://teams.live.com/meet/9876543210987', 'microsoft_teams', 'https://teams.live.com/meet/9876543210987'],
]

for (const [input, platform, url] of accepted) {
  test(`accepts ${input}`, () => {
    assert.equal(recognisePlatform(input), O.some({ platform, url }))
  })
}

const refused: ReadonlyArray<[string, string]> = [
  ['http://zoom.us/j/123456789', 'plain http'],
  ['javascript:alert(1)//meet.google.com/abc-defg-hij', 'javascript scheme'],
  ['ftp://meet.google.com/abc-defg-hij', 'ftp scheme'],
  ['data:text/html,https://meet.google.com/abc-defg-hij', 'data scheme'],
  ['https:meet.google.com/abc-defg-hij', 'no slashes after the scheme'],
  ['https://meet.google.com.evil.io/abc-defg-hij', 'look-alike suffix'],
  ['https://evilzoom.us/j/123456789', 'look-alike prefix'],
  ['https://zoom.us.evil.com/j/123456789', 'zoom.us as a subdomain'],
  ['https://a.b.zoom.us/j/123456789', 'two subdomain labels'],
  ['https://meet.google.com@evil.io/abc-defg-hij', 'userinfo trick'],
  ['https://evil.io\\@meet.google.com/abc-defg-hij', 'backslash trick'],
  ['https://user:pw@meet.google.com/abc-defg-hij', 'credentials'],
  ['https://meet.google.com:8443/abc-defg-hij', 'non-default port'],
  ['https://142.250.185.78/abc-defg-hij', 'IPv4 host'],
  ['https://[2a00:1450:4001::200e]/abc-defg-hij', 'IPv6 host'],
  ['https://meet.google.com./abc-defg-hij', 'trailing dot'],
  ['https://meet.google.com/abc-defg-hij ', 'trailing space'],
  [' https://meet.google.com/abc-defg-hij', 'leading space'],
  ['https://meet.google.com/abc-defg-hij\n', 'newline'],
  ['https://meet.google.com/abc-\tdefg-hij', 'tab'],
  ['https://meet.google.com/abc-defg-hij\u0000', 'NUL'],
  ['https://meet.gооgle.com/abc-defg-hij', 'Cyrillic o'],
  ['https://ｍeet.google.com/abc-defg-hij', 'full-width m'],
  ['https://meet.google.com/ABC-DEFG-HIJ', 'upper-case meeting code'],
  ['https://meet.google.com/abcd-efg-hij', 'wrong code shape'],
  ['https://meet.google.com/lookup/abcdefg', 'lookup path'],
  ['https://meet.google.com/', 'no code'],
  ['https://zoom.us/j/12345', 'too few digits'],
  ['https://zoom.us/s/123456789', 'host start link'],
  ['https://zoom.us/', 'no meeting'],
  ['https://teams.microsoft.com/', 'no meeting'],
  ['https://teams.microsoft.com/l/chat/0/0', 'chat link'],
  ['https://teams.live.com/l/meetup-join/19%3a', 'meetup-join on teams.live.com'],
  ['https://example.com/meet.google.com/abc-defg-hij', 'platform in the path'],
  [`https://meet.google.com/abc-defg-hij?x=${'a'.repeat(2048)}`, 'over 2,048 characters'],
  ['', 'empty'],
]

for (const [input, why] of refused) {
  test(`refuses ${why}`, () => {
    assert.ok(O.isNone(recognisePlatform(input)), input)
  })
}

test('the longest accepted link is 2,048 characters', () => {
  const base = 'https://meet.google.com/abc-defg-hij?x='
  assert.ok(O.isSome(recognisePlatform(base + 'a'.repeat(2048 - base.length))))
  assert.ok(O.isNone(recognisePlatform(base + 'a'.repeat(2049 - base.length))))
})

test('JoinLink decodes to the normalised link', () => {
  assert.equal(JoinLink.decode('https://MEET.google.com/abc-defg-hij#x'), E.right('https://meet.google.com/abc-defg-hij'))
  assert.ok(JoinLink.is('https://meet.google.com/abc-defg-hij'))
  assert.not.ok(JoinLink.is('https://MEET.google.com/abc-defg-hij'), 'is() only holds for the normalised form')
})

test('JoinLink failures carry the readable message', () => {
  for (const bad of ['https://evil.io/x', 42, null]) {
    const result = JoinLink.decode(bad)
    assert.ok(E.isLeft(result))
    if (E.isLeft(result)) assert.equal(result.left[0]?.message, JOIN_LINK_MESSAGE)
    assert.equal(PathReporter.report(result), [JOIN_LINK_MESSAGE])
  }
})

test.run()
