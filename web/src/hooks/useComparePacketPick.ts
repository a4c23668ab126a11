/**
 * Click handler that makes run B's packets clickable like run A's: on a click inside run B's cluster stage
 * (`data-testid="cluster-view-b"`), hit-tests run B's packets at the current time (trace/packetHitTest.ts on run
 * B's layout and trace/compareTrace.ts) and picks that message for the packet-layers view with `run: "b"`.
 * Attach it as `onClickCapture` on an element around run B's ClusterView. The layout is recomputed here with
 * trace/clusterLayout.ts from run B's topology and the drawn SVG's width and height (ClusterView sizes the SVG
 * from the same measurement), so both agree on where each packet is.
 */
import { useCallback, useRef, type MouseEvent } from 'react';
import { useCompareStore } from '../state/compareStore';
import { usePlaybackStore } from '../state/playbackStore';
import { usePacketSelectionStore } from '../state/packetSelectionStore';
import { compareTraceStore } from '../trace/compareTrace';
import { computeClusterLayout, type ClusterLayout } from '../trace/clusterLayout';
import { packetAt } from '../trace/packetHitTest';
import type { Topology } from '../sim/bridgeTypes';

export function useComparePacketPick(): (e: MouseEvent<HTMLElement>) => void {
  const topology = useCompareStore((s) => s.topology);
  const cached = useRef<{ topology: Topology; width: number; height: number; layout: ClusterLayout } | null>(null);
  return useCallback(
    (e: MouseEvent<HTMLElement>) => {
      const stage = e.currentTarget.querySelector<HTMLElement>('[data-testid="cluster-view-b"]');
      const svg = stage?.querySelector('svg');
      if (!topology || !stage || !svg || !stage.contains(e.target as Node)) return;
      const width = svg.width.baseVal.value;
      const height = svg.height.baseVal.value;
      if (!(width > 0 && height > 0)) return;
      const c = cached.current;
      const layout =
        c && c.topology === topology && c.width === width && c.height === height ? c.layout : computeClusterLayout(topology, width, height);
      cached.current = { topology, width, height, layout };
      const box = stage.getBoundingClientRect();
      const r = packetAt(layout, compareTraceStore, usePlaybackStore.getState().time_ps, e.clientX - box.left, e.clientY - box.top);
      if (r < 0 || compareTraceStore.message[r] === 0) return;
      e.stopPropagation();
      usePacketSelectionStore.getState().pick({ message: compareTraceStore.message[r], packet: r, run: 'b' });
    },
    [topology],
  );
}
