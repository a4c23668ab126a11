/**
 * Moves the shared time cursor along an event chain: to the next / previous node's firing time, or to just
 * before the chain's first node (nothing fired yet). Pauses playback (state/timeCursor.ts `seek`).
 */
import { seek } from '../state/timeCursor';
import { usePlaybackStore } from '../state/playbackStore';
import type { ChainGraph } from './chainTypes';

const BEFORE_PS = 1;

export function chainNext(graph: ChainGraph): void {
  const t = usePlaybackStore.getState().time_ps;
  const next = graph.nodes.find((n) => n.t_ps > t);
  if (next) seek(next.t_ps);
}

export function chainPrevious(graph: ChainGraph): void {
  const t = usePlaybackStore.getState().time_ps;
  const earlier = graph.nodes.filter((n) => n.t_ps < t);
  if (earlier.length === 0) return;
  const last = earlier[earlier.length - 1].t_ps;
  const before = earlier.filter((n) => n.t_ps < last);
  seek(before.length > 0 ? before[before.length - 1].t_ps : Math.max(0, graph.nodes[0].t_ps - BEFORE_PS));
}

export function chainStart(graph: ChainGraph): void {
  if (graph.nodes.length > 0) seek(Math.max(0, graph.nodes[0].t_ps - BEFORE_PS));
}
