// The worker threads' entry. Threads do not inherit the loader hooks the main
// thread registered at run time (bin/notetaker.mjs runs the TypeScript sources
// through tsx), so from sources each thread registers tsx itself.
import { existsSync } from 'node:fs'

const compiled = new URL('./tasks.js', import.meta.url)
if (!existsSync(compiled)) (await import('tsx/esm/api')).register()
const tasks = await import(existsSync(compiled) ? './tasks.js' : './tasks.ts')

export default tasks.runTask
