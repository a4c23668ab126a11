/**
 * Advances the playback time with requestAnimationFrame while playing: Δt_sim = Δt_wall × speed, jumping over idle
 * stretches when skipping is on and stopping at the run-until time.
 * Stops at the end of the trace once the run (of the RunProvider above the caller: the page's) has finished.
 */
import { useEffect } from 'react';
import { usePlaybackStore } from '../state/playbackStore';
import { useRun } from '../run/RunContext';
import { usePlaying } from './usePlaying';
import { idleSkip } from '../playback/playbackModes';

const PS_PER_US = 1e6;
/** Longest wall time one frame advances the clock by, s: after a frame that came later, the clock loses the rest. */
export const MAX_FRAME_WALL_S = 0.25;

export function useAnimationClock(): void {
  const source = useRun();
  const playing = usePlaying();
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    // From the moment Play was pressed (the store's playingSince_ms), not from this effect, which runs after the
    // render that showed Pause: while a large run streams its trace that was 100-200 ms of wall time lost at each Play.
    let last = Math.min(performance.now(), usePlaybackStore.getState().playingSince_ms);
    const tick = (now: number) => {
      // A frame's timestamp is when the frame began, which can precede the performance.now() the effect started at:
      // never a negative step (the clock went back by up to a frame after Play).
      const wall_s = Math.min(MAX_FRAME_WALL_S, Math.max(0, now - last) / 1000);
      last = Math.max(last, now);
      const playback = usePlaybackStore.getState();
      const run = source.state();
      let next = playback.time_ps + wall_s * playback.speed_us_per_s * PS_PER_US;
      if (playback.skipIdle) {  // jump over an idle stretch (playback/playbackModes.ts), marked on the time bar
        const skipTo = idleSkip(source.trace, next, playback.speed_us_per_s);
        if (skipTo > next) {
          playback.addSkip(next, skipTo);
          next = skipTo;
        }
      }
      if (playback.stopAt_ps !== null && next >= playback.stopAt_ps) {  // run until a time or a message
        playback.setTime(playback.stopAt_ps);
        playback.setPlaying(false);
        return;
      }
      const finished = run.status !== 'loading' && run.status !== 'running';
      if (finished && run.end_ps > 0 && next >= run.end_ps) {
        next = run.end_ps;
        playback.setTime(next);
        playback.setPlaying(false);
        return;
      }
      if (!finished && run.end_ps > 0) next = Math.min(next, run.end_ps);
      playback.setTime(next);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, source]);
}
