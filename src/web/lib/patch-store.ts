/**
 * A state the components read through useSyncExternalStore (the bidding hub's, the chat's): `getState`
 * and `subscribe` as React asks for them, and `set`, which replaces the state with a patched copy (a
 * new object, so React sees the change) and tells every subscriber.
 */
export class PatchStore<S extends object> {
  private listeners = new Set<() => void>();

  constructor(protected state: S) {}

  getState = (): S => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected set(patch: Partial<S>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }
}
