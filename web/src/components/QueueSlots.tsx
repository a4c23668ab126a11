/**
 * A row of slot boxes: `occupied` filled out of `total`. Boxes shrink to fit `MAX_ROW_PX` in one row;
 * beyond MAX_BOXES slots the row is cut with an ellipsis.
 */
const MAX_ROW_PX = 390;
const MAX_BOXES = 190;

export function QueueSlots({ occupied, total, testId }: { occupied: number; total: number; testId: string }) {
  const boxes = Math.min(total, MAX_BOXES);
  const pitch = Math.max(2, Math.min(12, Math.floor(MAX_ROW_PX / Math.max(1, boxes))));
  const width = Math.max(1, pitch - (pitch > 4 ? 2 : 1));
  return (
    <span className="slots" data-testid={testId} data-occupied={occupied} data-total={total}>
      {Array.from({ length: boxes }, (_, i) => (
        <span
          key={i}
          className={`slot${i < occupied ? ' slot-full' : ''}`}
          style={{ width, marginRight: pitch - width }}
        />
      ))}
      {total > MAX_BOXES && <span className="muted"> …</span>}
    </span>
  );
}
