/** The message whose Elan4 event chain the event-chain view draws (null = none picked yet). */
import { create } from 'zustand';

interface ChainSelectionState {
  message: number | null;
  setMessage(message: number | null): void;
}

export const useChainSelectionStore = create<ChainSelectionState>((set) => ({
  message: null,
  setMessage: (message) => set({ message }),
}));
