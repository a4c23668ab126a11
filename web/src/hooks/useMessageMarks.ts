/**
 * The first protocol message (trace kind `message`) of each (series, size) pair, for jumping the animation to it.
 * `value` of a message record is the series index; `bytes` its payload.
 */
import { useMemo } from 'react';
import { useRun } from '../run/RunContext';
import { useTraceVersion } from './useTraceVersion';

export interface MessageMark {
  seriesIndex: number;
  bytes: number;
  start_ps: number;
}

export function useMessageMarks(): MessageMark[] {
  const { trace } = useRun();
  const version = useTraceVersion();
  return useMemo(() => {
    void version;
    const idx = trace.index.message;
    const seen = new Set<string>();
    const marks: MessageMark[] = [];
    for (let i = 0; i < idx.length; i++) {
      const r = idx.order[i];
      const key = `${trace.value[r]}:${trace.bytes[r]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      marks.push({ seriesIndex: trace.value[r], bytes: trace.bytes[r], start_ps: trace.t_start_ps[r] });
    }
    return marks;
  }, [trace, version]);
}
