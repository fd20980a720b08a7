/** Test code from recorded steps: the generator, and recordings as steps. */
export { type FromRecordingOptions, type RecordingSteps, stepsFromRecording } from './from-recording.js';
export {
  type GenerateOptions,
  generateTest,
  generateVitestTest,
  type RecordedStep,
  type TestRunner,
} from './test-source.js';
