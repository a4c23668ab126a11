import { useEffect } from 'react';
import { useChainSelectionStore } from '../state/chainSelectionStore';
import { usePacketSelectionStore } from '../state/packetSelectionStore';

/**
 * The message of the event-chain view: the one picked in its select, or the last message clicked in the
 * sequence chart or on run A's cluster canvas (which replaces it; a run B packet belongs to another trace).
 */
export function useChainMessage(): number | null {
  const message = useChainSelectionStore((s) => s.message);
  const picked = usePacketSelectionStore((s) => (s.picked && s.picked.run !== 'b' ? s.picked.message : null));
  useEffect(() => {
    if (picked !== null) useChainSelectionStore.getState().setMessage(picked);
  }, [picked]);
  return message;
}
