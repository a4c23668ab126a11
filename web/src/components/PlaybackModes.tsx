/**
 * Playback modes (Qtenv's run modes, Packet Tracer's event stepping; playback/playbackModes.ts): skip idle
 * stretches while playing (marked on the time bar; a mark's click goes to where the skip began), what Back / Step move to (a kind of record, the selected node's
 * only), run until a time or a message, and a linear, log-scaled or event-indexed time bar.
 */
import { useState } from 'react';
import { usePlaybackStore, type TimeAxis } from '../state/playbackStore';
import { useMessageMarks } from '../hooks/useMessageMarks';
import { runUntil } from '../state/timeCursor';
import { MessageOptions } from './MessageOptions';
import type { TraceCategory } from '../trace/traceStore';

const STEP_KINDS: { value: TraceCategory | ''; label: string }[] = [
  { value: '', label: 'any record' },
  { value: 'packet', label: 'packets' },
  { value: 'message', label: 'messages' },
  { value: 'nic_thread', label: 'NIC steps' },
  { value: 'pci', label: 'PCI transactions' },
  { value: 'host_op', label: 'host calls' },
  { value: 'queue', label: 'queue and event states' },
];

export function PlaybackModes() {
  const skipIdle = usePlaybackStore((s) => s.skipIdle);
  const stepCategory = usePlaybackStore((s) => s.stepCategory);
  const stepNodeOnly = usePlaybackStore((s) => s.stepNodeOnly);
  const axis = usePlaybackStore((s) => s.axis);
  const skips = usePlaybackStore((s) => s.skips.length);
  const marks = useMessageMarks();
  const [untilUs, setUntilUs] = useState('');
  const store = usePlaybackStore.getState();
  const until = Number(untilUs);
  return (
    <div className="playback-modes" role="group" aria-label="Playback modes">
      <label title="While playing, jump over stretches with nothing on the wire (marked on the time bar)">
        <input type="checkbox" data-testid="skip-idle" checked={skipIdle} onChange={(e) => store.setSkipIdle(e.target.checked)} /> skip idle
        {skips > 0 && <span className="muted" data-testid="skip-count"> ({skips} skipped)</span>}
      </label>
      <label>
        step to{' '}
        <select
          data-testid="step-kind"
          aria-label="What Back and Step move to"
          value={stepCategory ?? ''}
          onChange={(e) => store.setStep((e.target.value || null) as TraceCategory | null, stepNodeOnly)}
        >
          {STEP_KINDS.map((k) => (
            <option key={k.value} value={k.value}>{k.label}</option>
          ))}
        </select>
      </label>
      <label title="Step only through the selected node's host, PCI bus and NIC">
        <input type="checkbox" data-testid="step-node-only" checked={stepNodeOnly} onChange={(e) => store.setStep(stepCategory, e.target.checked)} /> of the selected node
      </label>
      <form
        className="run-until"
        onSubmit={(e) => {
          e.preventDefault();
          if (Number.isFinite(until) && until > 0) runUntil(until * 1e6);
        }}
      >
        <label>
          run until{' '}
          <input
            type="number" min="0" step="any" inputMode="decimal" data-testid="run-until-time" aria-label="Run until this simulated time, µs"
            value={untilUs} placeholder="µs" onChange={(e) => setUntilUs(e.target.value)}
          />
        </label>
        <button type="submit" data-testid="run-until-go" disabled={!(Number.isFinite(until) && until > 0)}>▶|</button>
      </form>
      <select
        data-testid="run-until-message"
        aria-label="Run until a message"
        value=""
        onChange={(e) => {
          if (e.target.value !== '') runUntil(Number(e.target.value));
        }}
      >
        <option value="">run until message…</option>
        <MessageOptions marks={marks} />
      </select>
      <label>
        time bar{' '}
        <select data-testid="time-axis" aria-label="Time bar scale" value={axis} onChange={(e) => store.setAxis(e.target.value as TimeAxis)}>
          <option value="linear">linear</option>
          <option value="log">log-scaled</option>
          <option value="events">by event</option>
        </select>
      </label>
    </div>
  );
}
