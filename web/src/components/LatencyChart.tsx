/** One-way latency (µs, half the ping-pong iteration; seed 002 §5) against message size. */
import { SizeChart } from './SizeChart';

export function LatencyChart() {
  return <SizeChart metric="latency_us" title="Latency" yLabel="one-way latency (µs, log)" testId="latency-chart" />;
}
