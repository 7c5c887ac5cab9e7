/** npm run docs:config — writes the settings tables of docs/configuration.md from src/app/config/settings.ts. */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { withSettings } from '../src/app/config/settings-doc.js'

const page = join(import.meta.dirname, '..', 'docs', 'configuration.md')
writeFileSync(page, withSettings(readFileSync(page, 'utf8')))
console.log(`wrote the settings of ${page}`)
