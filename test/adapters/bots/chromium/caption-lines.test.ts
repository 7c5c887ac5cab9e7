/**
 * The page watcher's caption lines, in a bare page: a line that stops changing is finished without
 * waiting for the next one, words added to it later are a line of their own, and a line swapped whole
 * is a new line. Nothing said is sent twice or lost.
 */
import { existsSync } from 'node:fs'
import { type Browser, chromium, type Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { pageScript } from '../../../../adapters/bots/chromium/page-script.js'
import { startWatching, type WatchConfig, type WatchEvent } from '../../../../adapters/bots/chromium/page/watchers.js'

const CHROMIUM = '/usr/bin/chromium'
const SETTLE_MS = 300

const config: WatchConfig = {
  globalName: '__watch',
  eventBinding: '__sent',
  botName: 'Notetaker',
  speakingTile: null,
  tileName: null,
  nameAttribute: null,
  participantTile: null,
  selfTile: null,
  participantCounter: null,
  captions: { container: '#captions', block: '.line', speaker: '.who', text: '.said' },
  throttleMs: 20,
  partialEveryMs: 50,
  settleMs: SETTLE_MS,
}

const lines = suite<{ browser: Browser | null; page: Page | null; sent: WatchEvent[] }>('caption lines in the page', { browser: null, page: null, sent: [] })

lines.before(async (ctx) => {
  if (!existsSync(CHROMIUM)) return
  ctx.browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
})
lines.after(async (ctx) => {
  await ctx.browser?.close()
})
lines.before.each(async (ctx) => {
  ctx.sent = []
  if (ctx.browser === null) return
  ctx.page = await ctx.browser.newPage()
  await ctx.page.exposeBinding(config.eventBinding, (_source, json: string) => void ctx.sent.push(JSON.parse(json) as WatchEvent))
  await ctx.page.setContent('<div id="captions"></div>')
  await ctx.page.evaluate(pageScript(startWatching, config))
})
lines.after.each(async (ctx) => {
  await ctx.page?.close()
})

const finished = (sent: WatchEvent[]) => sent.flatMap((e) => (e.kind === 'caption' ? [`${e.speaker}: ${e.text}`] : []))

/** Shows `text` in the newest line of `who` (a new line element when `fresh`). */
const say = (page: Page, who: string, text: string, fresh = false) =>
  page.evaluate(
    ({ who, text, fresh }) => {
      const box = document.querySelector('#captions')!
      let line = box.lastElementChild
      if (fresh || line === null) {
        line = document.createElement('div')
        line.className = 'line'
        line.innerHTML = '<span class="who"></span><span class="said"></span>'
        box.append(line)
      }
      line.querySelector('.who')!.textContent = who
      line.querySelector('.said')!.textContent = text
    },
    { who, text, fresh },
  )

const until = async (what: string, ok: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms
  while (!ok()) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

lines('a line that stops changing is finished before any newer line comes', async ({ page, sent }) => {
  if (page === null) return console.log('caption-lines: skipped, /usr/bin/chromium is missing')
  await say(page, 'Alice', 'Good', true)
  await say(page, 'Alice', 'Good morning')
  await say(page, 'Alice', 'Good morning everyone')
  await until('the line to settle', () => finished(sent).length === 1)
  assert.equal(finished(sent), ['Alice: Good morning everyone'])
  const caption = sent.find((e) => e.kind === 'caption')!
  assert.ok(caption.kind === 'caption' && caption.endAt >= caption.startAt)
  assert.ok(sent.some((e) => e.kind === 'partial'), 'it was shown growing first')
})

lines('words added to a settled line are the next line; a line swapped whole is a new one', async ({ page, sent }) => {
  if (page === null) return
  await say(page, 'Alice', 'Let us start', true)
  await until('the first line', () => finished(sent).length === 1)
  await say(page, 'Alice', 'Let us start with the budget')
  await until('the words added after it', () => finished(sent).length === 2)
  // The platform rewrote a word it had shown, and added more.
  await say(page, 'Alice', 'Let us start with the budgets and then hiring')
  await until('the words after the rewrite', () => finished(sent).length === 3)
  await say(page, 'Alice', 'Completely different words')
  await until('the swapped line', () => finished(sent).length === 4)
  await say(page, 'Bob', 'Sounds good', true)
  await page.evaluate(`window.${config.globalName}.flush()`)
  await until('the last line, flushed', () => finished(sent).length === 5)
  assert.equal(finished(sent), ['Alice: Let us start', 'Alice: with the budget', 'Alice: and then hiring', 'Alice: Completely different words', 'Bob: Sounds good'])
})

lines.run()
