/**
 * What to say when the command line names no command: the subcommands of a group named alone
 * (`notetaker keys`), or the command a typo most likely meant (`notetaker acounts list`).
 */

/** Edits (insert, delete, replace a character) between two words. */
const distance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = row
  }
  return previous[b.length]!
}

/** The commands of a group (`keys` → `keys create`, `keys list`, `keys revoke`); empty when `word` is no group. */
export const subcommandsOf = (names: ReadonlyArray<string>, word: string): string[] => names.filter((n) => n.startsWith(`${word} `))

/**
 * The command `words` most likely meant: the nearest by edits over the same number of words, when near
 * enough to be a slip (at most a third of its letters, at least 1); null when none is.
 */
export const nearestCommand = (names: ReadonlyArray<string>, words: ReadonlyArray<string>): string | null => {
  let best: { name: string; edits: number } | null = null
  for (const name of names) {
    const asked = words.slice(0, name.split(' ').length).join(' ')
    const edits = distance(asked, name)
    if (edits <= Math.max(1, Math.floor(name.length / 3)) && (best === null || edits < best.edits)) best = { name, edits }
  }
  return best?.name ?? null
}
