// The typed client reads a file from disk only when handed a path, which never happens in a browser;
// these let its source type-check here without Node's types.
declare module 'node:fs' {
  export const openAsBlob: (path: string) => Promise<Blob>
}
declare module 'node:url' {
  export const fileURLToPath: (url: URL | string) => string
}
