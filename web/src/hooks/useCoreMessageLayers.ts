/**
 * The core's layers of one message of run "a" (the page's) or "b" (the comparison), through that finished run's
 * worker (hs_message_json, sim/messageChannel.ts):
 * `pending` while asked, `ready` with the layers, `unavailable` when the core has no such function yet or does
 * not know the id (the view then shows the trace's wire layer alone).
 */
import { useEffect, useState } from 'react';
import { useRunStatus } from './useRunStatus';
import { useCompareStore } from '../state/compareStore';
import { messageChannel } from '../sim/messageChannel';
import { parseMessageJson, type MessageLayers } from '../packet/messageLayers';

export type CoreLayers = { status: 'pending' | 'unavailable'; layers: null } | { status: 'ready'; layers: MessageLayers };

export function useCoreMessageLayers(message: number | null, run: 'a' | 'b' = 'a'): CoreLayers {
  const statusA = useRunStatus();
  const statusB = useCompareStore((s) => s.status);
  const status = run === 'a' ? statusA : statusB;
  const [state, setState] = useState<CoreLayers>({ status: 'pending', layers: null });
  useEffect(() => {
    if (message === null || status !== 'finished') {
      setState({ status: 'pending', layers: null });
      return;
    }
    let live = true;
    messageChannel(run).request(message).then((json) => {
      if (!live) return;
      const layers = parseMessageJson(json);
      setState(layers ? { status: 'ready', layers } : { status: 'unavailable', layers: null });
    });
    return () => {
      live = false;
    };
  }, [message, status, run]);
  return state;
}
