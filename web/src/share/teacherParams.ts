/**
 * Teacher-facing address parameters (issue 40; README "Teacher-facing parameters"), read beside a share link, a
 * shipped scenario's id or a walkthrough (`#scenario=portals-qsnet-pingpong&embed=1&panels=cluster,latency&autoplay=1`):
 * - `embed=1`: the chromeless view for an <iframe> on a course page or slides (no header tools, no editor);
 * - `panels=<id>,...`: the panels that view shows, in order (EMBED_PANELS; default cluster,latency);
 * - `autoplay=1`: Play as soon as the run has records;
 * - `speed=<µs per s>`: the playback speed, simulated µs per wall second (0.001 to 1,000,000);
 * - `colorProfile=projector`: the high-contrast profile (thicker strokes, larger labels); `default` is the other;
 * - `screen=home|intro|lab`: the lesson home screen, a lesson's Intro screen (few controls), or the full Lab (default).
 * A value that is not one of these is ignored and named in a warning (the page shows it), never a blank frame. Pure.
 */
import { hashParameter } from './linkCodec';

/** Panels an embedded view can show. */
export const EMBED_PANELS = ['cluster', 'latency', 'bandwidth', 'sizes', 'sequence', 'timeline', 'chain', 'path', 'tables', 'walkthrough'] as const;
export type EmbedPanel = (typeof EMBED_PANELS)[number];
export const DEFAULT_EMBED_PANELS: EmbedPanel[] = ['cluster', 'latency'];

export const COLOR_PROFILES = ['default', 'projector'] as const;
export const SCREENS = ['home', 'intro', 'lab'] as const;
export type Screen = (typeof SCREENS)[number];
export type ColorProfile = (typeof COLOR_PROFILES)[number];

export interface TeacherParams {
  embed: boolean;
  /** The embedded view's panels (DEFAULT_EMBED_PANELS when not given). */
  panels: EmbedPanel[];
  autoplay: boolean;
  /** Simulated µs per wall second, or null to keep the page's. */
  speed_us_per_s: number | null;
  /** Null when the address does not say. */
  colorProfile: ColorProfile | null;
  screen: Screen;
}

const flag = (value: string | null, name: string, warnings: string[]): boolean => {
  if (value === null) return false;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  warnings.push(`${name}=${value} (use ${name}=1)`);
  return false;
};

/** The teacher parameters of `hash`, and one warning per value ignored (naming the parameter and what it takes). */
export function readTeacherParams(hash: string): { params: TeacherParams; warnings: string[] } {
  const warnings: string[] = [];
  const embed = flag(hashParameter(hash, 'embed'), 'embed', warnings);
  const autoplay = flag(hashParameter(hash, 'autoplay'), 'autoplay', warnings);
  let panels = DEFAULT_EMBED_PANELS;
  const panelsText = hashParameter(hash, 'panels');
  if (panelsText !== null) {
    const asked = panelsText.split(',').map((p) => p.trim()).filter((p) => p !== '');
    const unknown = asked.filter((p) => !(EMBED_PANELS as readonly string[]).includes(p));
    if (unknown.length > 0) warnings.push(`panels=${unknown.join(',')} (panels are ${EMBED_PANELS.join(', ')})`);
    const known = asked.filter((p): p is EmbedPanel => (EMBED_PANELS as readonly string[]).includes(p));
    if (known.length > 0) panels = [...new Set(known)];
  }
  let speed_us_per_s: number | null = null;
  const speedText = hashParameter(hash, 'speed');
  if (speedText !== null) {
    const v = Number(speedText);
    if (speedText.trim() !== '' && Number.isFinite(v) && v >= 0.001 && v <= 1e6) speed_us_per_s = v;
    else warnings.push(`speed=${speedText} (simulated µs per second, 0.001 to 1000000)`);
  }
  let colorProfile: ColorProfile | null = null;
  const profileText = hashParameter(hash, 'colorProfile');
  if (profileText !== null) {
    if ((COLOR_PROFILES as readonly string[]).includes(profileText)) colorProfile = profileText as ColorProfile;
    else warnings.push(`colorProfile=${profileText} (use projector or default)`);
  }
  let screen: Screen = 'lab';
  const screenText = hashParameter(hash, 'screen');
  if (screenText !== null) {
    if ((SCREENS as readonly string[]).includes(screenText)) screen = screenText as Screen;
    else warnings.push(`screen=${screenText} (use home, intro or lab)`);
  }
  return { params: { embed, panels, autoplay, speed_us_per_s, colorProfile, screen }, warnings };
}

/** The hash parameters for an embed snippet: `embed=1&panels=...` with `autoplay`, `speed` and `colorProfile` when set. */
export function embedParameters(p: { panels: EmbedPanel[]; autoplay: boolean; speed_us_per_s: number | null; colorProfile: ColorProfile }): string {
  const parts = ['embed=1', `panels=${p.panels.join(',')}`];
  if (p.autoplay) parts.push('autoplay=1');
  if (p.speed_us_per_s !== null) parts.push(`speed=${p.speed_us_per_s}`);
  if (p.colorProfile !== 'default') parts.push(`colorProfile=${p.colorProfile}`);
  return parts.join('&');
}
