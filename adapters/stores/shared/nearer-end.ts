/**
 * How to read rows [offset, offset + limit) of an ordered collection of exactly
 * `total` rows while skipping as few as possible: from the start, or, past the
 * middle, from the end in reverse order (the caller reverses the rows it gets).
 * A database skips an OFFSET row by row, so this halves the worst case and makes
 * the last pages as cheap as the first. `total` must be read in the same
 * snapshot as the page.
 */
export const nearerEnd = (total: number, offset: number, limit: number): { readonly reverse: boolean; readonly offset: number; readonly limit: number } => {
  const end = Math.min(offset + limit, total)
  if (end <= offset) return { reverse: false, offset, limit: 0 }
  const fromEnd = total - end
  return fromEnd < offset ? { reverse: true, offset: fromEnd, limit: end - offset } : { reverse: false, offset, limit: end - offset }
}
