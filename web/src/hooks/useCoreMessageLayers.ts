/**
 * The core's layers of one message (hs_message_json through the finished run's worker, sim/messageChannel.ts):
 * `pending` while asked, `ready` with the layers, `unavailable` when the core has no such function yet or does
 * not know the id (the view then shows the trace's wire layer alone).
 */
import { useEffect, useState } from 'react';
import { useRunStatus } from './useRunStatus';
import { requestMessageJson } from '../sim/messageChannel';
import { parseMessageJson, type MessageLayers } from '../packet/messageLayers';

export type CoreLayers = { status: 'pending' | 'unavailable'; layers: null } | { status: 'ready'; layers: MessageLayers };

export function useCoreMessageLayers(message: number | null): CoreLayers {
  const status = useRunStatus();
  const [state, setState] = useState<CoreLayers>({ status: 'pending', layers: null });
  useEffect(() => {
    if (message === null || status !== 'finished') {
      setState({ status: 'pending', layers: null });
      return;
    }
    let live = true;
    requestMessageJson(message).then((json) => {
      if (!live) return;
      const layers = parseMessageJson(json);
      setState(layers ? { status: 'ready', layers } : { status: 'unavailable', layers: null });
    });
    return () => {
      live = false;
    };
  }, [message, status]);
  return state;
}
