import type { DeviceServices } from '../../services.js';
import type { ServiceStream } from '../service-stream.js';

/** Splits `-S <size>` (the streamed APK's length) from the `pm install` flags. */
function streamedSize(args: readonly string[]): { size?: number; flags: string[] } {
  const index = args.indexOf('-S');
  if (index < 0) return { flags: [...args] };
  return {
    size: Number.parseInt(args[index + 1] ?? '', 10),
    flags: [...args.slice(0, index), ...args.slice(index + 2)],
  };
}

async function readApk(stream: ServiceStream, size: number | undefined): Promise<Buffer | undefined> {
  if (size !== undefined && Number.isFinite(size)) return stream.input.read(size);
  const parts: Buffer[] = [];
  for await (const chunk of stream.input) parts.push(chunk);
  return Buffer.concat(parts);
}

/**
 * A streamed `package install`: the APK arrives on the stream (exactly `-S`
 * bytes when given), and the reply is `pm install`'s one line.
 */
export async function runStreamedInstall(
  stream: ServiceStream,
  services: DeviceServices,
  args: readonly string[],
): Promise<void> {
  const { size, flags } = streamedSize(args);
  const apk = await readApk(stream, size);
  if (apk) {
    const result = await services.install(apk, flags);
    await stream.write(`${result.output}\n`);
  } else {
    await stream.write(
      'Failure [INSTALL_FAILED_INVALID_APK: the client closed the stream before the APK ended]\n',
    );
  }
  await stream.close();
}

/** Quotes one argument for the device shell, the way the adb client does. */
export function quoteArg(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * Splits the adb client's own argument quoting (`'a' 'it'\''s' -S 12`) back
 * into words. Only used on the fixed `exec:cmd package 'install' ...` form.
 */
export function splitClientArgs(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === ' ') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === "'") {
      const end = text.indexOf("'", i + 1);
      const stop = end < 0 ? text.length : end;
      word = (word ?? '') + text.slice(i + 1, stop);
      i = stop;
    } else if (char === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i];
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}
