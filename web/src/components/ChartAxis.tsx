/** An SVG axis drawn by d3-axis into a <g>. */
import { useEffect, useRef } from 'react';
import { select } from 'd3-selection';
import type { Axis, AxisDomain } from 'd3-axis';

export function ChartAxis<D extends AxisDomain>({ axis, transform, className }: { axis: Axis<D>; transform?: string; className?: string }) {
  const ref = useRef<SVGGElement>(null);
  useEffect(() => {
    if (ref.current) select(ref.current).call(axis);
  }, [axis]);
  return <g ref={ref} transform={transform} className={className} />;
}
