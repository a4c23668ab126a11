import { useEffect } from 'react';
import { useChainSelectionStore } from '../state/chainSelectionStore';
import { usePacketSelectionStore } from '../state/packetSelectionStore';
import { useRun } from '../run/RunContext';

/**
 * The message of the event-chain view: the one picked in its select, or the last message clicked in the
 * sequence chart or on a cluster canvas of the same run (which replaces it; another run's packet indexes another trace).
 */
export function useChainMessage(): number | null {
  const run = useRun();
  const message = useChainSelectionStore((s) => s.message);
  const picked = usePacketSelectionStore((s) => (s.picked && s.picked.run === run ? s.picked.message : null));
  useEffect(() => {
    if (picked !== null) useChainSelectionStore.getState().setMessage(picked);
  }, [picked]);
  return message;
}
