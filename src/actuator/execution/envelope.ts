/** The result envelope types the actuator works with: the contract's schemas. */
export {
  firstFailedStep,
  type ResultEnvelope,
  ResultEnvelopeSchema,
  type StepData,
  type StepResult,
} from '../../contract/envelope.js';
