import * as t from 'io-ts'

export const MAX_UPLOAD_TITLE_LENGTH = 500
export const MAX_FILENAME_LENGTH = 255
/** RFC 6838 allows 127 characters for each of type and subtype; parameters ride along. */
export const MAX_CONTENT_TYPE_LENGTH = 255

/**
 * The text fields of a new upload, as checks the use case runs and as codecs
 * the HTTP adapter decodes bodies with (and documents from).
 */
export const UPLOAD_RULES = {
  filename: {
    ok: (s: string) => s.trim().length > 0 && s.length <= MAX_FILENAME_LENGTH,
    message: `must be 1 to ${MAX_FILENAME_LENGTH} characters`,
  },
  title: {
    ok: (s: string) => s.trim().length <= MAX_UPLOAD_TITLE_LENGTH,
    message: `must be at most ${MAX_UPLOAD_TITLE_LENGTH} characters, not counting spaces at the ends`,
  },
  contentType: {
    ok: (s: string) => s.length <= MAX_CONTENT_TYPE_LENGTH,
    message: `must be at most ${MAX_CONTENT_TYPE_LENGTH} characters`,
  },
} as const

const refine = (name: string, rule: { readonly ok: (s: string) => boolean; readonly message: string }) =>
  new t.RefinementType(
    name,
    (u): u is string => t.string.is(u) && rule.ok(u),
    // A missing or non-string value fails as a string would ("is required", "must be string").
    (u, c) => (!t.string.is(u) ? t.string.validate(u, c) : rule.ok(u) ? t.success(u) : t.failure(u, c, rule.message)),
    t.identity,
    t.string,
    rule.ok,
  )

export const UploadFilename = refine('UploadFilename', UPLOAD_RULES.filename)
export const UploadTitle = refine('UploadTitle', UPLOAD_RULES.title)
export const UploadContentType = refine('UploadContentType', UPLOAD_RULES.contentType)
