import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { PLATFORMS } from '../../../../adapters/bots/chromium/platforms/index.js'
import { PAGE_STATES } from '../../../../adapters/bots/chromium/platforms/types.js'
import { pageScript } from '../../../../adapters/bots/chromium/page-script.js'
import { recognisePlatform } from '../../../../src/core/domain/meetings/platform.js'
import * as O from 'fp-ts/lib/Option.js'

test('zoom: invitation links go straight to the web client, passcode kept', () => {
  const { joinUrl } = PLATFORMS.zoom
  assert.is(joinUrl('https://us02web.zoom.us/j/85012345678?pwd=abc.1'), 'https://app.zoom.us/wc/85012345678/join?pwd=abc.1')
  assert.is(joinUrl('https://zoom.us/j/850123456'), 'https://app.zoom.us/wc/850123456/join')
  assert.is(joinUrl('https://acme.zoom.us/wc/join/85012345678?pwd=x'), 'https://app.zoom.us/wc/85012345678/join?pwd=x')
  assert.is(joinUrl('https://zoom.us/my/someone'), 'https://zoom.us/my/someone', 'personal links are left alone')
})

test('teams: meetup-join links skip the launcher through the web route, anonymously; teams.live.com is left alone', () => {
  const { joinUrl } = PLATFORMS.microsoft_teams
  const link = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d'
  const url = joinUrl(link)
  assert.ok(url.startsWith('https://teams.microsoft.com/_#/l/meetup-join/19%3ameeting_abc%40thread.v2/0?'), url)
  const query = new URLSearchParams(url.split('?')[1])
  assert.is(query.get('anon'), 'true')
  assert.is(query.get('context'), '{"Tid":"t"}')
  assert.is(joinUrl('https://teams.live.com/meet/9312345678?p=x'), 'https://teams.live.com/meet/9312345678?p=x')
})

test('google meet: links open the pre-join screen as they are', () => {
  assert.is(PLATFORMS.google_meet.joinUrl('https://meet.google.com/abc-defg-hij'), 'https://meet.google.com/abc-defg-hij')
})

test('every platform module knows how to recognise the states a bot must tell apart', () => {
  for (const profile of Object.values(PLATFORMS)) {
    for (const state of PAGE_STATES) {
      if (state === 'launcher') continue // only some platforms put a launcher in front
      assert.ok(profile.markers[state].length > 0, `${profile.label} has markers for ${state}`)
      for (const m of profile.markers[state]) assert.not.match(m, /:has-text\(/, `${profile.label} ${state} marker must be plain CSS or text=`)
    }
    assert.ok(profile.watch.speakingTile !== null && profile.watch.captions !== null, `${profile.label} watches speakers and captions`)
    assert.ok(profile.watch.participantTile !== null || profile.watch.participantCounter !== null, `${profile.label} can count participants`)
  }
})

test('links the core accepts stay links the core accepts after rewriting (same platform)', () => {
  const links = [
    'https://us02web.zoom.us/j/85012345678?pwd=abc',
    'https://meet.google.com/abc-defg-hij',
    'https://teams.live.com/meet/9312345678?p=x',
  ]
  for (const link of links) {
    const recognised = recognisePlatform(link)
    assert.ok(O.isSome(recognised), link)
    if (O.isSome(recognised)) assert.ok(PLATFORMS[recognised.value.platform].joinUrl(link).startsWith('https://'))
  }
})

test('pageScript: the serialised function runs without the bundler helper it may reference', () => {
  // tsx/esbuild wraps named functions in __name(); the shim must make that a no-op.
  const source = pageScript((n: number) => {
    const double = (x: number): number => x * 2
    return double(n)
  }, 21)
  assert.is(new Function(`return ${source}`)(), 42)
  assert.is(new Function(`return ${pageScript((s: string) => `${s}!`, 'hi "there"')}`)(), 'hi "there"!')
})

test.run()
