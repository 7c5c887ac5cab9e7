/** Speakers told apart by voice (sherpa-onnx speaker diarization), and the wrapper that names them in a transcript. */
export { clusterVoices, linkWindows, type LinkOptions, type VoicePrint, type WindowSpeakers } from './link-windows.js'
export { createSherpaDiarizer, reasonFromStderr, sherpaInstalled, toTurns, type SherpaDiarizer, type SherpaDiarizerOptions } from './sherpa.js'
export { checkEmbeddingModel, checkSegmentationModel, type EmbeddingModelInfo, type SegmentationModelInfo } from './model-check.js'
export type { DiarizationFailure, Diarizer, SpeakerTurn } from './turns.js'
export { assignSpeakers, voiceSpeakerName, withVoiceSpeakers, type VoiceSpeakerOptions } from './voice-speakers.js'
