/**
 * The host threads of the chain's nodes over the chain's span (chain/hostThreads.ts): running an API step,
 * polling, sleeping until an interrupt, being woken, woken; a cursor line; the state at the cursor in words.
 */
import { scaleLinear } from 'd3-scale';
import { threadStateAt, type ThreadState } from '../chain/hostThreads';
import type { HostThreads } from '../hooks/useHostThreads';
import { OKABE_ITO } from '../theme/palette';

export const THREAD_STYLE: Record<ThreadState, { color: string; label: string }> = {
  idle: { color: '#ffffff', label: 'idle' },
  running: { color: OKABE_ITO.skyBlue, label: 'running' },
  polling: { color: OKABE_ITO.orange, label: 'polling' },
  sleeping: { color: '#d9d9d9', label: 'sleeping' },
  waking: { color: OKABE_ITO.reddishPurple, label: 'waking' },
  woken: { color: OKABE_ITO.bluishGreen, label: 'woken' },
};

const ROW_H = 18;

export function HostThreadLanes({ threads, from_ps, to_ps, time_ps, width }: { threads: HostThreads[]; from_ps: number; to_ps: number; time_ps: number; width: number }) {
  const x = scaleLinear().domain([from_ps, Math.max(to_ps, from_ps + 1)]).range([92, Math.max(120, width - 250)]).clamp(true);
  return (
    <div className="chain-threads" data-testid="chain-host-threads">
      {threads.map(({ node, spans }) => {
        const now = threadStateAt(spans, time_ps);
        return (
          <div key={node} className="chain-thread-row" data-testid="chain-host-thread" data-node={node} data-state={now.state}>
            <svg width={Math.max(130, width - 238)} height={ROW_H} role="img" aria-label={`host ${node} thread: ${THREAD_STYLE[now.state].label}${now.what ? `, ${now.what}` : ''}`}>
              <text x={4} y={13} className="chain-lane-label">host {node} thread</text>
              <rect x={x(from_ps)} y={2} width={x(to_ps) - x(from_ps)} height={ROW_H - 4} className="chain-thread-bg" />
              {spans.map((s, i) => (
                <rect key={i} x={x(s.start_ps)} y={2} width={Math.max(1, x(s.end_ps) - x(s.start_ps))} height={ROW_H - 4} fill={THREAD_STYLE[s.state].color} stroke="#555" strokeWidth={0.5}>
                  <title>{`${THREAD_STYLE[s.state].label}${s.what ? `: ${s.what}` : ''}, ${(s.start_ps / 1e6).toFixed(3)}–${(s.end_ps / 1e6).toFixed(3)} µs`}</title>
                </rect>
              ))}
              <line x1={x(time_ps)} x2={x(time_ps)} y1={0} y2={ROW_H} className="time-cursor" />
            </svg>
            <span className={`chain-thread-state state-${now.state}`}>{THREAD_STYLE[now.state].label}{now.what ? ` · ${now.what}` : ''}</span>
          </div>
        );
      })}
      <span className="legend chain-thread-legend">
        {(Object.keys(THREAD_STYLE) as ThreadState[]).filter((s) => s !== 'idle').map((s) => (
          <span key={s}><i className="swatch" style={{ background: THREAD_STYLE[s].color }} /> {THREAD_STYLE[s].label}</span>
        ))}
      </span>
    </div>
  );
}
