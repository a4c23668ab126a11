/**
 * Sending node of protocol messages whose packets do not name them (NAS MPI messages: the trace's message record
 * gives only the receiving host), read from the finished run's message catalog (hs_message_json `src`).
 * Returns message id → source node for the ids asked so far; asks for at most MAX_REQUESTS ids per call, once
 * each, after the run has finished (the worker keeps the session only then). The cache lives per run (the run of
 * the RunProvider above the caller) and per run revision.
 */
import { useEffect, useState } from 'react';
import { useRun, useRunState } from '../run/RunContext';
import type { RunController } from '../run/runController';

/** At most this many catalog requests are started per render (a wide window of a NAS run holds thousands). */
const MAX_REQUESTS = 4000;

interface SourceCache {
  revision: number;
  sources: Map<number, number>;
  asked: Set<number>;
}
const caches = new WeakMap<RunController, SourceCache>();

function cacheOf(run: RunController, revision: number): SourceCache {
  let c = caches.get(run);
  if (!c || c.revision !== revision) caches.set(run, (c = { revision, sources: new Map(), asked: new Set() }));
  return c;
}

/** The `src` of a hs_message_json reply, or null. */
export function sourceOf(json: string | null): number | null {
  if (!json) return null;
  try {
    const src = (JSON.parse(json) as { src?: unknown }).src;
    return typeof src === 'number' && Number.isInteger(src) && src >= 0 ? src : null;
  } catch {
    return null;
  }
}

export function useMessageSources(unknown: number[]): { sources: ReadonlyMap<number, number>; version: number } {
  const run = useRun();
  const revision = useRunState((s) => s.revision);
  const finished = useRunState((s) => s.status === 'finished');
  const [version, setVersion] = useState(0);
  const cache = cacheOf(run, revision);
  const key = unknown.join(',');
  useEffect(() => {
    if (!finished) return;
    const todo = unknown.filter((m) => !cache.asked.has(m)).slice(0, MAX_REQUESTS);
    if (todo.length === 0) return;
    for (const m of todo) cache.asked.add(m);
    void Promise.all(
      todo.map(async (m) => {
        const src = sourceOf(await run.messages.request(m));
        if (src !== null) cache.sources.set(m, src);
      }),
    ).then(() => setVersion((v) => v + 1));
    // key: the ids asked (an array prop changes identity every render)
  }, [key, finished, cache, run]);
  return { sources: cache.sources, version };
}
