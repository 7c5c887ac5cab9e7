/**
 * A size as a person says it: "500 MB", "1.5 MB", "64 KB". Error messages say sizes this way,
 * never as a count of bytes. MB is 1024 × 1024 bytes, as the settings (`…_MB`) count them.
 */
const KB = 1024
const MB = KB * KB
const GB = MB * KB

const trimmed = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ''))

export const sizeInWords = (bytes: number): string => {
  if (bytes >= GB) return `${trimmed(bytes / GB)} GB`
  if (bytes >= MB) return `${trimmed(bytes / MB)} MB`
  return `${Math.max(1, Math.ceil(bytes / KB))} KB`
}
