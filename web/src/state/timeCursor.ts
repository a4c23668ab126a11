/**
 * Moves of the time cursor shared by the controls bar and the keyboard (Packet Tracer's Back / Capture-Forward):
 * step to the previous / next trace record start, scrub by ±1 µs, go to the start / end, play / pause.
 * Stepping and scrubbing pause playback. The cursor follows the page's run (run/runs.ts pageRun): its trace's record
 * starts and end.
 */
import { usePlaybackStore } from './playbackStore';
import { pageRun } from '../run/runs';
import { playStartTime } from '../playback/playStart';
import { stepTarget } from '../playback/playbackModes';
import { useSelectionStore } from './selectionStore';

const PS_PER_US = 1e6;

function endPs(): number {
  return pageRun.state().end_ps;
}

/** The selected node's host, PCI bus and NIC ids (every network's), or null when stepping is not per node. */
function stepComponents(): Set<number> | null {
  const { stepNodeOnly } = usePlaybackStore.getState();
  const selection = useSelectionStore.getState().selection;
  const topology = pageRun.state().topology;
  if (!stepNodeOnly || selection?.kind !== 'node' || !topology) return null;
  return new Set(topology.components.filter((c) => c.node === selection.node && c.kind !== 'switch').map((c) => c.id));
}

/** To the next record start (of the chosen kind and node: playback/playbackModes.ts stepTarget). */
export function stepForward(): void {
  const playback = usePlaybackStore.getState();
  playback.setPlaying(false);
  const next = stepTarget(pageRun.trace, playback.time_ps, 1, playback.stepCategory, stepComponents());
  if (next !== null) playback.setTime(next);
}

/** To the previous record start (of the chosen kind and node), or the start. */
export function stepBack(): void {
  const playback = usePlaybackStore.getState();
  playback.setPlaying(false);
  const previous = stepTarget(pageRun.trace, playback.time_ps, -1, playback.stepCategory, stepComponents());
  playback.setTime(previous ?? 0);
}

/** Plays from the cursor until `stop_ps` (run until a time or a message), then pauses there. */
export function runUntil(stop_ps: number): void {
  const playback = usePlaybackStore.getState();
  if (stop_ps <= playback.time_ps) {
    seek(stop_ps);
    return;
  }
  playback.setPlaying(false);
  playback.setStopAt(stop_ps);
  usePlaybackStore.setState({ playing: true, playingSince_ms: performance.now() });
}

/** Moves the cursor by `delta_us` simulated µs, kept within [0, end of trace]. */
export function scrubBy(delta_us: number): void {
  const playback = usePlaybackStore.getState();
  playback.setPlaying(false);
  const end = endPs();
  const next = playback.time_ps + delta_us * PS_PER_US;
  playback.setTime(end > 0 ? Math.min(end, Math.max(0, next)) : Math.max(0, next));
}

export function goToStart(): void {
  usePlaybackStore.getState().setPlaying(false);
  usePlaybackStore.getState().setTime(0);
}

export function goToEnd(): void {
  usePlaybackStore.getState().setPlaying(false);
  usePlaybackStore.getState().setTime(endPs());
}

/** Sets the cursor (e.g. from a click on a chart), pausing playback. */
export function seek(time_ps: number): void {
  usePlaybackStore.getState().setPlaying(false);
  usePlaybackStore.getState().setTime(time_ps);
}

export function togglePlay(): void {
  const playback = usePlaybackStore.getState();
  if (playback.playing) return playback.setPlaying(false);
  const { status, end_ps } = pageRun.state();
  const finished = status !== 'running' && status !== 'loading';
  if (finished && end_ps > 0 && playback.time_ps >= end_ps) playback.setTime(0);
  // Nothing on the wire for a while: start just before the next packet (playback/playStart.ts).
  const start = playStartTime(pageRun.trace, usePlaybackStore.getState().time_ps, playback.speed_us_per_s);
  if (start > usePlaybackStore.getState().time_ps) playback.setTime(start);
  playback.setPlaying(true);
}
