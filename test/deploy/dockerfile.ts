/** A Dockerfile read as Docker reads it, enough for the deployment tests: its instructions, by stage. */

export interface Instruction {
  /** Upper case: FROM, RUN, ... */
  readonly keyword: string
  /** `--name=value` flags before the arguments (FROM --platform, HEALTHCHECK --interval, COPY --from). */
  readonly flags: Readonly<Record<string, string>>
  /** The rest, continuation lines joined with a space. */
  readonly args: string
  /** The arguments of the exec (JSON) form, or null for the shell form. */
  readonly exec: ReadonlyArray<string> | null
  /** 1-based line of the instruction's start. */
  readonly line: number
}

export interface Stage {
  readonly image: string
  readonly name: string | null
  readonly instructions: ReadonlyArray<Instruction>
}

const execForm = (args: string): string[] | null => {
  if (!args.startsWith('[')) return null
  try {
    const value: unknown = JSON.parse(args)
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null
  } catch {
    return null
  }
}

/** Logical instructions: comments and blank lines dropped, `\` continuations joined (comments inside them too, as Docker does). */
export const instructions = (text: string): Instruction[] => {
  const out: Instruction[] = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i]!.trim()
    if (first === '' || first.startsWith('#')) continue
    const start = i + 1
    let joined = first
    while (joined.endsWith('\\') && i + 1 < lines.length) {
      joined = joined.slice(0, -1).trimEnd()
      i++
      const next = lines[i]!.trim()
      if (next.startsWith('#')) {
        joined += ' \\'
        continue
      }
      joined += ` ${next}`
    }
    const [keyword = '', ...rest] = joined.split(/\s+/)
    let args = joined.slice(keyword.length).trim()
    const flags: Record<string, string> = {}
    for (const word of rest) {
      const m = /^--([\w-]+)=(\S+)$/.exec(word)
      if (m === null) break
      flags[m[1]!] = m[2]!
      args = args.slice(word.length).trim()
    }
    out.push({ keyword: keyword.toUpperCase(), flags, args, exec: execForm(args), line: start })
  }
  return out
}

/** The stages, each from its FROM to the next. */
export const stages = (text: string): Stage[] => {
  const out: Array<{ image: string; name: string | null; instructions: Instruction[] }> = []
  for (const ins of instructions(text)) {
    if (ins.keyword === 'FROM') {
      const [image = '', as, name] = ins.args.split(/\s+/)
      out.push({ image, name: as?.toUpperCase() === 'AS' ? (name ?? null) : null, instructions: [] })
    }
    out.at(-1)?.instructions.push(ins)
  }
  return out
}

/** The `KEY=value` pairs of an ENV or LABEL instruction (quotes removed). */
export const pairs = (args: string): Record<string, string> =>
  Object.fromEntries([...args.matchAll(/([\w.-]+)=("[^"]*"|\S+)/g)].map((m) => [m[1]!, m[2]!.replace(/^"(.*)"$/, '$1')]))
