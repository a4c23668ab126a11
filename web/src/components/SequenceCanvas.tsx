/**
 * The message layer of a dense sequence chart on a canvas (trace/sequencePainter.ts), over the chart's SVG frame.
 * Repaints when the segments change; a click on an arrow calls `onPick` with its message and start (ps).
 */
import { useEffect, useRef } from 'react';
import { hitSegment, paintSequence, type SequenceSegment } from '../trace/sequencePainter';

interface Props {
  width: number;
  height: number;
  segments: SequenceSegment[];
  onPick(message: number, start_ps: number): void;
}

export function SequenceCanvas({ width, height, segments, onPick }: Props) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const frame = requestAnimationFrame(() => ref.current && paintSequence(ref.current, width, height, segments));
    return () => cancelAnimationFrame(frame);
  }, [width, height, segments]);
  return (
    <canvas
      ref={ref}
      className="seq-canvas"
      data-testid="seq-canvas"
      style={{ width, height }}
      aria-hidden="true"
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        const hit = hitSegment(segments, e.clientX - box.left, e.clientY - box.top);
        if (hit) onPick(hit.message, hit.start_ps);
      }}
    />
  );
}
