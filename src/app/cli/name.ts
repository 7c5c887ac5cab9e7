import { basename, isAbsolute, relative } from 'node:path'

/**
 * How a person runs this install's CLI, for the commands it prints (the first start's banner, hints in
 * errors): `notetaker` when it was started as the installed bin (npm's link is named `notetaker`), or
 * `node bin/notetaker.mjs` when started from a checkout (`npm start`, `node bin/notetaker.mjs serve`, the
 * Docker image), with the path as typed from the working folder when it lies below it.
 */
export const cliCommandFor = (script: string | undefined, cwd: string): string => {
  if (script === undefined || basename(script) !== 'notetaker.mjs') return 'notetaker'
  const below = relative(cwd, script)
  const path = below !== '' && !below.startsWith('..') && !isAbsolute(below) ? below : script
  return `node ${/\s/.test(path) ? JSON.stringify(path) : path}`
}

/** This process's CLI command, as cliCommandFor tells it. */
export const CLI = cliCommandFor(process.argv[1], process.cwd())

/** A message of the core, which names commands as the installed bin (`notetaker accounts …`), as this install runs them. */
export const asThisInstallRuns = (text: string, cli: string = CLI): string =>
  cli === 'notetaker' ? text : text.replace(/(^|[\s(`])notetaker (?=[a-z])/g, (_, before: string) => `${before}${cli} `)
