/**
 * `record pull` (seed 003 "Pull Semantics"): the session id is the one given
 * or the Operator's `latest` pointer; the NDJSON is pulled over adb sync and
 * written to `<outDir>/<sessionId>.ndjson` in one rename, so a failed pull
 * leaves no half-written file.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DroidproofError } from '../../contract/errors.js';
import { RECORDING_SESSION_ID } from '../../contract/recording/schema.js';
import type { DeviceShell } from '../adb/device-shell.js';

/** Where an Operator keeps its recordings (003:11973-11977). */
export function recordingDirectory(operatorPackage: string): string {
  return `/sdcard/Android/data/${operatorPackage}/files/recordings`;
}

export interface PulledRecording {
  sessionId: string;
  /** The file written on this machine. */
  localPath: string;
  remotePath: string;
  bytes: number;
}

const NO_SESSION = 'No recording session found on device. Start a recording first.';

function sessionNotFound(message: string, details: Record<string, unknown>): DroidproofError {
  return new DroidproofError('RECORDING_SESSION_NOT_FOUND', message, {
    ...details,
    hint: "Run 'droidproof record start --session-id <id>' first, and 'droidproof record stop' before pulling.",
  });
}

async function latestSession(shell: DeviceShell, operatorPackage: string): Promise<string> {
  const path = `${recordingDirectory(operatorPackage)}/latest`;
  let pointer: string;
  try {
    pointer = (await shell.pull(path)).toString('utf8').trim();
  } catch (error) {
    if (error instanceof DroidproofError && error.code !== 'DEVICE_SHELL_UNAVAILABLE') throw error;
    throw sessionNotFound(NO_SESSION, { path });
  }
  if (pointer === '') throw sessionNotFound(NO_SESSION, { path });
  if (!RECORDING_SESSION_ID.test(pointer)) {
    throw sessionNotFound(`The latest pointer names an invalid session id ${JSON.stringify(pointer)}`, {
      path,
    });
  }
  return pointer;
}

export async function pullRecording(
  shell: DeviceShell,
  operatorPackage: string,
  options: { sessionId?: string; outDir: string },
): Promise<PulledRecording> {
  if (options.sessionId !== undefined && !RECORDING_SESSION_ID.test(options.sessionId)) {
    throw sessionNotFound(`Session id ${JSON.stringify(options.sessionId)} must match ^[a-zA-Z0-9_-]+$`, {
      sessionId: options.sessionId,
    });
  }
  const sessionId = options.sessionId ?? (await latestSession(shell, operatorPackage));
  const remotePath = `${recordingDirectory(operatorPackage)}/${sessionId}.ndjson`;
  let data: Buffer;
  try {
    data = await shell.pull(remotePath);
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new DroidproofError(
      'RECORDING_PULL_FAILED',
      `Failed to pull recording from device: ${cause}`,
      { sessionId, remotePath, ...(error instanceof DroidproofError ? { causeCode: error.code } : {}) },
      { cause: error },
    );
  }
  await mkdir(options.outDir, { recursive: true });
  const localPath = join(options.outDir, `${sessionId}.ndjson`);
  const partial = `${localPath}.partial-${process.pid}`;
  await writeFile(partial, data);
  await rename(partial, localPath);
  return { sessionId, localPath, remotePath, bytes: data.length };
}
