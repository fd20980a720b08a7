/**
 * The SSE hub behind `GET /events` (seed 003 "GET /events SSE Stream"): every
 * finished execution is pushed to each subscriber as `androperator:execution`,
 * and, when an envelope exists, `androperator:result`.
 */
export const SSE_EVENTS = {
  heartbeat: 'heartbeat',
  result: 'androperator:result',
  execution: 'androperator:execution',
} as const;

export type SseWriter = (chunk: string) => void;

export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class EventHub {
  private readonly subscribers = new Set<SseWriter>();

  subscribe(writer: SseWriter): () => void {
    this.subscribers.add(writer);
    writer(sseFrame(SSE_EVENTS.heartbeat, { code: 'CONNECTED', message: 'droidproof SSE stream active' }));
    return () => this.subscribers.delete(writer);
  }

  get size(): number {
    return this.subscribers.size;
  }

  publish(event: string, data: unknown): void {
    const frame = sseFrame(event, data);
    for (const write of this.subscribers) write(frame);
  }
}
