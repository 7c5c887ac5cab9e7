/** Whisper models in DATA_DIR/models: the catalog, the folder and the download (`notetaker models ...`). */
export { CatalogError, findModel, loadCatalog, modelOfFile, PUBLISHED_MODELS, type ModelEntry } from './catalog.js'
export { MirrorUnreachable, mirrorUrl, pullModel, TransferCut, type Progress, type PullOptions, type PullResult } from './download.js'
export { progressReporter, type Reporter } from './progress.js'
export { addFromFile, checkFile, hashFile, ModelError, modelPath, modelsDir, partPath, prepareModelsDir, presentModels, removeModel, unknownFiles, type Present } from './store.js'
export { chooseModel, CPU_PREFERENCE } from './choose.js'
