/**
 * Long audio in windows, shared by the speech-to-text engines: cut at pauses, recognised a
 * window at a time (or a few at once), each finished window kept in the transcription's
 * checkpoint so a restart resumes after it.
 */
export { type RecogniseWindow, transcribeInWindows, type WindowedOptions, type WindowedTranscription, type WindowJob, type WindowText } from './driver.js'
export { runPool } from './pool.js'
export { findSilences, type SilenceOptions } from './silences.js'
export { findPcm, readWindowSamples, windowBytes, writeWindow } from './wav-window.js'
export { parseSilences, planWindows, type Span, type Window, type WindowPlan } from './windows.js'
