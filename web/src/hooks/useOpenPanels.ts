import { useViewStore } from '../state/viewStore';

export const useOpenPanels = () => useViewStore((s) => s.panels);
