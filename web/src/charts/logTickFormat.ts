/**
 * Labels of a log-scaled latency axis (µs): plain below 1,000 (0.5, 1, 10, 100) and with an SI suffix from 1,000 on
 * (1k, 10k, 100k, 1M), so that a 1 MiB transfer's axis reads 1M and not 1e+6, and 100000 does not crowd the axis
 * title in presentation mode's larger type. The sizes axis already reads 1K, 64K, 1M.
 */
import { format } from 'd3-format';

const plain = format('~g');
const si = format('~s');

export const logTickLabel = (v: number): string => (Math.abs(v) >= 1000 ? si(v) : plain(v));
