/**
 * Media types by file extension for the containers we accept. `.opus` is Ogg-encapsulated
 * (RFC 7845), hence audio/ogg; `.mp4` is usually a video with an audio track.
 */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  webm: 'audio/webm',
  flac: 'audio/flac',
  mp4: 'video/mp4',
}

/** The media type for a file name such as `call.M4A`, or null for an extension we do not take. */
export const mimeTypeForFilename = (name: string): string | null => {
  const dot = name.lastIndexOf('.')
  if (dot < 0 || dot === name.length - 1) return null
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? null
}
