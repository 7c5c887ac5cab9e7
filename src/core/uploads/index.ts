/**
 * Uploads: a file made elsewhere (audio or a transcript) is announced, its
 * bytes stored, and its recording handed to processing (`processJob`); a failed
 * one can be tried again, and one whose file never came deleted.
 */
import type { NotesStore } from '../ports/recording-stores.js'
import type { RecordingShareStore } from '../ports/share-store.js'
import type { NotesEditStore } from '../ports/notes-edit-store.js'
import type { NotesSettingsDeps, PublishDeps } from '../recordings/index.js'
import { type CreateUploadDeps, createUpload } from './create-upload.js'
import { deleteUpload } from './delete-upload.js'
import { getUpload, listUploads } from './read-uploads.js'
import { retryUpload } from './retry-upload.js'
import { type StoreUploadContentDeps, storeUploadContent } from './store-upload-content.js'

export interface UploadDeps extends CreateUploadDeps, StoreUploadContentDeps, PublishDeps, NotesSettingsDeps {
  readonly notes: NotesStore
  readonly notesEdits: NotesEditStore
  readonly shares: RecordingShareStore
}

export const uploadUseCases = (deps: UploadDeps) => ({
  createUpload: createUpload(deps),
  storeUploadContent: storeUploadContent(deps),
  retryUpload: retryUpload(deps),
  /** An upload whose file was never sent, with its recording. */
  deleteUpload: deleteUpload(deps),
  getUpload: getUpload(deps),
  listUploads: listUploads(deps),
})

export type UploadUseCases = ReturnType<typeof uploadUseCases>

export type { CreateUploadInput } from './create-upload.js'
export type { UploadView } from './read-uploads.js'
