/**
 * The domain-event bus: a module says what happened (`emit(tx, event)`), the modules that act on
 * it (the mails, core/mail/handlers.ts) listen, and the module that made it happen knows nothing
 * of them. Modelled on Vendure's EventBus (packages/core/src/event-bus), kept small:
 *
 * - handlers run at once, inside the caller's transaction (Vendure's blocking handlers), so what
 *   they write (an outbox row) commits or rolls back with the change that caused it;
 * - what must wait for the commit (handing a mail to SMTP) a handler passes to `afterCommit`,
 *   run once the outermost transaction has committed, never when it rolled back; a savepoint
 *   that rolls back drops its own hooks.
 *
 * Drizzle has no transaction subscribers (TypeORM's, which Vendure uses, tell it of a commit), so
 * {@link createEventBus} wraps `transaction` of the database handle it is given and of every
 * transaction opened through it: the shop's `db.transaction(...)` stays the one way to open a
 * transaction, and a caller needs no other. This file imports no module.
 */
import type { DomainEvent, EventOf, EventType } from './events.ts';

/** Work to do once the transaction that emitted an event has committed. */
type AfterCommit = () => Promise<unknown> | void;

/** What a handler gets beside the event: the handle to write through and the after-commit hook. */
export type EventContext<H> = {
  /** The caller's transaction (or the database itself when the event was emitted outside one). */
  tx: H;
  /** Runs `hook` after the commit (at once for an event emitted outside a transaction). */
  afterCommit: (hook: AfterCommit) => void;
  /** One object per transaction: lets a handler gather work of several events into one hook. */
  scope: object;
};

/** A handler of one event type. A handler that throws fails the emit and so the caller's transaction. */
type EventHandler<H, T extends EventType> = (event: EventOf<T>, ctx: EventContext<H>) => Promise<void>;

/** A database handle that opens transactions as Drizzle's do (`transaction(fn, config?)`). */
type Transactional = { transaction: (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown> };

/** The handlers of a bus, by event type. */
export type EventBus<H extends object> = {
  /** Adds a handler of `type`; handlers run in the order they were added. */
  on: <T extends EventType>(type: T, handler: EventHandler<H, T>) => void;
};

type Bus = { handlers: Map<EventType, EventHandler<object, EventType>[]>; onError: (err: unknown) => void };
/** `hooks` null: the handle is the database itself (no transaction), hooks run at once. */
type Scope = { bus: Bus; hooks: AfterCommit[] | null };

/**
 * Where a handle keeps its scope: a property under a registered symbol, not a module's WeakMap,
 * because the server and the React Router build each bundle their own copy of this file (the
 * pages' code emits on the database the server opened).
 */
const SCOPE = Symbol.for('casadeltabaco.events.scope');
const scopeOf = (handle: object) => (handle as { [SCOPE]?: Scope })[SCOPE];

async function runHooks(bus: Bus, hooks: AfterCommit[]): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook();
    } catch (err) {
      bus.onError(err);
    }
  }
}

/**
 * Marks `handle` as belonging to `bus` and wraps its `transaction` so that the transactions it
 * opens are known too. `hooks` is where the hooks of events emitted on `handle` go (null: run them
 * at once).
 */
function watch(handle: object, bus: Bus, hooks: AfterCommit[] | null): void {
  Object.defineProperty(handle, SCOPE, { value: { bus, hooks } satisfies Scope, configurable: true });
  const t = handle as Transactional;
  const open = t.transaction.bind(handle);
  t.transaction = async (fn, config) => {
    const inner: AfterCommit[] = [];
    const result = await open((tx: never) => {
      watch(tx as object, bus, inner);
      return fn(tx);
    }, config);
    // committed (a savepoint: released into its transaction, whose commit is still to come)
    if (hooks) hooks.push(...inner);
    else await runHooks(bus, inner);
    return result;
  };
}

/**
 * Creates the event bus of a database: `db` and every transaction opened through it can then
 * {@link emit}. Call once per database, where the shop is put together (core/shop.ts openShop).
 * @param opts.onError told of an after-commit hook that failed (the change is committed by then;
 *   the hook's work is the caller's to retry, e.g. the outbox job sends a mail later).
 */
export function createEventBus<H extends object>(db: H, opts: { onError: (err: unknown) => void }): EventBus<H> {
  const bus: Bus = { handlers: new Map(), onError: opts.onError };
  watch(db, bus, null);
  return {
    on(type, handler) {
      const list = bus.handlers.get(type) ?? [];
      list.push(handler as unknown as EventHandler<object, EventType>);
      bus.handlers.set(type, list);
    },
  };
}

/**
 * Tells the bus of `tx` that `event` happened: runs its handlers in `tx`, in order; their
 * after-commit hooks run when `tx`'s outermost transaction has committed (at once when `tx` is the
 * database itself).
 * @throws {Error} when `tx` belongs to no bus (a database not opened through core/shop.ts), and
 *   whatever a handler throws.
 */
export async function emit(tx: object, event: DomainEvent): Promise<void> {
  const scope = scopeOf(tx);
  if (!scope) throw new Error(`event ${event.type} emitted on a database handle without an event bus`);
  const now: AfterCommit[] = [];
  const hooks = scope.hooks ?? now;
  const ctx: EventContext<object> = { tx, afterCommit: (hook) => void hooks.push(hook), scope: hooks };
  for (const handler of scope.bus.handlers.get(event.type) ?? []) await handler(event, ctx);
  if (!scope.hooks) await runHooks(scope.bus, now);
}
