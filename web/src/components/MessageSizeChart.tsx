/**
 * MPI jobs' message sizes (NAS runs, an all-to-all, a dynamic job with its join/leave control messages): how many MPI messages of each payload size every benchmark (or
 * the MPI_Alltoall calls) sent over each transport
 * (the result's `message_histograms`, charts/histogramChartModel.ts) as stems, one per size and benchmark (side by
 * side), with d3 axes; transports are told apart by dash unless they all sent the same messages. Shown instead of the latency
 * and bandwidth charts, which need a ping-pong sweep over message sizes.
 */
import { useMemo, useRef } from 'react';
import { axisBottom, axisLeft } from 'd3-axis';
import { format } from 'd3-format';
import { useElementSize } from '../hooks/useElementSize';
import { useSimResult } from '../hooks/useSimResult';
import { NoResult } from './NoResult';
import { useScenario } from '../hooks/useScenario';
import { useRunStatus } from '../hooks/useRunStatus';
import { computeHistogramChart, HISTOGRAM_MARGIN } from '../charts/histogramChartModel';
import { formatBytes, sizeTicks } from '../charts/formatBytes';
import { SERIES_COLORS } from '../theme/palette';
import { ChartAxis } from './ChartAxis';

const HEIGHT = 260;
const DASHES = ['', '6 3', '2 3', '8 3 2 3'];

export function MessageSizeChart() {
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(ref);
  const result = useSimResult();
  const failed = useRunStatus() === 'error' && !result;
  const status = useRunStatus();
  const scenario = useScenario();
  const model = useMemo(() => computeHistogramChart(result?.histograms ?? [], width || 400, HEIGHT), [result, width]);
  const color = (run: string) => SERIES_COLORS[model.runs.indexOf(run) % SERIES_COLORS.length];
  const dash = (id: string) => DASHES[model.seriesIds.indexOf(id) % DASHES.length];
  // Identical histograms over every transport: one stem per size and benchmark.
  const drawn = model.lines.filter((l, i) => !model.sameAcrossSeries || model.lines.findIndex((o) => o.run === l.run) === i);
  const nas = scenario.workload.kind === 'npb';
  const dynamic = scenario.workload.kind === 'dynamic';
  const seriesLabel = (id: string) => scenario.workload.series.find((s) => s.id === id)?.label ?? id;
  const xAxis = useMemo(
    () => axisBottom(model.x).tickValues(sizeTicks(model.maxBytes, model.innerWidth < 420)).tickFormat((d) => formatBytes(Number(d))),
    [model],
  );
  const yAxis = useMemo(() => axisLeft(model.y).ticks(5, format('~s')), [model]);

  return (
    <section className="panel chart-panel" aria-label={nas ? 'Message sizes of the NAS runs' : dynamic ? 'Message sizes of the dynamic MPI job' : 'Message sizes of the MPI job'} data-panel="latency">
      <div className="panel-title">
        <h2>MPI message sizes</h2>
        <ul className="legend">
          {model.runs.map((r) => (
            <li key={r} style={{ color: color(r) }}><b>━</b> {r}</li>
          ))}
          {!model.sameAcrossSeries && model.seriesIds.map((id) => (
            <li key={id}>
              <svg width="22" height="10" aria-hidden="true">
                <line x1="1" x2="21" y1="5" y2="5" stroke="#000" strokeWidth="2" strokeDasharray={dash(id)} />
              </svg>
              {seriesLabel(id)}
            </li>
          ))}
        </ul>
      </div>
      {failed && <NoResult testId="message-size-chart" />}
      <div ref={ref} className="chart-box" data-testid="message-size-chart" hidden={failed}>
        <svg width={width} height={HEIGHT} role="img" aria-label="Messages sent against MPI payload size">
          <g transform={`translate(${HISTOGRAM_MARGIN.left},${HISTOGRAM_MARGIN.top})`}>
            <ChartAxis axis={xAxis} transform={`translate(0,${model.innerHeight})`} className="axis axis-x" />
            <ChartAxis axis={yAxis} className="axis axis-y" />
            <text className="axis-label" x={model.innerWidth / 2} y={model.innerHeight + 30} textAnchor="middle">
              MPI payload (bytes, log scale)
            </text>
            <text className="axis-label" transform={`translate(-44,${model.innerHeight / 2}) rotate(-90)`} textAnchor="middle">
              messages sent (log)
            </text>
            {drawn.map((l, i) => {
              const dx = (i - (drawn.length - 1) / 2) * 4;
              return (
                <g key={l.id} data-testid="histogram-line" data-id={l.id}>
                  {l.points.map((p) => (
                    <g key={p.bytes}>
                      <line x1={p.x + dx} x2={p.x + dx} y1={model.innerHeight} y2={p.y} stroke={color(l.run)} strokeWidth={2} strokeDasharray={dash(l.seriesId)} />
                      <circle cx={p.x + dx} cy={p.y} r={3} fill={color(l.run)}>
                        <title>{`${l.run} over ${model.sameAcrossSeries ? 'every transport' : seriesLabel(l.seriesId)}: ${p.count.toLocaleString()} messages of ${p.bytes.toLocaleString()} B`}</title>
                      </circle>
                    </g>
                  ))}
                </g>
              );
            })}
            {model.lines.length === 0 && (
              <text className="chart-note" x={model.innerWidth / 2} y={model.innerHeight / 2} textAnchor="middle">
                {status === 'error' ? 'no result (see the error above)' : result ? 'no MPI messages' : 'simulating…'}
              </text>
            )}
          </g>
        </svg>
      </div>
      <p className="muted chart-caption">
        Latency and bandwidth against message size come from a ping-pong sweep; {nas
          ? 'a NAS run has its execution times and speed-ups in the tables below.'
          : dynamic ? 'a dynamic job has its join, first message and leave times (µs) in the tables below; the control messages are its connect/accept, NEW_PROC, DISCONNECT and their acknowledgements.'
          : scenario.workload.kind === 'exchange' ? 'an exchange has its time per MPI_Sendrecv and its bandwidth per node and in all in the table below.'
          : 'an all-to-all has its time per call and aggregate bandwidth in the table below.'}
        {!dynamic && model.lines.length > 0 && model.seriesIds.length > 1 && model.sameAcrossSeries &&
          (nas ? ' Each benchmark sends the same MPI messages over every transport, so one stem stands for all of them.'
            : ' Every transport carries the same MPI messages, so one stem stands for all of them.')}
      </p>
    </section>
  );
}
