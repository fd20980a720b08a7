/** A minimal synchronous event emitter; a listener that throws does not stop the others. */
export class Emitter<T> {
  private readonly listeners = new Set<(event: T) => void>();

  on(fn: (event: T) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  emit(event: T): void {
    for (const fn of [...this.listeners]) {
      try {
        fn(event);
      } catch {
        // A misbehaving subscriber must not break the device model.
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
