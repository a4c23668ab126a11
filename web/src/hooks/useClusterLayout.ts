/**
 * The cluster view's layout of the run's topology at the view's size (trace/clusterLayout.ts). A topology of at most
 * SLICED_ABOVE components is laid out at once during the render; a larger one (1,024 QsNet nodes are 4,352 components)
 * in tasks of SLICE_MS (hooks/stepsInSlices.ts), because its first layout, in code V8 had not yet optimised, was one
 * main-thread task of 78 ms in Chromium while the run computed (Chrome trace, 2026-11-28). Meanwhile the hook returns
 * the topology's layout at its previous size, or null before the first one.
 * One layout is kept per topology object (a WeakMap), so a render React restarts finds it.
 */
import { useEffect, useState } from 'react';
import type { Topology } from '../../../core-wasm/js/bridgeTypes';
import { clusterLayoutSteps, computeClusterLayout, type ClusterLayout } from '../trace/clusterLayout';
import { stepsInSlices } from './stepsInSlices';

/**
 * Components above which the layout is computed in slices: a 256-node cluster's 1,024 components and 2,048 links are
 * laid out at once (1.6 ms in Node once optimised, best of 16).
 */
export const SLICED_ABOVE = 2000;
/** Length of one slice of a layout, ms. */
const SLICE_MS = 8;

const kept = new WeakMap<Topology, { width: number; height: number; layout: ClusterLayout }>();

function keptAt(topology: Topology, width: number, height: number): ClusterLayout | null {
  const hit = kept.get(topology);
  return hit && hit.width === width && hit.height === height ? hit.layout : null;
}

/** The layout of `topology` in a `width` × `height` px view; null without a topology or a size, or while the first is computed. */
export function useClusterLayout(topology: Topology | null, width: number, height: number): ClusterLayout | null {
  const [, setComputed] = useState(0);
  const sized = topology !== null && width > 0 && height > 0;
  const sliced = sized && topology.components.length > SLICED_ABOVE;
  useEffect(() => {
    if (!sized || !sliced || keptAt(topology, width, height)) return;
    let cancelled = false;
    void stepsInSlices(clusterLayoutSteps(topology, width, height), SLICE_MS, () => cancelled).then((layout) => {
      if (!layout || cancelled) return;
      kept.set(topology, { width, height, layout });
      setComputed((n) => n + 1);
    });
    return () => {
      cancelled = true;
    };
  }, [topology, width, height, sized, sliced]);
  if (!sized) return null;
  const layout = keptAt(topology, width, height);
  if (layout || sliced) return layout ?? kept.get(topology)?.layout ?? null;
  const computed = computeClusterLayout(topology, width, height);
  kept.set(topology, { width, height, layout: computed });
  return computed;
}
