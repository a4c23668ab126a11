import { useEffect } from 'react';
import { useChainSelectionStore } from '../state/chainSelectionStore';
import { usePacketSelectionStore } from '../state/packetSelectionStore';

/**
 * The message of the event-chain view: the one picked in its select, or the last message clicked in the
 * sequence chart or on the cluster canvas (which replaces it).
 */
export function useChainMessage(): number | null {
  const message = useChainSelectionStore((s) => s.message);
  const picked = usePacketSelectionStore((s) => s.picked?.message ?? null);
  useEffect(() => {
    if (picked !== null) useChainSelectionStore.getState().setMessage(picked);
  }, [picked]);
  return message;
}
