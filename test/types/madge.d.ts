declare module 'madge' {
  interface MadgeResult {
    obj(): Record<string, string[]>
    circular(): string[][]
    warnings(): { skipped: string[] }
  }
  interface MadgeConfig {
    fileExtensions?: string[]
    tsConfig?: string
    detectiveOptions?: Record<string, unknown>
  }
  export default function madge(paths: string | string[], config?: MadgeConfig): Promise<MadgeResult>
}
