/**
 * The lifelines of a sequence chart, one per lane (node, or MPI rank r on node r), and their labels: each lane
 * labelled in full when they are far enough apart, else a d3 rank axis with a tick every k lanes and the other
 * lanes drawn thin (charts/laneLabels.ts), so 64 ranks stay readable in half of a 1280 px page.
 * Lanes closer than DENSE_LANE_PX (1,024 nodes in a few hundred px) are two paths, the labelled and the thin
 * lifelines, without an element and a tooltip per lane: as 3,072 SVG elements they cost Chromium a style
 * recalculation of 42 ms in one main-thread task (Chrome trace, 2026-11-28).
 */
import { useMemo } from 'react';
import { axisTop } from 'd3-axis';
import type { ScalePoint } from 'd3-scale';
import { laneLabels } from '../charts/laneLabels';
import { ChartAxis } from './ChartAxis';

interface Props {
  lanes: number[];
  x: ScalePoint<number>;
  /** Top and bottom of the lifelines, px. */
  top: number;
  bottom: number;
  /** "rank" or "node" */
  noun: string;
}

/** Spacing (px) below which the lifelines are drawn as paths (a lane's own tooltip cannot be pointed at there). */
export const DENSE_LANE_PX = 3;

/** One path of vertical lines at the `xs` px, from `top` to `bottom`. */
function verticals(xs: number[], top: number, bottom: number): string {
  return xs.map((x) => `M${x},${top}V${bottom}`).join('');
}

export function SequenceLanes({ lanes, x, top, bottom, noun }: Props) {
  const labels = useMemo(() => laneLabels(lanes, x.step()), [lanes, x]);
  const axis = useMemo(() => axisTop(x).tickValues(labels.labelled).tickSize(3).tickFormat(String), [x, labels]);
  const labelled = new Set(labels.labelled);
  const dense = lanes.length > 1 && x.step() < DENSE_LANE_PX;
  return (
    <g data-testid="seq-lanes" data-label-step={labels.step} data-lanes={lanes.length} data-dense={dense}>
      {dense && (
        <>
          <path d={verticals(lanes.filter((n) => !labelled.has(n)).map((n) => x(n) ?? 0), top, bottom)} className="lifeline lifeline-minor" />
          <path d={verticals(labels.labelled.map((n) => x(n) ?? 0), top, bottom)} className="lifeline" />
        </>
      )}
      {!dense && lanes.map((n) => (
        <g key={n} data-testid="seq-lifeline" data-node={n}>
          <line x1={x(n)} x2={x(n)} y1={top} y2={bottom} className={labelled.has(n) ? 'lifeline' : 'lifeline lifeline-minor'}>
            <title>{`${noun} ${n}`}</title>
          </line>
          {labels.full && <text x={x(n)} y={14} textAnchor="middle" className="lifeline-label">{`${noun} ${n}`}</text>}
        </g>
      ))}
      {!labels.full && (
        <>
          <text x={(x.range()[0] ?? 0) - 8} y={top - 8} textAnchor="end" className="lifeline-label">{noun}</text>
          <ChartAxis axis={axis} transform={`translate(0,${top - 4})`} className="axis lane-axis" />
        </>
      )}
    </g>
  );
}
