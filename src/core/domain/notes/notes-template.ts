/**
 * A summary template: what kind of meeting the notes are for and what they
 * must cover. The built-in ones are general, standup, sales call, 1:1 and
 * interview; an operator adds their own from files.
 */
export const BUILTIN_TEMPLATE_IDS = ['general', 'standup', 'sales-call', 'one-on-one', 'interview'] as const
export type BuiltinTemplateId = (typeof BUILTIN_TEMPLATE_IDS)[number]

/** The built-in templates' names, as the browser shows them and the prompt names them. */
export const BUILTIN_TEMPLATE_NAMES: Readonly<Record<BuiltinTemplateId, string>> = {
  general: 'General meeting',
  standup: 'Standup',
  'sales-call': 'Sales call',
  'one-on-one': '1:1',
  interview: 'Interview',
}

export interface NotesTemplate {
  /** Lower-case letters, digits and hyphens: `general`, `sales-call`, or an operator's own. */
  readonly id: string
  /** Shown in the browser: "Sales call". */
  readonly name: string
  /** What the notes must cover, written for the language model. */
  readonly instructions: string
}
