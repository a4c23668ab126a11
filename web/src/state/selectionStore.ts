/** The component selected in the cluster view (a node's host, PCI bus or NIC selects the node). */
import { create } from 'zustand';

export type Selection = { kind: 'node'; node: number } | { kind: 'switch'; component: number } | null;

interface SelectionState {
  selection: Selection;
  select(selection: Selection): void;
}

export const useSelectionStore = create<SelectionState>((set) => ({
  selection: null,
  select: (selection) => set({ selection }),
}));
