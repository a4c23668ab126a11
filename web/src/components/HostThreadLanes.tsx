/**
 * The host threads of the chain's nodes over the chain's span (chain/hostThreads.ts): one lane per traced thread
 * (application, progress / receive / completion thread) or one inferred lane per node; running, polling, arming
 * its interrupt cookie, sleeping, being woken, woken; a cursor line; the state at the cursor in words.
 */
import { scaleLinear } from 'd3-scale';
import { threadStateAt, type ThreadState } from '../chain/hostThreads';
import type { HostThreads } from '../hooks/useHostThreads';
import { OKABE_ITO } from '../theme/palette';
import { formatUs } from '../charts/formatUs';

export const THREAD_STYLE: Record<ThreadState, { color: string; label: string }> = {
  idle: { color: '#ffffff', label: 'idle' },
  running: { color: OKABE_ITO.skyBlue, label: 'running' },
  polling: { color: OKABE_ITO.orange, label: 'polling' },
  arming: { color: OKABE_ITO.yellow, label: 'arming' },
  sleeping: { color: '#d9d9d9', label: 'sleeping' },
  waking: { color: OKABE_ITO.reddishPurple, label: 'waking' },
  woken: { color: OKABE_ITO.bluishGreen, label: 'woken' },
};

const ROW_H = 18;
/** Room for the lane's name left of its spans. */
const LABEL_W = 170;

export function HostThreadLanes({ threads, from_ps, to_ps, time_ps, width }: { threads: HostThreads[]; from_ps: number; to_ps: number; time_ps: number; width: number }) {
  const x = scaleLinear().domain([from_ps, Math.max(to_ps, from_ps + 1)]).range([LABEL_W, Math.max(LABEL_W + 30, width - 250)]).clamp(true);
  return (
    <div className="chain-threads" data-testid="chain-host-threads">
      {threads.map(({ node, label, role, spans }) => {
        const now = threadStateAt(spans, time_ps);
        const name = `host ${node} ${label}`;
        return (
          <div key={`${node}:${role ?? 'inferred'}`} className="chain-thread-row" data-testid="chain-host-thread" data-node={node} data-role={role ?? undefined} data-state={now.state}>
            <svg width={Math.max(LABEL_W + 40, width - 238)} height={ROW_H} role="img" aria-label={`${name}: ${THREAD_STYLE[now.state].label}${now.what ? `, ${now.what}` : ''}`}>
              <text x={4} y={13} className="chain-lane-label">{name}</text>
              <rect x={x(from_ps)} y={2} width={x(to_ps) - x(from_ps)} height={ROW_H - 4} className="chain-thread-bg" />
              {spans.map((s, i) => (
                <rect key={i} x={x(s.start_ps)} y={2} width={Math.max(1, x(s.end_ps) - x(s.start_ps))} height={ROW_H - 4} fill={THREAD_STYLE[s.state].color} stroke="#555" strokeWidth={0.5}>
                  <title>{`${THREAD_STYLE[s.state].label}${s.what ? `: ${s.what}` : ''}, ${formatUs(s.start_ps)}–${formatUs(s.end_ps)} µs`}</title>
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
