/**
 * The core's layers of one message of the current run (run/RunContext.tsx), through that finished run's worker
 * (hs_message_json, the run's message channel): `pending` while asked, `ready` with the layers, `unavailable` when
 * the core has no such function yet or does not know the id (the view then shows the trace's wire layer alone).
 */
import { useEffect, useState } from 'react';
import { useRun, useRunState } from '../run/RunContext';
import { parseMessageJson, type MessageLayers } from '../packet/messageLayers';

export type CoreLayers = { status: 'pending' | 'unavailable'; layers: null } | { status: 'ready'; layers: MessageLayers };

export function useCoreMessageLayers(message: number | null): CoreLayers {
  const run = useRun();
  const status = useRunState((s) => s.status);
  const [state, setState] = useState<CoreLayers>({ status: 'pending', layers: null });
  useEffect(() => {
    if (message === null || status !== 'finished') {
      setState({ status: 'pending', layers: null });
      return;
    }
    let live = true;
    run.messages.request(message).then((json) => {
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
