/**
 * Export the run: its scenario file (the JSON the CLI runs and the header's Open file reads back; at any time),
 * Chrome/Perfetto trace-event JSON (open in ui.perfetto.dev), CSV of the series and tables, SVG or PNG of a chart the
 * page shows (the menu lists only those: a PVFS2 run has no latency chart; the cluster while it is SVG); an embed
 * snippet (components/EmbedSnippet.tsx); the offline single-file copy (`npm run build:offline`).
 */
import { useEffect, useState } from 'react';
import { useRun, useRunState } from '../run/RunContext';
import { useBannerStore } from '../state/bannerStore';
import { useScenario } from '../hooks/useScenario';
import { toPerfettoTrace } from '../export/perfettoTrace';
import { seriesCsv, tablesCsv } from '../export/resultCsv';
import { downloadBlob, downloadText } from '../export/download';
import { svgText, svgToPng } from '../export/chartImage';
import { scenarioFileName, scenarioFileText } from '../scenario/scenarioFile';
import { EmbedSnippet } from './EmbedSnippet';

/** A chart the page may show: its panel's test id, its name in the menu, and its drawing in that panel. */
interface Chart {
  id: string;
  label: string;
  /** Selector of its drawing inside the panel, when the panel holds other SVGs (a legend's swatches). */
  svg?: string;
}

const CHARTS: Chart[] = [
  { id: 'latency-chart', label: 'latency' },
  { id: 'bandwidth-chart', label: 'bandwidth' },
  { id: 'message-size-chart', label: 'MPI message sizes' },
  { id: 'sequence-chart', label: 'sequence chart' },
  { id: 'timeline', label: 'timeline' },
  { id: 'event-chain-view', label: 'event chain', svg: 'svg.chain-svg' },
  { id: 'cluster-view', label: 'cluster (topology, without packets)', svg: 'svg.cluster-svg' },
];

/** The chart's drawing, if the page shows it now as SVG (a cluster of more than 2,000 components is a canvas). */
const chartSvg = (id: string) =>
  document.querySelector<SVGSVGElement>(`[data-testid="${id}"] ${CHARTS.find((c) => c.id === id)?.svg ?? 'svg'}`);

/** The charts the page shows now: the run's kind decides (a PVFS2 run has no latency chart), and the open panels. */
const shownCharts = () => CHARTS.filter((c) => chartSvg(c.id) !== null);

export function ExportPanel() {
  const run = useRun();
  const status = useRunState((s) => s.status);
  const result = useRunState((s) => s.result);
  const scenario = useScenario();
  const [picked, setChart] = useState(CHARTS[0].id);
  // Scanned again when the run's status or result changes, when the menu is opened and after each export.
  const [shown, setShown] = useState(shownCharts);
  const rescan = () => setShown(shownCharts());
  useEffect(rescan, [status, result]);
  const chart = shown.some((c) => c.id === picked) ? picked : shown[0]?.id;
  const chartLabel = CHARTS.find((c) => c.id === chart)?.label ?? '';
  const done = status === 'finished';
  const base = scenario.id;

  const exportTrace = () => {
    const { topology, kindNames } = run.state();
    if (!topology) return;
    const trace = toPerfettoTrace(run.trace, topology, kindNames);
    downloadText(JSON.stringify(trace), `${base}.perfetto.json`, 'application/json');
  };
  const exportSvg = () => {
    const svg = chart ? chartSvg(chart) : null;
    if (svg) downloadText(svgText(svg), `${base}-${chart}.svg`, 'image/svg+xml');
    else useBannerStore.getState().show(`The ${chartLabel || 'chart'} is no longer shown, so it cannot be exported.`);
    rescan();
  };
  const exportPng = async () => {
    const svg = chart ? chartSvg(chart) : null;
    rescan();
    if (!svg) return useBannerStore.getState().show(`The ${chartLabel || 'chart'} is no longer shown, so it cannot be exported.`);
    try {
      downloadBlob(await svgToPng(svg), `${base}-${chart}.png`);
    } catch (err) {
      useBannerStore.getState().show(`PNG export failed: ${(err as Error).message}`);
    }
  };

  return (
    <section className="panel export-panel" aria-label="Export">
      <div className="panel-title">
        <h2>Export</h2>
        {!done && <span className="muted">the scenario file now; the run's files once it has finished</span>}
      </div>
      <div className="export-row">
        <button type="button" data-testid="export-scenario" onClick={() => downloadText(scenarioFileText(scenario), scenarioFileName(scenario), 'application/json')}
          title="The scenario as a file: run it with npm run sim -- <file>, or open it again here with Open file">
          Scenario file (JSON)
        </button>
        <button type="button" data-testid="export-trace" disabled={!done} onClick={exportTrace}
          title="Chrome / Perfetto trace-event JSON; open it in ui.perfetto.dev">
          Trace (Perfetto JSON)
        </button>
        <button type="button" data-testid="export-series-csv" disabled={!done || !result} onClick={() => result && downloadText(seriesCsv(result), `${base}-series.csv`, 'text/csv')}>
          Series CSV
        </button>
        <button type="button" data-testid="export-tables-csv" disabled={!done || !result} onClick={() => result && downloadText(tablesCsv(result), `${base}-tables.csv`, 'text/csv')}>
          Tables CSV
        </button>
        <label>
          chart{' '}
          <select data-testid="export-chart" aria-label="Chart to export" value={chart ?? ''}
            onChange={(e) => setChart(e.target.value)} onFocus={rescan} onPointerDown={rescan}>
            {shown.length === 0 && <option value="">none shown</option>}
            {shown.map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
          </select>
        </label>
        <button type="button" data-testid="export-svg" disabled={!chart} onClick={exportSvg}>SVG</button>
        <button type="button" data-testid="export-png" disabled={!chart} onClick={exportPng}>PNG</button>
        <a className="button-link" data-testid="export-offline" href="./hpc-interconnect-emulator-offline.html" download="hpc-interconnect-emulator-offline.html"
          title="The whole page, its simulator and the shipped scenarios in one HTML file that runs from disk with no network (2.4 MB)">
          Offline copy (one HTML file)
        </a>
      </div>
      <EmbedSnippet />
    </section>
  );
}
