import { useMemo } from 'react';
import { useTraceVersion } from './useTraceVersion';
import { useRun } from '../run/RunContext';
import { listMessages, type MessageEntry } from '../chain/messageList';

/** The run's messages for the event-chain picker (chain/messageList.ts), recomputed when the trace grows. */
export function useChainMessages(): MessageEntry[] {
  const { trace } = useRun();
  const version = useTraceVersion();
  // version: the trace store (outside React) grew
  return useMemo(() => listMessages(trace), [trace, version]);
}
