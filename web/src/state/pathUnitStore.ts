/**
 * Whether the critical-path view follows the picked message alone, the ping-pong iteration it starts, or the PVFS2
 * I/O call it belongs to.
 */
import { create } from 'zustand';

export type PathUnitKind = 'message' | 'iteration' | 'call';

interface PathUnitState {
  unit: PathUnitKind;
  setUnit(unit: PathUnitKind): void;
}

export const usePathUnitStore = create<PathUnitState>((set) => ({
  unit: 'message',
  setUnit: (unit) => set({ unit }),
}));
