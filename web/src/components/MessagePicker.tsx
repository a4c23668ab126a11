/**
 * A message picker over the run's messages (chain/messageList.ts): a payload-size filter and a select grouped by
 * series. Shared by the event-chain view and the critical-path view; `testIdPrefix` keeps each view's test ids
 * (`<prefix>-size-filter`, `<prefix>-message-select`).
 */
import { useMemo, useState } from 'react';
import { messageGroups, messageSizes } from '../chain/messageGroups';
import type { MessageEntry } from '../chain/messageList';
import { useScenario } from '../hooks/useScenario';

interface Props {
  messages: readonly MessageEntry[];
  message: number | null;
  onPick(message: number | null): void;
  testIdPrefix: string;
  /** What the picked message is for, for the select's accessible name ("Message whose event chain is drawn"). */
  purpose: string;
}

export function MessagePicker({ messages, message, onPick, testIdPrefix, purpose }: Props) {
  const scenario = useScenario();
  const seriesName = (i: number) => {
    const s = scenario.workload.series[i];
    return s ? (s.label ?? s.id) : `series ${i}`;
  };
  // The picker narrowed to one payload size (null: every size); a size the run no longer has lists every message.
  const [size, setSize] = useState<number | null>(null);
  const sizes = useMemo(() => messageSizes(messages), [messages]);
  const sizeFilter = size !== null && sizes.some((x) => x.bytes === size) ? size : null;
  const bySeries = useMemo(() => messageGroups(messages, sizeFilter, message), [messages, sizeFilter, message]);
  return (
    <>
      <label>
        size{' '}
        <select
          data-testid={`${testIdPrefix}-size-filter`}
          aria-label="Payload size of the messages listed"
          value={sizeFilter ?? ''}
          onChange={(e) => setSize(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">all ({messages.length})</option>
          {sizes.map((x) => (
            <option key={x.bytes} value={x.bytes}>
              {x.bytes} B ({x.count})
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        message{' '}
        <select
          data-testid={`${testIdPrefix}-message-select`}
          aria-label={purpose}
          value={message ?? ''}
          onChange={(e) => onPick(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">pick a message…</option>
          {/* One group per series, so a run of many messages (655 in the PVFS2 list I/O run's trace) reads by transport;
              the size filter above narrows each group to one payload size. */}
          {bySeries.map(([seriesIndex, group]) => (
            <optgroup key={seriesIndex} label={`${seriesName(seriesIndex)} (${group.length})`}>
              {group.map((m) => (
                <option key={m.message} value={m.message}>
                  {seriesName(m.seriesIndex)} · {m.bytes} B · #{m.message}, delivered at {(m.start_ps / 1e6).toFixed(1)} µs
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
    </>
  );
}
