/** A file input with a label drawn as a large target, which also takes a file dragged anywhere onto the page. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { formatBytes } from '../../format.js'

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files')

/** `problem`: what the server said of the file (its type, its size), shown under it with the input marked. */
export const DropZone = (props: { file: File | null; onFile: (f: File) => void; disabled: boolean; problem?: string | undefined }) => {
  const [dragging, setDragging] = useState(false)
  const onFile = useRef(props.onFile)
  onFile.current = props.onFile
  const depth = useRef(0)

  // The whole page is the drop target while this zone is shown: dropping a file a little off the box still works.
  useEffect(() => {
    if (props.disabled) return
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return
      depth.current += 1
      setDragging(true)
    }
    const leave = () => {
      depth.current = Math.max(0, depth.current - 1)
      if (depth.current === 0) setDragging(false)
    }
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return
      e.preventDefault()
      if (e.dataTransfer !== null) e.dataTransfer.dropEffect = 'copy'
    }
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return
      e.preventDefault()
      depth.current = 0
      setDragging(false)
      const f = e.dataTransfer?.files[0]
      if (f !== undefined) onFile.current(f)
    }
    addEventListener('dragenter', enter)
    addEventListener('dragleave', leave)
    addEventListener('dragover', over)
    addEventListener('drop', drop)
    return () => {
      removeEventListener('dragenter', enter)
      removeEventListener('dragleave', leave)
      removeEventListener('dragover', over)
      removeEventListener('drop', drop)
    }
  }, [props.disabled])

  return (
    <div class={`drop-zone${dragging ? ' dragging' : ''}${props.file === null ? '' : ' chosen'}`}>
      <input
        id="upload-file"
        class="file-input"
        type="file"
        disabled={props.disabled}
        aria-describedby={props.problem === undefined ? 'upload-types' : 'upload-file-problem upload-types'}
        aria-invalid={props.problem === undefined ? undefined : true}
        onChange={(e) => {
          const f = e.currentTarget.files?.[0]
          if (f !== undefined) props.onFile(f)
        }}
      />
      <label for="upload-file">
        <span class="drop-icon" aria-hidden="true">
          ⇪
        </span>
        {props.file === null ? (
          <span>
            <strong>Choose a file</strong> or drag it here
          </span>
        ) : (
          <span>
            <strong>{props.file.name}</strong> ({formatBytes(props.file.size)}) — choose another file
          </span>
        )}
      </label>
      {props.problem === undefined ? null : (
        <span id="upload-file-problem" class="field-error">
          {props.problem}
        </span>
      )}
      <p id="upload-types" class="hint">
        Audio: WAV, MP3, M4A, OGG, Opus, WebM, FLAC or MP4, up to 500 MB unless your server allows more. Transcripts: WebVTT, SRT, plain text or JSON.
      </p>
    </div>
  )
}
