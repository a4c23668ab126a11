/**
 * The options of a message menu (jump to, run until): one per (series, size) pair's first message, valued by its
 * start time (ps). Memoised on the marks array (hooks/useMessageMarks.ts keeps it while unchanged), so the menus are
 * not rebuilt as the trace grows.
 */
import { memo } from 'react';
import type { MessageMark } from '../hooks/useMessageMarks';
import { useScenario } from '../hooks/useScenario';
import { formatBytes } from '../charts/formatBytes';

export const MessageOptions = memo(function MessageOptions({ marks }: { marks: MessageMark[] }) {
  const scenario = useScenario();
  const seriesLabel = (i: number) => {
    const s = scenario.workload.series[i];
    return s ? (s.label ?? s.id) : `series ${i}`;
  };
  return (
    <>
      {marks.map((m) => (
        <option key={`${m.seriesIndex}:${m.bytes}`} value={m.start_ps}>
          {seriesLabel(m.seriesIndex)} · {formatBytes(m.bytes)}
          {m.bytes > 0 ? ' B' : ''}
        </option>
      ))}
    </>
  );
});
