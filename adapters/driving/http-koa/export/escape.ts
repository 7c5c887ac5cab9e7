/** Text of a transcript or notes made safe for the markup of each format. */

/** WebVTT cue text and voice names: `&`, `<` and `>` are markup (so `-->` cannot end up in a cue either). */
export const escapeVtt = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * Markdown (CommonMark): backslash before the punctuation that could start
 * emphasis, code, links, HTML, headings, tables or entities, and before a
 * number or sign that would make the line a list item.
 */
export const escapeMarkdown = (s: string): string =>
  s
    .replace(/[\\`*_[\]<>#|~&]/g, '\\$&')
    .replace(/^(\s*)([-+=])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2')
