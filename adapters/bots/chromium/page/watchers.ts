/**
 * Runs inside the meeting page once the bot is admitted: watches the
 * platform's participant tiles, speaking indicators and caption lines (a
 * MutationObserver, throttled, plus a slow poll as a safety net) and reports
 * changes to Node through a binding as JSON. Selectors come from the platform
 * module; this code knows no platform.
 *
 * Self-contained on purpose: it is serialised with pageScript().
 */
export interface CaptionSelectors {
  /** Element holding the caption lines. */
  readonly container: string
  /** One element per caption line inside the container; null: pair the i-th speaker label with the i-th text. */
  readonly block: string | null
  /** Speaker label inside a block (or in the container when block is null); null: the platform shows no names, use the active speaker. */
  readonly speaker: string | null
  /** Caption text inside a block; null: the block's own text. */
  readonly text: string | null
}

export interface WatchConfig {
  readonly globalName: string
  /** Binding exposed by Node: (json: string) => Promise<void>. */
  readonly eventBinding: string
  readonly botName: string
  /** Matches the tiles of participants who are speaking right now. */
  readonly speakingTile: string | null
  /** Name element inside a tile. */
  readonly tileName: string | null
  /** Attribute of a tile carrying its name ("Name, more words"), used when tileName finds nothing. */
  readonly nameAttribute: string | null
  /** Every participant's tile (the bot's own included, if shown). */
  readonly participantTile: string | null
  /** Matches the bot's own tile (which may not show the bot's name), so it is never counted as someone else. */
  readonly selfTile: string | null
  /** Element whose text is the participant count, the bot included. Preferred over counting tiles. */
  readonly participantCounter: string | null
  readonly captions: CaptionSelectors | null
  readonly throttleMs: number
  /** A growing caption line is reported at most this often (its finished line always is, at once). */
  readonly partialEveryMs: number
  /**
   * A caption line unchanged this long is finished, even if no newer line follows yet (platforms keep a
   * speaker's line open across sentences); words added to it later make a new line of their own.
   */
  readonly settleMs: number
}

/** What the page reports; times are the page's epoch ms. */
export type WatchEvent =
  | { readonly kind: 'speaker'; readonly name: string; readonly at: number }
  | { readonly kind: 'caption'; readonly speaker: string | null; readonly text: string; readonly startAt: number; readonly endAt: number }
  /** A caption line still growing, as far as shown; `at` is when it was read. */
  | { readonly kind: 'partial'; readonly speaker: string | null; readonly text: string; readonly startAt: number; readonly at: number }
  /** Participants other than the bot; null when the page shows nothing to count (unknown, never "alone"). */
  | { readonly kind: 'participants'; readonly others: number | null; readonly at: number }

export function startWatching(cfg: WatchConfig): void {
  const w = window as unknown as Record<string, unknown>
  const previous = w[cfg.globalName] as { stop(): void } | undefined
  previous?.stop()
  const send = (e: WatchEvent): void => {
    const binding = w[cfg.eventBinding] as ((json: string) => Promise<void>) | undefined
    void binding?.(JSON.stringify(e)).catch(() => undefined)
  }
  const clean = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim()
  const all = (root: ParentNode, sel: string): Element[] => {
    try {
      return Array.from(root.querySelectorAll(sel))
    } catch {
      return [] // a selector this Chromium cannot parse must not stop the other watchers
    }
  }
  const matches = (el: Element, sel: string): boolean => {
    try {
      return el.matches(sel)
    } catch {
      return false
    }
  }
  const nameOf = (tile: Element): string => {
    if (cfg.tileName !== null) {
      const el = matches(tile, cfg.tileName) ? tile : tile.querySelector(cfg.tileName)
      const t = clean(el?.textContent)
      if (t !== '') return t
    }
    if (cfg.nameAttribute !== null) return clean((tile.getAttribute(cfg.nameAttribute) ?? '').split(',')[0])
    return ''
  }
  // The bot's own tile may read "Notetaker (Guest)" or "Notetaker (You)".
  const bot = cfg.botName.toLowerCase()
  const isBot = (name: string): boolean => {
    const n = name.toLowerCase()
    return n === bot || n.startsWith(`${bot} (`)
  }

  // Speakers: the active speaker is the one who most recently started speaking and still is.
  let speaking: string[] = []
  let active: string | null = null
  const checkSpeakers = (): void => {
    if (cfg.speakingTile === null) return
    const now = new Set<string>()
    for (const tile of all(document, cfg.speakingTile)) {
      const n = nameOf(tile)
      if (n !== '' && !isBot(n)) now.add(n)
    }
    speaking = speaking.filter((n) => now.has(n))
    for (const n of now) if (!speaking.includes(n)) speaking.push(n)
    const current = speaking[speaking.length - 1]
    if (current !== undefined && current !== active) {
      active = current
      send({ kind: 'speaker', name: current, at: Date.now() })
    }
  }

  let others: number | null | undefined
  const checkParticipants = (): void => {
    let count: number | null = null
    if (cfg.participantCounter !== null) {
      const m = /\d+/.exec(document.querySelector(cfg.participantCounter)?.textContent ?? '')
      if (m !== null) count = Math.max(0, Number(m[0]) - 1)
    }
    if (count === null && cfg.participantTile !== null) {
      const tiles = all(document, cfg.participantTile)
      // No tile at all means the selectors no longer match: unknown, not alone.
      if (tiles.length > 0) {
        const selfTile = cfg.selfTile
        const remote = tiles.filter((t) => selfTile === null || !matches(t, selfTile))
        count = new Set(remote.map(nameOf).filter((n) => n !== '' && !isBot(n))).size
      }
    }
    if (count !== others) {
      others = count
      send({ kind: 'participants', others: count, at: Date.now() })
    }
  }

  interface Line {
    speaker: string | null
    /** The element's text already sent as earlier lines (settled before the element grew again). */
    before: string
    text: string
    /** Finished because it stopped changing (not because it left or a newer line came): it may still grow. */
    settled: boolean
    /** The element's whole text when this line settled. */
    full: string
    startAt: number
    lastAt: number
    done: boolean
    /** The text last reported as a partial, and when. */
    shown: string
    shownAt: number
  }
  const lines = new Map<Element, Line>()
  const readBlocks = (): Array<{ el: Element; speaker: string | null; text: string }> => {
    const c = cfg.captions
    const container = c === null ? null : document.querySelector(c.container)
    if (c === null || container === null) return []
    if (c.block !== null) {
      return all(container, c.block).map((el) => ({
        el,
        speaker: c.speaker === null ? null : clean(el.querySelector(c.speaker)?.textContent) || null,
        text: clean(c.text === null ? el.textContent : all(el, c.text).map((t) => t.textContent).join(' ')),
      }))
    }
    const speakers = c.speaker === null ? [] : all(container, c.speaker)
    return all(container, c.text ?? ':scope > *').map((el, i) => ({
      el,
      speaker: clean(speakers[i]?.textContent) || null,
      text: clean(el.textContent),
    }))
  }
  const finish = (el: Element): void => {
    const line = lines.get(el)
    if (line === undefined || line.done) return
    line.done = true
    if (line.text !== '') send({ kind: 'caption', speaker: line.speaker, text: line.text, startAt: line.startAt, endAt: line.lastAt })
  }
  /**
   * What an element shows beyond the words already sent from it. A platform may rewrite a word it already
   * showed ("their" becomes "there"): the words past as many as were sent are new. One that swapped the
   * whole line (no first word in common) shows a new line.
   */
  const after = (before: string, text: string): string => {
    if (before === '') return text
    if (text.startsWith(before) && (text.length === before.length || text[before.length] === ' ')) return text.slice(before.length).trim()
    const sent = before.split(' ')
    const now = text.split(' ')
    return now[0] === sent[0] ? now.slice(sent.length).join(' ') : text
  }
  const fresh = (speaker: string | null, text: string, now: number): Line => ({ speaker, before: '', text, settled: false, full: '', startAt: now, lastAt: now, done: false, shown: '', shownAt: 0 })
  let settleCheck: ReturnType<typeof setTimeout> | null = null
  const checkCaptions = (): void => {
    const blocks = readBlocks()
    const now = Date.now()
    const present = new Set(blocks.map((b) => b.el))
    const newest = blocks.at(-1)?.el
    for (const b of blocks) {
      const line = lines.get(b.el)
      if (line === undefined) {
        lines.set(b.el, fresh(b.speaker ?? active, b.text, now))
      } else if (!line.done && after(line.before, b.text) !== line.text) {
        line.text = after(line.before, b.text)
        line.lastAt = now
        if (b.speaker !== null) line.speaker = b.speaker
      } else if (line.done && line.settled && b.el === newest && b.text !== line.full) {
        // A settled line that grew again: the new words are the next line.
        lines.set(b.el, { ...fresh(b.speaker ?? line.speaker, after(line.full, b.text), now), before: line.full })
      }
    }
    // A line is finished once it left the page, a newer line follows it, or it has not changed for settleMs.
    for (const el of lines.keys()) if (!present.has(el)) finish(el)
    blocks.slice(0, -1).forEach((b) => finish(b.el))
    let nextSettle = Number.POSITIVE_INFINITY
    for (const [el, line] of lines) {
      if (line.done) continue
      if (now - line.lastAt >= cfg.settleMs) {
        line.settled = true
        line.full = blocks.find((b) => b.el === el)?.text ?? line.text
        finish(el)
      } else nextSettle = Math.min(nextSettle, line.lastAt + cfg.settleMs)
    }
    if (nextSettle !== Number.POSITIVE_INFINITY && settleCheck === null) {
      settleCheck = setTimeout(() => {
        settleCheck = null
        check()
      }, nextSettle - now)
    }
    for (const [el, line] of lines) if (line.done && !present.has(el)) lines.delete(el)
    for (const line of lines.values()) if (!line.done) showGrowing(line, now)
  }
  /** Reports a growing line when its text changed, throttled; a change held back is shown by the next check after the wait. */
  let recheck: ReturnType<typeof setTimeout> | null = null
  const showGrowing = (line: Line, now: number): void => {
    if (line.text === '' || line.text === line.shown) return
    const wait = line.shownAt + cfg.partialEveryMs - now
    if (wait > 0) {
      recheck ??= setTimeout(() => {
        recheck = null
        check()
      }, wait)
      return
    }
    line.shown = line.text
    line.shownAt = now
    send({ kind: 'partial', speaker: line.speaker, text: line.text, startAt: line.startAt, at: now })
  }

  const check = (): void => {
    checkSpeakers()
    checkParticipants()
    checkCaptions()
  }
  let scheduled: ReturnType<typeof setTimeout> | null = null
  const observer = new MutationObserver(() => {
    scheduled ??= setTimeout(() => {
      scheduled = null
      check()
    }, cfg.throttleMs)
  })
  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true })
  const poll = setInterval(check, 500)
  check()
  w[cfg.globalName] = {
    /** Reports every unfinished caption line (the bot is leaving). */
    flush: () => {
      check()
      for (const el of lines.keys()) finish(el)
    },
    stop: () => {
      observer.disconnect()
      clearInterval(poll)
      if (scheduled !== null) clearTimeout(scheduled)
      if (recheck !== null) clearTimeout(recheck)
      if (settleCheck !== null) clearTimeout(settleCheck)
    },
  }
}
