/** The `/version` answer's schema, for clients that must not trust a socket's reply. */
import { z } from 'zod';
import type { VersionInfo } from './build-identity.js';

export { sameBuild, type VersionInfo, versionInfo } from './build-identity.js';

export const VersionInfoSchema: z.ZodType<VersionInfo> = z.object({
  version: z.string(),
  buildIdentity: z.object({
    entryPath: z.string().nullable(),
    mtimeMs: z.number().nullable(),
    size: z.number().nullable(),
  }),
});
