/**
 * `fn` memoised per object `key` (a WeakMap: a run's topology takes its derived data with it when it goes) and, for
 * that key, on its last other arguments (compared with Object.is). For what a view derives from the run's topology
 * inside a render: React discards the useMemo values of a render it does not commit (a transition restarted after an
 * urgent update, RunContext's useRunStateInTransition), and the 1,024-node cluster's layout was computed three
 * times (in tasks of 56-115 ms under the trace) before one render committed (Chrome trace, 2026-11-28; the layout
 * has since its own cache, hooks/useClusterLayout.ts). Kept here, a restarted render finds it.
 * `fn` must be pure and its result never mutated.
 */
export function memoPerObject<K extends object, A extends readonly unknown[], V>(fn: (key: K, ...args: A) => V): (key: K, ...args: A) => V {
  const last = new WeakMap<K, { args: A; value: V }>();
  return (key, ...args) => {
    const hit = last.get(key);
    if (hit && hit.args.length === args.length && hit.args.every((a, i) => Object.is(a, args[i]))) return hit.value;
    const value = fn(key, ...args);
    last.set(key, { args, value });
    return value;
  };
}
