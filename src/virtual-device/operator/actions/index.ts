/**
 * Every action type the virtual Operator executes, by canonical name: the 35
 * types of the contract (`ACTION_TYPES` in src/contract/action-types.ts).
 */
import type { AnyActionSpec } from '../context.js';
import { openAppAction, openUriAction } from './app.js';
import { queryUiAction, snapshotAction } from './capture.js';
import { dragAction, swipeAction } from './gestures.js';
import {
  getMediaStatusAction,
  listMediaSessionsAction,
  mediaPauseAction,
  mediaPlayAction,
  mediaSeekAction,
  observeMediaAction,
} from './media.js';
import { clickAction, enterTextAction } from './node-targeted.js';
import {
  dismissNotificationAction,
  invokeNotificationActionAction,
  listNotificationsAction,
} from './notifications.js';
import {
  cancelToastAction,
  clearOnScreenLogAction,
  setOnScreenLogAction,
  showToastAction,
} from './overlay.js';
import { readKeyValuePairAction, readTextAction } from './read.js';
import { startRecordingAction, stopRecordingAction } from './recording.js';
import { scrollAction, scrollAndClickAction, scrollUntilAction } from './scroll.js';
import {
  closeAppAction,
  doctorPingAction,
  pressKeyAction,
  sleepAction,
  takeScreenshotAction,
} from './system.js';
import { waitForNavigationAction, waitForNodeAction } from './wait.js';

const ALL: AnyActionSpec[] = [
  clickAction,
  enterTextAction,
  readTextAction,
  readKeyValuePairAction,
  waitForNodeAction,
  waitForNavigationAction,
  openAppAction,
  openUriAction,
  closeAppAction,
  snapshotAction,
  queryUiAction,
  takeScreenshotAction,
  scrollAction,
  scrollUntilAction,
  scrollAndClickAction,
  swipeAction,
  dragAction,
  pressKeyAction,
  sleepAction,
  doctorPingAction,
  startRecordingAction,
  stopRecordingAction,
  showToastAction,
  cancelToastAction,
  setOnScreenLogAction,
  clearOnScreenLogAction,
  listNotificationsAction,
  dismissNotificationAction,
  invokeNotificationActionAction,
  listMediaSessionsAction,
  getMediaStatusAction,
  observeMediaAction,
  mediaPauseAction,
  mediaPlayAction,
  mediaSeekAction,
];

export const OPERATOR_ACTIONS: ReadonlyMap<string, AnyActionSpec> = new Map(
  ALL.map((spec) => [spec.type, spec]),
);
