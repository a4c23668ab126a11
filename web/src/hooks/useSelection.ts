import { useSelectionStore, type Selection } from '../state/selectionStore';

/** The selected node or switch. */
export const useSelection = (): Selection => useSelectionStore((s) => s.selection);
