/**
 * What a share link (version 2 and 3) carries besides the scenario: the view (selected node, time cursor in ps,
 * playback speed in simulated µs per wall second, open panels; since version 3 optionally the open walkthrough
 * and its 0-based step). `restoreView` fills defaults and drops
 * anything malformed (Excalidraw's restore()), so a damaged view never stops the scenario from loading. Pure.
 */
export const PANEL_IDS = ['editor', 'sequence', 'timeline', 'export', 'compare', 'chain', 'path', 'study'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

export interface LinkView {
  /** Selected node, or null for none. */
  node: number | null;
  /** Time cursor, picoseconds. */
  time_ps: number;
  /** Playback speed, simulated µs per wall second. */
  speed_us_per_s: number;
  panels: PanelId[];
  /** Open walkthrough (an id of the scenario's `walkthroughs`) and step; absent when none (format 3). */
  walkthrough?: { id: string; step: number };
}

export const DEFAULT_PANELS: PanelId[] = ['sequence', 'timeline'];

export const DEFAULT_VIEW: LinkView = { node: null, time_ps: 0, speed_us_per_s: 1, panels: DEFAULT_PANELS };

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A LinkView from any parsed value: valid fields kept, the rest default. */
export function restoreView(value: unknown): LinkView {
  const o = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const node = isNumber(o.node) && Number.isInteger(o.node) && o.node >= 0 && o.node < 4096 ? o.node : null;
  const time_ps = isNumber(o.time_ps) && o.time_ps >= 0 ? o.time_ps : 0;
  const speed = isNumber(o.speed_us_per_s) && o.speed_us_per_s > 0 && o.speed_us_per_s <= 1e6 ? o.speed_us_per_s : 1;
  const panels = Array.isArray(o.panels)
    ? PANEL_IDS.filter((p) => (o.panels as unknown[]).includes(p))
    : DEFAULT_PANELS;
  const view: LinkView = { node, time_ps, speed_us_per_s: speed, panels };
  const w = o.walkthrough && typeof o.walkthrough === 'object' ? (o.walkthrough as Record<string, unknown>) : null;
  if (w && typeof w.id === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(w.id)) {
    const step = isNumber(w.step) && Number.isInteger(w.step) && w.step >= 0 ? w.step : 0;
    view.walkthrough = { id: w.id, step };
  }
  return view;
}
