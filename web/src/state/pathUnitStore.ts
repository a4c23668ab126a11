/** Whether the critical-path view follows the picked message alone or the ping-pong iteration it starts. */
import { create } from 'zustand';

export type PathUnitKind = 'message' | 'iteration';

interface PathUnitState {
  unit: PathUnitKind;
  setUnit(unit: PathUnitKind): void;
}

export const usePathUnitStore = create<PathUnitState>((set) => ({
  unit: 'message',
  setUnit: (unit) => set({ unit }),
}));
