const US = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/**
 * A simulated time in ps as µs with three decimals (ns resolution) and thousands grouped, as the controls and
 * tooltips show it: 2.276, or 62,902,685.953 for BT-IO's 62.9 s (the tables group thousands the same way).
 */
export const formatUs = (ps: number): string => US.format(ps / 1e6);

const US_TICK = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A time axis tick in ps as µs to 0.1 µs, thousands grouped: 20.0, 171,603,680.0. */
export const formatUsTick = (ps: number): string => US_TICK.format(ps / 1e6);
