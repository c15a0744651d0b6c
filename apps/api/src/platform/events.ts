import type { Db } from './db/client';

/** A handler runs with the publisher's database handle: inside its transaction when it has one. */
export type EventHandler<P> = (db: Db, payload: P) => Promise<void>;

/**
 * The domain events of one app. A module publishes an event; the handlers that the composition
 * root (app.ts) registered for it run one after the other, with the publisher's database handle,
 * so their writes commit or roll back with the publisher's. One instance per app: no process-wide
 * registry.
 */
export class Events<EventMap extends object> {
  // Keyed loosely, so an app's Events fits where a module asks for the Pick of events it publishes.
  private readonly handlers = new Map<PropertyKey, EventHandler<never>[]>();

  on<K extends keyof EventMap>(name: K, handler: EventHandler<EventMap[K]>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler as EventHandler<never>]);
  }

  /** Whether anyone handles `name` (a publisher may skip the work of making the payload). */
  handles(name: keyof EventMap): boolean {
    return (this.handlers.get(name)?.length ?? 0) > 0;
  }

  async publish<K extends keyof EventMap>(db: Db, name: K, payload: EventMap[K]): Promise<void> {
    for (const handler of this.handlers.get(name) ?? [])
      await (handler as EventHandler<EventMap[K]>)(db, payload);
  }
}
