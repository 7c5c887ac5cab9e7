/** Whisper and speaker models in DATA_DIR/models: the catalog, the folder and the download (`notetaker models ...`). */
export { CatalogError, findModel, kindOf, loadCatalog, MODEL_KINDS, modelOfFile, PUBLISHED_CATALOG, PUBLISHED_MODELS, PUBLISHED_SPEAKER_MODELS, type ModelEntry, type ModelKind } from './catalog.js'
export { MirrorUnreachable, mirrorUrl, pullModel, sourceUrl, TransferCut, type Progress, type PullOptions, type PullResult } from './download.js'
export { progressReporter, type Reporter } from './progress.js'
export { addFromFile, checkFile, hashFile, ModelError, modelPath, modelsDir, onnxProblem, partPath, prepareModelsDir, presentModels, removeModel, unknownFiles, type Present } from './store.js'
export { chooseModel, chooseSpeakerModels, CPU_PREFERENCE, SPEAKER_PREFERENCE, type SpeakerModels } from './choose.js'
export { isOnnxFile, type OnnxInfo, readOnnxInfo } from './onnx-file.js'
