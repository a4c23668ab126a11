/**
 * Playback controls: play/pause, step back / forward to the previous / next trace record, speed (simulated µs
 * per wall second), time scrubber, current simulated time (µs); then the jump to a message (MessageJump) and the
 * run's progress (RunProgress), components of their own so that the time cursor moving every frame does not
 * re-render the message list, nor the worker's progress reports the scrubber.
 * The time readout and the scrubber's position follow the playback store outside React (as the packet canvas does):
 * a re-render of the bar every frame while playing was an urgent update that kept React's transitions, the views'
 * renders of a computing run's trace, from committing (hooks/useFieldInTransition.ts). The scrubber is therefore an
 * uncontrolled input whose value is written on each change of the time, of the trace's end and of the axis, and
 * which reports the user's moves with `input` events.
 * Keyboard equivalents: hooks/useKeyboardShortcuts.ts.
 */
import { useEffect, useRef } from 'react';
import { usePlaying } from '../hooks/usePlaying';
import { useSpeed } from '../hooks/useSpeed';
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
  // The readout and the scrubber, written on every change of the time (at most once a frame while playing) and after
  // every render (the end of the trace or the axis changed).
  const scrubberRef = useRef<HTMLInputElement>(null);
  const readoutRef = useRef<HTMLOutputElement>(null);
  const positionRef = useRef(position);
  positionRef.current = position;
  const showTime = useRef((time_ps: number) => {
    const scrubber = scrubberRef.current;
    if (scrubber) {
      scrubber.value = String(Math.round(positionRef.current(time_ps) * SCRUB_STEPS));
      scrubber.setAttribute('aria-valuetext', `${formatUs(time_ps)} µs`);
    }
    if (readoutRef.current) readoutRef.current.textContent = formatUs(time_ps);
  }).current;
  useEffect(() => showTime(usePlaybackStore.getState().time_ps));
  useEffect(() => usePlaybackStore.subscribe((s, prev) => {
    if (s.time_ps !== prev.time_ps) showTime(s.time_ps);
  }), [showTime]);
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
          ref={scrubberRef}
          min={0}
          max={SCRUB_STEPS}
          defaultValue={0}
          // onInput, not onChange: React's onChange drops an input event when the value equals the last one written
          // through the element's setter, which showTime does every frame (and which a script's fill does too).
          onInput={(e) => setTime(timeAt(Number(e.currentTarget.value) / SCRUB_STEPS))}
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
        t = <output data-testid="sim-time" ref={readoutRef} /> µs
        <span className="muted"> / {formatUs(end_ps)}</span>
      </span>
      <MessageJump />
      <RunProgress onCancel={onCancel} />
    </div>
  );
}
