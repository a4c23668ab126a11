/** A simulated time in ps as µs with three decimals (ns resolution), as the controls and tooltips show it: 2.276. */
export const formatUs = (ps: number): string => (ps / 1e6).toFixed(3);
