/**
 * Playback controls: play/pause, step back / forward to the previous / next trace record, speed (simulated µs
 * per wall second), time scrubber, current simulated time (µs); then the jump to a message (MessageJump) and the
 * run's progress (RunProgress), components of their own so that the time cursor moving every frame does not
 * re-render the message list, nor the worker's progress reports the scrubber.
 * Keyboard equivalents: hooks/useKeyboardShortcuts.ts.
 */
import { usePlaying } from '../hooks/usePlaying';
import { useSpeed } from '../hooks/useSpeed';
import { useSimTime } from '../hooks/useSimTime';
import { useTraceEnd } from '../hooks/useTraceEnd';
import { usePlaybackStore, SPEEDS_US_PER_S } from '../state/playbackStore';
import { stepBack, stepForward, togglePlay } from '../state/timeCursor';
import { eventPosition, eventTime, logPosition, logTime } from '../playback/playbackModes';
import { useRun } from '../run/RunContext';
import { MessageJump } from './MessageJump';
import { RunProgress } from './RunProgress';
import { formatUs } from '../charts/formatUs';

const SCRUB_STEPS = 10_000;

export function ControlsBar({ onCancel }: { onCancel: () => void }) {
  const playing = usePlaying();
  const speed = useSpeed();
  const time_ps = useSimTime();
  const end_ps = useTraceEnd();
  const { setPlaying, setTime, setSpeed } = usePlaybackStore.getState();
  const axis = usePlaybackStore((s) => s.axis);
  const skips = usePlaybackStore((s) => s.skips);
  const run = useRun();
  // The time bar: linear, log-scaled or event-indexed for long runs (playback/playbackModes.ts).
  const position = (t: number) =>
    end_ps <= 0 ? 0 : axis === 'log' ? logPosition(t, end_ps) : axis === 'events' ? eventPosition(run.trace, t) : Math.min(1, t / end_ps);
  const timeAt = (p: number) => (axis === 'log' ? logTime(p, end_ps) : axis === 'events' ? eventTime(run.trace, p, end_ps) : p * end_ps);
  const axisLabel = axis === 'log' ? 'Simulated time (log-scaled)' : axis === 'events' ? 'Simulated time (by event)' : 'Simulated time';
  // A speed restored from a share link may be off the list: offer it too.
  const speeds: number[] = SPEEDS_US_PER_S.includes(speed as never) ? [...SPEEDS_US_PER_S] : [...SPEEDS_US_PER_S, speed].sort((a, b) => a - b);

  return (
    <div className="controls" role="toolbar" aria-label="Playback">
      <button
        type="button"
        data-testid="play-toggle"
        onClick={togglePlay}
        aria-pressed={playing}
        aria-label={playing ? 'Pause (Space)' : 'Play (Space)'}
        aria-keyshortcuts="Space"
      >
        {playing ? '❚❚ Pause' : '▶ Play'}
      </button>
      <button
        type="button"
        data-testid="step-back"
        onClick={stepBack}
        aria-label="Step back to the previous trace record (Left arrow)"
        aria-keyshortcuts="ArrowLeft"
        title="Back to the previous trace record (←; Shift+← = −1 µs)"
      >
        |◂ Back
      </button>
      <button
        type="button"
        data-testid="step-forward"
        onClick={stepForward}
        aria-label="Step forward to the next trace record (Right arrow)"
        aria-keyshortcuts="ArrowRight"
        title="Jump to the next trace record (→; Shift+→ = +1 µs)"
      >
        Step ▸|
      </button>
      <label>
        speed{' '}
        <select data-testid="speed" aria-label="Playback speed, simulated µs per second" value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
          {speeds.map((s) => (
            <option key={s} value={s}>
              {s} µs/s
            </option>
          ))}
        </select>
      </label>
      <span className="scrubber-wrap">
        <input
          type="range"
          className="scrubber"
          data-testid="time-scrubber"
          data-axis={axis}
          aria-label={axisLabel}
          aria-valuetext={`${formatUs(time_ps)} µs`}
          min={0}
          max={SCRUB_STEPS}
          value={Math.round(position(time_ps) * SCRUB_STEPS)}
          onChange={(e) => setTime(timeAt(Number(e.target.value) / SCRUB_STEPS))}
        />
        <span className="skip-marks" data-testid="skip-marks">
          {skips.map(([from, to], i) => (
            <button
              type="button"
              key={i}
              className="skip-mark"
              data-testid="skip-mark"
              title={`Skipped ${formatUs(from)}–${formatUs(to)} µs (nothing on screen): click to go to its start`}
              aria-label={`Go to the idle stretch skipped from ${formatUs(from)} to ${formatUs(to)} µs`}
              onClick={() => {
                setPlaying(false);
                setTime(from);
              }}
              style={{ left: `${100 * position(from)}%`, width: `${Math.max(0.3, 100 * (position(to) - position(from)))}%` }}
            />
          ))}
        </span>
      </span>
      <span className="time">
        t = <output data-testid="sim-time">{formatUs(time_ps)}</output> µs
        <span className="muted"> / {formatUs(end_ps)}</span>
      </span>
      <MessageJump />
      <RunProgress onCancel={onCancel} />
    </div>
  );
}
