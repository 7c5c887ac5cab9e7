/**
 * Summary templates: the built-in ones, and an operator's own from a
 * directory (NOTETAKER_NOTES_TEMPLATES_DIR), one Markdown file per template:
 * `<id>.md` whose first line is `# Name` and whose body is the instructions.
 * A file that cannot be used is refused in words (logged with its name and
 * why); the others still load, and the server never stops for one.
 */
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { BUILTIN_TEMPLATE_IDS, BUILTIN_TEMPLATE_NAMES, type BuiltinTemplateId, type NotesTemplate } from '../../../src/core/domain/notes/notes-template.js'

const builtin: Record<BuiltinTemplateId, Pick<NotesTemplate, 'instructions'>> = {
  general: {
    instructions:
      'Any meeting. The detailed summary goes topic by topic: the topic as a short label, then what was said, ' +
      'agreed and left open, in the third person with names ("Bob will run the load test by Friday").',
  },
  standup: {
    instructions:
      'A team standup. The detailed summary goes person by person: what each one did, what they do next, and ' +
      'their blockers (or "no blockers"). Action items are the follow-ups agreed, such as unblocking someone.',
  },
  'sales-call': {
    instructions:
      "A sales or discovery call. The detailed summary covers the customer's pain points, their current " +
      'solution, budget, timeline, decision makers and the buying process, objections raised, and the agreed ' +
      'next steps. Action items are the next steps on either side.',
  },
  'one-on-one': {
    instructions:
      'A one-on-one between a manager and a report. The detailed summary covers wins, concerns, feedback given ' +
      'in each direction, career and growth topics, and the follow-ups agreed.',
  },
  interview: {
    instructions:
      "A job interview. The detailed summary covers the role, the candidate's experience as they described it, " +
      'their strengths and concerns with the evidence heard for each, the questions they asked, and a ' +
      "recommendation only if an interviewer stated one (never invent one). Action items are the hiring team's next steps.",
  },
}

export const BUILTIN_TEMPLATES: ReadonlyArray<NotesTemplate> = BUILTIN_TEMPLATE_IDS.map((id) => ({ id, name: BUILTIN_TEMPLATE_NAMES[id], ...builtin[id] }))

export const GENERAL_TEMPLATE: NotesTemplate = BUILTIN_TEMPLATES[0]!

const ID = /^[a-z0-9][a-z0-9-]{0,62}$/
/** Instructions go into every request, so they are kept short enough to leave room for the transcript. */
export const MAX_INSTRUCTIONS_CHARS = 4000

export interface TemplateRefusal {
  readonly file: string
  readonly reason: string
}

/** A template from one file's text, or why it cannot be one. */
export const parseTemplateFile = (file: string, text: string): NotesTemplate | string => {
  if (!file.endsWith('.md')) return 'only Markdown files (<id>.md) are read as templates'
  const id = file.slice(0, -3)
  if (!ID.test(id)) return `its name must be the template's id: lower-case letters, digits and hyphens (such as "board-meeting.md")`
  if ((BUILTIN_TEMPLATE_IDS as ReadonlyArray<string>).includes(id)) return `"${id}" is a built-in template's id; give the file another name`
  const [first = '', ...rest] = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  const heading = /^#\s+(.+?)\s*#*\s*$/.exec(first)
  if (heading === null) return 'its first line must be a heading with the template\'s name, such as "# Board meeting"'
  const instructions = rest.join('\n').trim()
  if (instructions === '') return 'it has a name but no instructions under the heading'
  if (instructions.length > MAX_INSTRUCTIONS_CHARS)
    return `its instructions are ${instructions.length.toLocaleString('en')} characters; at most ${MAX_INSTRUCTIONS_CHARS.toLocaleString('en')} fit beside a transcript`
  return { id, name: heading[1]!.slice(0, 80), instructions }
}

/** The operator's templates in `dir`, in file-name order, and the files refused with why. */
export const loadOperatorTemplates = async (
  dir: string,
  logger?: Logger,
): Promise<{ templates: NotesTemplate[]; refused: TemplateRefusal[] }> => {
  const templates: NotesTemplate[] = []
  const refused: TemplateRefusal[] = []
  const refuse = (file: string, reason: string): void => {
    refused.push({ file, reason })
    logger?.warn({ file: join(dir, file), reason }, `The notes template ${join(dir, file)} was not loaded: ${reason}.`)
  }
  let names: string[]
  try {
    names = (await readdir(dir)).sort()
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    const reason = code === 'ENOENT' ? 'the directory does not exist' : code === 'ENOTDIR' ? 'it is not a directory' : 'the directory cannot be read'
    refused.push({ file: dir, reason })
    logger?.warn({ dir, reason }, `No notes templates were read from ${dir}: ${reason}.`)
    return { templates, refused }
  }
  for (const name of names) {
    if (name.startsWith('.')) continue
    try {
      const info = await stat(join(dir, name))
      if (!info.isFile()) continue
      if (info.size > 64 * 1024) {
        refuse(name, 'it is larger than 64 KB')
        continue
      }
      const parsed = parseTemplateFile(name, await readFile(join(dir, name), 'utf8'))
      if (typeof parsed === 'string') refuse(name, parsed)
      else templates.push(parsed)
    } catch {
      refuse(name, 'it cannot be read')
    }
  }
  return { templates, refused }
}

/** Every template an account may choose: the built-in ones, then the operator's (none when `dir` is '' or absent). */
export const templateCatalogue = async (dir?: string, logger?: Logger): Promise<NotesTemplate[]> =>
  dir === undefined || dir.trim() === '' ? [...BUILTIN_TEMPLATES] : [...BUILTIN_TEMPLATES, ...(await loadOperatorTemplates(dir.trim(), logger)).templates]
