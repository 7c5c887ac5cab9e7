/** The settings table of docs/configuration.md, written from SETTINGS so the page cannot drift from the code. */
import { SETTING_GROUPS, SETTINGS } from './settings.js'

export const SETTINGS_BEGIN = '<!-- settings: written by `npm run docs:config` from src/app/config/settings.ts; do not edit by hand -->'
export const SETTINGS_END = '<!-- end of settings -->'

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
const shownDefault = (fallback: string) => (fallback === '' ? '(none)' : `\`${cell(fallback)}\``)

export const settingsMarkdown = (): string => {
  const rows = Object.entries(SETTINGS)
  return SETTING_GROUPS.map((group) =>
    [
      `### ${group}`,
      '',
      '| Variable | Default | Meaning |',
      '| --- | --- | --- |',
      ...rows.filter(([, s]) => s.group === group).map(([name, s]) => `| \`${name}\` | ${shownDefault(s.fallback)} | ${cell(s.meaning)} |`),
    ].join('\n'),
  ).join('\n\n')
}

/** The page with its settings block replaced by the current table. */
export const withSettings = (page: string): string => {
  const begin = page.indexOf(SETTINGS_BEGIN)
  const end = page.indexOf(SETTINGS_END)
  if (begin < 0 || end < begin) throw new Error(`the page has no settings block (${SETTINGS_BEGIN} ... ${SETTINGS_END})`)
  return `${page.slice(0, begin)}${SETTINGS_BEGIN}\n\n${settingsMarkdown()}\n\n${page.slice(end)}`
}
