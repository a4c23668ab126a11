import { useViewStore } from '../state/viewStore';

/** Half-width of the sequence chart's and timeline's time window, µs. */
export const useWindowHalf = () => useViewStore((s) => s.windowHalf_us);
