/**
 * Counts with digit grouping in the reader's locale (12,345,678): one Intl.NumberFormat for the page, where
 * Number.prototype.toLocaleString builds one per call (the run's progress is reformatted 25 times a second).
 */
const COUNT = new Intl.NumberFormat();

export const formatCount = (n: number): string => COUNT.format(n);
