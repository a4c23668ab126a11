/**
 * Export's embed snippet (issue 40): an <iframe> of this scenario in the chromeless view (`embed=1`,
 * share/teacherParams.ts) with the panels ticked, optional autoplay, speed and projector profile, sandboxed (scripts
 * and its own origin, for the simulation worker; no top navigation), ready to paste into a course page or slides.
 */
import { useMemo, useState } from 'react';
import { encodeScenarioLink } from '../share/linkCodec';
import { currentView } from '../share/currentView';
import { EMBED_PANELS, embedParameters, type EmbedPanel } from '../share/teacherParams';
import { useScenario } from '../hooks/useScenario';
import { usePlaybackStore } from '../state/playbackStore';
import { useClassroomStore } from '../state/classroomStore';

const LABELS: Record<EmbedPanel, string> = {
  cluster: 'cluster', latency: 'latency', bandwidth: 'bandwidth', sizes: 'MPI message sizes', sequence: 'sequence chart',
  timeline: 'timeline', chain: 'event chain', path: 'critical path', tables: 'result tables', walkthrough: 'walkthrough',
};

/** The snippet's text: an iframe of `url`, titled by the scenario. */
export function iframeSnippet(url: string, title: string): string {
  const escaped = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const name = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${escaped}" title="${name}" width="960" height="640" loading="lazy" sandbox="allow-scripts allow-same-origin allow-downloads allow-popups" style="border:1px solid #ccc"></iframe>`;
}

export function EmbedSnippet() {
  const scenario = useScenario();
  const speed = usePlaybackStore((s) => s.speed_us_per_s);
  const profile = useClassroomStore((s) => s.colorProfile);
  const [panels, setPanels] = useState<EmbedPanel[]>(['cluster', 'latency']);
  const [autoplay, setAutoplay] = useState(true);
  const snippet = useMemo(() => {
    let link: string;
    try {
      link = encodeScenarioLink(scenario, { ...currentView(), time_ps: 0, panels: [] });
    } catch (e) {
      return { error: (e as Error).message };
    }
    const url = `${window.location.origin}${window.location.pathname}#${link}&${embedParameters({ panels, autoplay, speed_us_per_s: speed, colorProfile: profile })}`;
    return { text: iframeSnippet(url, scenario.title ?? scenario.id) };
  }, [scenario, panels, autoplay, speed, profile]);
  const toggle = (p: EmbedPanel) => setPanels((list) => (list.includes(p) ? list.filter((x) => x !== p) : [...list, p]));
  return (
    <div className="embed-snippet" data-testid="embed-snippet">
      <div className="embed-snippet-options" role="group" aria-label="Panels of the embedded view">
        <b>Embed</b>{' '}
        {EMBED_PANELS.map((p) => (
          <label key={p}>
            <input type="checkbox" data-testid={`embed-panel-${p}`} checked={panels.includes(p)} onChange={() => toggle(p)} /> {LABELS[p]}
          </label>
        ))}
        <label>
          <input type="checkbox" data-testid="embed-autoplay" checked={autoplay} onChange={(e) => setAutoplay(e.target.checked)} /> autoplay
        </label>
        <span className="muted">at {speed} µs/s{profile === 'projector' ? ', projector colours' : ''}</span>
      </div>
      {'error' in snippet ? (
        <p className="field-error">{snippet.error}</p>
      ) : (
        <>
          <textarea data-testid="embed-code" readOnly rows={3} value={panels.length === 0 ? '' : snippet.text} aria-label="Embed code" onFocus={(e) => e.target.select()} />
          {panels.length === 0 && <p className="field-error">Tick at least one panel.</p>}
          <button type="button" data-testid="embed-copy" disabled={panels.length === 0}
            onClick={() => void navigator.clipboard?.writeText(snippet.text).catch(() => undefined)}>
            Copy embed code
          </button>
        </>
      )}
    </div>
  );
}
