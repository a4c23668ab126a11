import { useEffect } from 'react';
import { useChainSelectionStore } from '../state/chainSelectionStore';
import { usePacketSelectionStore } from '../state/packetSelectionStore';
import { useRun } from '../run/RunContext';
import { useWalkthroughMessage } from './useWalkthroughMessage';

/**
 * The message of the event-chain view: the one picked in its select, or the last message clicked in the
 * sequence chart or on a cluster canvas of the same run (which replaces it; another run's packet indexes another trace);
 * with neither since the open walkthrough step began, the message that step narrates (`narrated`), which keeps the
 * step's time rather than starting the chain over.
 */
export function useChainMessage(): { message: number | null; narrated: boolean } {
  const run = useRun();
  const picked = useChainSelectionStore((s) => s.message);
  const clicked = usePacketSelectionStore((s) => (s.picked && s.picked.run === run ? s.picked.message : null));
  const narrated = useWalkthroughMessage();
  useEffect(() => {
    if (clicked !== null) useChainSelectionStore.getState().setMessage(clicked);
  }, [clicked]);
  return picked !== null ? { message: picked, narrated: false } : { message: narrated, narrated: narrated !== null };
}
