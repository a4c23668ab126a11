/**
 * Parameter study panel (issue 38 item 4): pick a registry parameter and up to 16 values (a list, or a range with a
 * step count, linear or log) and a figure (one-way latency or bandwidth of a series at a size, a result table's cell,
 * or a gain between two of a row's columns); Run sends the variants to parallel workers (state/studyStore.ts) with a
 * progress bar and Cancel; the chart plots the figure against the parameter, with the paper's point (at the
 * parameter's value in the page's scenario) where the scenario's reference has one; clicking a point opens that run
 * as the page's scenario. The study travels in the share link; CSV and SVG export.
 */
import { useMemo, useRef, useState } from 'react';
import { scaleLinear, scaleLog } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { csvFormat } from 'd3-dsv';
import { useParameterRegistry } from '../hooks/useParameterRegistry';
import { useScenario } from '../hooks/useScenario';
import { useSimResult } from '../hooks/useSimResult';
import { useStudyStore } from '../state/studyStore';
import { useScenarioStore } from '../state/scenarioStore';
import { pingPongOf } from '../../../core-wasm/js/scenarioTypes';
import {
  describeFigure, figureUnit, formatFigure, MAX_STUDY_VALUES, paperValue, rangeValues, withParameter, type StudyFigure, type StudySpec,
} from '../../../core-wasm/js/studyFigure';
import { ChartAxis } from './ChartAxis';
import { downloadText } from '../export/download';
import { svgText } from '../export/chartImage';
import { SERIES_COLORS } from '../theme/palette';

const W = 560;
const H = 260;
const M = { left: 64, right: 16, top: 14, bottom: 40 };

type FigureKind = StudyFigure['kind'];

/** The values a list or a range gives, or why not. */
function valuesOf(mode: 'list' | 'range', list: string, from: string, to: string, steps: string, scale: 'linear' | 'log'): number[] | string {
  if (mode === 'range') return rangeValues(Number(from), Number(to), Number(steps), scale);
  const items = list.split(/[\s,;]+/).filter((x) => x !== '');
  const values = items.map(Number);
  const bad = items.find((_, i) => !Number.isFinite(values[i]));
  if (bad !== undefined) return `"${bad}" is not a number`;
  if (values.length === 0) return 'give at least one value';
  if (values.length > MAX_STUDY_VALUES) return `at most ${MAX_STUDY_VALUES} values`;
  return values;
}

export function StudyView() {
  const registry = useParameterRegistry();
  const scenario = useScenario();
  const result = useSimResult();
  const { spec, status, points, progress, cancelMs, elapsedMs } = useStudyStore();
  const pingpong = pingPongOf(scenario);
  const svgRef = useRef<SVGSVGElement>(null);

  // The form, started from the study shown (a link's) or sensible defaults for the page's scenario.
  const [parameter, setParameter] = useState(spec?.parameter ?? 'pci.clock_MHz');
  const [mode, setMode] = useState<'list' | 'range'>('list');
  const [list, setList] = useState(spec ? spec.values.join(', ') : '33, 66, 100, 133');
  const [from, setFrom] = useState('33');
  const [to, setTo] = useState('133');
  const [steps, setSteps] = useState('4');
  const [scale, setScale] = useState<'linear' | 'log'>('linear');
  const firstSeries = scenario.workload.series[0]?.id ?? '';
  const firstSize = pingpong?.sizes_bytes[0] ?? 0;
  const [kind, setKind] = useState<FigureKind>(spec?.figure.kind ?? (pingpong ? 'latency' : 'table'));
  const [series, setSeries] = useState(spec && 'series' in spec.figure ? spec.figure.series : firstSeries);
  const [bytes, setBytes] = useState(spec && 'bytes' in spec.figure ? spec.figure.bytes : firstSize);
  const tables = result?.tables ?? [];
  const [tableId, setTableId] = useState(spec && 'table' in spec.figure ? spec.figure.table : (tables[0]?.id ?? ''));
  const table = tables.find((t) => t.id === tableId) ?? tables[0];
  const [row, setRow] = useState(spec && 'row' in spec.figure ? spec.figure.row : '');
  const [column, setColumn] = useState(spec && 'column' in spec.figure ? spec.figure.column : '');
  const [over, setOver] = useState(spec && spec.figure.kind === 'gain' ? spec.figure.over : '');

  const values = valuesOf(mode, list, from, to, steps, scale);
  const figure: StudyFigure | string = (() => {
    if (kind === 'latency' || kind === 'bandwidth') return series ? { kind, series, bytes } : 'pick a series';
    if (!table) return 'this run has no result table yet';
    const r = row || table.rows[0]?.label;
    const c = column || table.columns[0];
    if (!r || !c) return 'pick a row and a column';
    if (kind === 'table') return { kind, table: table.id, row: r, column: c };
    const o = over || table.columns.find((x) => x !== c);
    return o && o !== c ? { kind, table: table.id, row: r, column: c, over: o } : 'a gain needs two different columns';
  })();
  const known = registry?.some((p) => p.name === parameter) ?? true;
  const problem = !known ? `"${parameter}" is not a parameter of this core` : typeof values === 'string' ? values : typeof figure === 'string' ? figure : null;
  const run = () => {
    if (problem || typeof values === 'string' || typeof figure === 'string') return;
    useStudyStore.getState().start({ parameter, values, figure });
  };

  const shown: StudySpec | null = spec;
  const info = registry?.find((p) => p.name === shown?.parameter);
  const unit = shown ? figureUnit(shown.figure, result).replace(/^us$/, 'µs') : '';
  const paper = shown ? paperValue(scenario, shown.figure) : null;
  const paperAt = shown ? (scenario.parameters?.[shown.parameter] ?? info?.default ?? null) : null;

  const chart = useMemo(() => {
    if (!shown) return null;
    const xs = shown.values;
    const ys = points.flatMap((p) => (p.figure === null ? [] : [p.figure])).concat(paper !== null ? [paper] : []);
    const logX = xs.every((v) => v > 0) && Math.max(...xs) / Math.min(...xs) >= 20;
    const xDomain = [Math.min(...xs, paperAt ?? Infinity), Math.max(...xs, paperAt ?? -Infinity)];
    const x = (logX ? scaleLog() : scaleLinear()).domain(xDomain[0] === xDomain[1] ? [xDomain[0] * 0.9 || -1, xDomain[1] * 1.1 || 1] : xDomain).range([M.left, W - M.right]).nice();
    const yMin = ys.length ? Math.min(...ys) : 0;
    const yMax = ys.length ? Math.max(...ys) : 1;
    const pad = (yMax - yMin) * 0.1 || Math.abs(yMax) * 0.1 || 1;
    const y = scaleLinear().domain([Math.min(0, yMin - pad), yMax + pad]).range([H - M.bottom, M.top]).nice();
    return { x, y, xAxis: axisBottom(x).ticks(6, logX ? '~g' : undefined), yAxis: axisLeft(y).ticks(6) };
  }, [shown, points, paper, paperAt]);

  const csv = () =>
    shown &&
    csvFormat(
      points.map((p) => ({ parameter: shown.parameter, value: p.value, figure: formatFigure(shown.figure), unit, model: p.figure ?? '', paper: paper ?? '', error: p.error ?? '' })),
      ['parameter', 'value', 'figure', 'unit', 'model', 'paper', 'error'],
    );
  const fileBase = `${scenario.id}-study-${shown?.parameter ?? ''}`;
  const openRun = (value: number) => shown && useScenarioStore.getState().load(withParameter(scenario, shown.parameter, value), 'editor');

  return (
    <section className="panel study-panel" data-testid="study-view" aria-label="Parameter study" data-status={status} data-cancel-ms={cancelMs?.toFixed(1)} data-elapsed-ms={elapsedMs?.toFixed(0)}>
      <div className="panel-title">
        <h2>Parameter study</h2>
        <span className="muted">one parameter, up to {MAX_STUDY_VALUES} values, one figure; runs on {navigator.hardwareConcurrency || 1} workers</span>
      </div>
      <form className="study-form" onSubmit={(e) => { e.preventDefault(); run(); }}>
        <label>
          parameter{' '}
          <select data-testid="study-parameter" value={parameter} onChange={(e) => setParameter(e.target.value)}>
            {!registry && <option value={parameter}>{parameter}</option>}
            {registry?.map((p) => (
              <option key={p.name} value={p.name}>{p.name}{p.unit ? ` (${p.unit})` : ''}</option>
            ))}
          </select>
        </label>
        <span role="radiogroup" aria-label="How the values are given">
          <label><input type="radio" name="study-mode" checked={mode === 'list'} onChange={() => setMode('list')} /> list</label>{' '}
          <label><input type="radio" name="study-mode" data-testid="study-mode-range" checked={mode === 'range'} onChange={() => setMode('range')} /> range</label>
        </span>
        {mode === 'list' ? (
          <label>values <input data-testid="study-values" value={list} onChange={(e) => setList(e.target.value)} size={28} /></label>
        ) : (
          <span>
            <label>from <input data-testid="study-from" value={from} onChange={(e) => setFrom(e.target.value)} size={6} /></label>{' '}
            <label>to <input data-testid="study-to" value={to} onChange={(e) => setTo(e.target.value)} size={6} /></label>{' '}
            <label>steps <input data-testid="study-steps" value={steps} onChange={(e) => setSteps(e.target.value)} size={3} /></label>{' '}
            <select aria-label="Spacing" value={scale} onChange={(e) => setScale(e.target.value as 'linear' | 'log')}>
              <option value="linear">linear</option>
              <option value="log">log</option>
            </select>
          </span>
        )}
        <label>
          figure{' '}
          <select data-testid="study-figure-kind" value={kind} onChange={(e) => setKind(e.target.value as FigureKind)}>
            {pingpong && <option value="latency">one-way latency</option>}
            {pingpong && <option value="bandwidth">bandwidth</option>}
            <option value="table">table cell</option>
            <option value="gain">gain (%)</option>
          </select>
        </label>
        {(kind === 'latency' || kind === 'bandwidth') && pingpong && (
          <>
            <select data-testid="study-series" aria-label="Series" value={series} onChange={(e) => setSeries(e.target.value)}>
              {scenario.workload.series.map((s) => <option key={s.id} value={s.id}>{s.label ?? s.id}</option>)}
            </select>
            <select data-testid="study-bytes" aria-label="Message size" value={bytes} onChange={(e) => setBytes(Number(e.target.value))}>
              {pingpong.sizes_bytes.map((b) => <option key={b} value={b}>{b} B</option>)}
            </select>
          </>
        )}
        {(kind === 'table' || kind === 'gain') && table && (
          <>
            <select data-testid="study-table" aria-label="Table" value={table.id} onChange={(e) => { setTableId(e.target.value); setRow(''); setColumn(''); setOver(''); }}>
              {tables.map((t) => <option key={t.id} value={t.id}>{t.label ?? t.id}</option>)}
            </select>
            <select data-testid="study-row" aria-label="Row" value={row || table.rows[0]?.label} onChange={(e) => setRow(e.target.value)}>
              {table.rows.map((r) => <option key={r.label} value={r.label}>{r.label}</option>)}
            </select>
            <select data-testid="study-column" aria-label="Column" value={column || table.columns[0]} onChange={(e) => setColumn(e.target.value)}>
              {table.columns.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
            {kind === 'gain' && (
              <select aria-label="Over column" value={over || table.columns.find((x) => x !== (column || table.columns[0]))} onChange={(e) => setOver(e.target.value)}>
                {table.columns.map((c) => <option key={c} value={c}>over {c}</option>)}
              </select>
            )}
          </>
        )}
        <button type="submit" data-testid="study-run" disabled={problem !== null || status === 'running'}>Run study</button>
        <button type="button" data-testid="study-cancel" disabled={status !== 'running'} onClick={() => useStudyStore.getState().cancel()}>Cancel</button>
        {problem && <span className="field-error" role="alert">{problem}</span>}
      </form>
      {shown && (
        <p className="study-status" data-testid="study-status" aria-live="polite">
          {shown.parameter} against {describeFigure(shown.figure)}
          {status === 'running' && <> · running <progress data-testid="study-progress" max={1} value={progress} /> {points.filter((p) => p.done).length} of {points.length} runs</>}
          {status === 'done' && ` · done: ${points.length} runs in ${((elapsedMs ?? 0) / 1000).toFixed(1)} s`}
          {status === 'cancelled' && ` · cancelled (${points.filter((p) => p.done).length} of ${points.length} runs finished; stopped in ${cancelMs?.toFixed(0)} ms)`}
          {paper !== null && ` · paper ${paper} ${unit} at ${shown.parameter} = ${paperAt ?? '?'}`}
        </p>
      )}
      {shown && chart && (
        <svg ref={svgRef} width={W} height={H} className="study-chart" data-testid="study-chart" role="img" aria-label={`${describeFigure(shown.figure)} against ${shown.parameter}`}>
          <ChartAxis axis={chart.xAxis} transform={`translate(0,${H - M.bottom})`} className="axis" />
          <ChartAxis axis={chart.yAxis} transform={`translate(${M.left},0)`} className="axis" />
          <text x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle" className="axis-title">{shown.parameter}{info?.unit ? ` (${info.unit})` : ''}</text>
          <text transform={`translate(14,${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle" className="axis-title">{describeFigure(shown.figure)}{unit ? ` (${unit})` : ''}</text>
          <polyline fill="none" stroke={SERIES_COLORS[0]} strokeWidth={1.5}
            points={points.filter((p) => p.figure !== null).map((p) => `${chart.x(p.value)},${chart.y(p.figure!)}`).join(' ')} />
          {points.map((p) => p.figure !== null && (
            <circle key={p.value} data-testid="study-point" data-value={p.value} data-figure={p.figure} cx={chart.x(p.value)} cy={chart.y(p.figure)} r={5}
              fill={SERIES_COLORS[0]} className="study-point" onClick={() => openRun(p.value)}>
              <title>{`${shown.parameter} = ${p.value}: ${p.figure.toPrecision(4)} ${unit}. Click: open this run`}</title>
            </circle>
          ))}
          {paper !== null && paperAt !== null && (
            <path data-testid="study-paper-point" d={`M${chart.x(paperAt)},${chart.y(paper) - 6}l6,6l-6,6l-6,-6z`} fill="white" stroke="black" strokeWidth={1.5}>
              <title>{`paper: ${paper} ${unit} at ${shown.parameter} = ${paperAt}`}</title>
            </path>
          )}
        </svg>
      )}
      {shown && (
        <div className="study-export">
          <button type="button" data-testid="study-csv" disabled={status === 'running'} onClick={() => { const text = csv(); if (text) downloadText(text, `${fileBase}.csv`, 'text/csv'); }}>CSV</button>{' '}
          <button type="button" data-testid="study-svg" disabled={status === 'running' || !svgRef.current} onClick={() => svgRef.current && downloadText(svgText(svgRef.current), `${fileBase}.svg`, 'image/svg+xml')}>SVG</button>
          {points.some((p) => p.error) && <span className="field-error"> {points.filter((p) => p.error).map((p) => `${p.value}: ${p.error}`).join('; ')}</span>}
        </div>
      )}
    </section>
  );
}
