/**
 * Every action schema, grouped by family, and the discriminated union of all 35.
 */
import { z } from 'zod';
import { appActions } from './app.js';
import { captureActions } from './capture.js';
import { controlActions } from './control.js';
import { gestureActions } from './gesture.js';
import { mediaActions } from './media.js';
import { nodeTargetedActions } from './node-targeted.js';
import { notificationActions } from './notifications.js';
import { overlayActions } from './overlay.js';

export * from './app.js';
export * from './capture.js';
export * from './control.js';
export * from './define.js';
export * from './fields.js';
export * from './gesture.js';
export * from './media.js';
export * from './node-targeted.js';
export * from './notifications.js';
export * from './overlay.js';

/** The action schemas of each family, in documentation order. */
export const ACTION_FAMILIES = {
  app: appActions,
  capture: captureActions,
  control: controlActions,
  gesture: gestureActions,
  media: mediaActions,
  nodeTargeted: nodeTargetedActions,
  notification: notificationActions,
  overlay: overlayActions,
} as const;
export type ActionFamily = keyof typeof ACTION_FAMILIES;

/** One canonical execution action: `{ id, type, params? }`. */
export const ExecutionActionSchema = z.discriminatedUnion('type', [
  ...nodeTargetedActions,
  ...gestureActions,
  ...captureActions,
  ...appActions,
  ...controlActions,
  ...overlayActions,
  ...notificationActions,
  ...mediaActions,
]);
export type ExecutionAction = z.infer<typeof ExecutionActionSchema>;
export type ActionType = ExecutionAction['type'];
/** An action as callers may write it before normalization (canonical keys). */
export type ExecutionActionInput = z.input<typeof ExecutionActionSchema>;
/** The normalized `params` of one action type. */
export type ActionParamsOf<T extends ActionType> = Extract<ExecutionAction, { type: T }>['params'];
