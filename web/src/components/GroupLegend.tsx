/**
 * Legend of a grouped run's node groups (topology `groups`): each group's nodes and the series whose stack they
 * run, in that series' chart colour (Okabe–Ito, theme/palette.ts), which also outlines the group's hosts.
 */
import { SERIES_COLORS } from '../theme/palette';
import type { Topology } from '../../../core-wasm/js/bridgeTypes';

/** The colour of the group running series `seriesIndex`: the series' chart colour. */
export function groupColor(seriesIndex: number): string {
  return SERIES_COLORS[seriesIndex % SERIES_COLORS.length];
}

export function GroupLegend({ groups }: { groups: NonNullable<Topology['groups']> }) {
  return (
    <div className="group-legend" data-testid="group-legend" aria-label="Node groups">
      <span className="muted">node groups, all at once:</span>
      {groups.map((g, i) => (
        <span key={i} data-testid={`group-legend-${i}`}>
          <span className="group-swatch" style={{ borderColor: groupColor(g.series_index) }} />
          nodes {g.nodes[0]}–{g.nodes[1]}: {g.label}
        </span>
      ))}
    </div>
  );
}
