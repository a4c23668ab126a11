/** Bandwidth (MB/s = 10^6 B/s) against message size. */
import { SizeChart } from './SizeChart';

export function BandwidthChart() {
  return <SizeChart metric="bandwidth_MBps" title="Bandwidth" yLabel="bandwidth (MB/s, 10⁶ B/s)" testId="bandwidth-chart" />;
}
