export { BODY_LIMIT_BYTES, buildServeApp, type ServeAppOptions, SYNTHETIC_TIMEOUT_MS } from './app.js';
export { type AdbTarget, DeviceSessions } from './device-sessions.js';
export { ServeRequestError } from './errors.js';
export { SSE_EVENTS } from './events.js';
export { sameBuild, type VersionInfo, VersionInfoSchema, versionInfo } from './identity.js';
export { httpStatusOf } from './status.js';
