/**
 * Packets in flight over time for a scenario, from the core's trace (Node wasm build, core-wasm/cli/engines.ts):
 * the peak count and the window around it where at least `fraction` of the peak are in flight. Used by
 * bench-ui.ts to choose where and how fast to play.
 */
import { loadWasm } from '../../core-wasm/cli/engines.ts';
import { isPacketKind } from '../../web/src/sim/traceKindCodes.ts';
import type { CoreBridge } from '../../core-wasm/js/coreBridge.ts';

let core: Promise<CoreBridge> | null = null;

export interface PacketDensity {
  peak: number;
  peak_ps: number;
  /** Window around the peak with ≥ fraction × peak packets in flight, ps. */
  from_ps: number;
  to_ps: number;
}

export async function packetDensity(scenarioText: string, fraction = 0.9): Promise<PacketDensity> {
  core ??= loadWasm();
  const c = await core;
  const edges: number[] = []; // time_ps * 2 + (0 = start, 1 = end) would lose precision; keep pairs
  const deltas: number[] = [];
  c.runToEnd(scenarioText, 1 << 18, ({ n, t_start_ps: start, t_end_ps: end, kind }) => {
    for (let i = 0; i < n; i++) {
      if (!isPacketKind(kind[i]) || end[i] <= start[i]) continue;
      edges.push(start[i], end[i]);
      deltas.push(1, -1);
    }
  });
  const order = Array.from(edges.keys()).sort((a, b) => edges[a] - edges[b] || deltas[a] - deltas[b]);
  let count = 0;
  let peak = 0;
  let peak_ps = 0;
  // Where the peak is reached: many edges share one time (every node's packet leaves at the same picosecond), so
  // the first edge at peak_ps may still be below the peak.
  let at = 0;
  const counts = new Int32Array(order.length);
  order.forEach((k, i) => {
    count += deltas[k];
    counts[i] = count;
    if (count > peak) {
      peak = count;
      peak_ps = edges[k];
      at = i;
    }
  });
  let lo = at;
  let hi = at;
  while (lo > 0 && counts[lo - 1] >= fraction * peak) lo--;
  while (hi < order.length - 1 && counts[hi + 1] >= fraction * peak) hi++;
  return { peak, peak_ps, from_ps: edges[order[lo]], to_ps: edges[order[Math.min(order.length - 1, hi + 1)]] };
}
