/**
 * PVFS2 storage view (seed 000): at the time cursor, each I/O server's flow buffers (filled boxes of
 * pvfs2.flow_buffers per flow, more when several flows share the server) and the Trove call its AIO thread is running,
 * each client's outstanding I/O requests, and the file's simple-stripe layout (which server holds each strip). From the
 * core's flow_buffers, trove_op and client_requests records (inspect/storageState.ts); below, the list transfer at the
 * time cursor, its pieces landing (ListTransferView). Shown for PVFS2 workloads only.
 */
import { useMemo } from 'react';
import { useScenario } from '../hooks/useScenario';
import { useTopology } from '../hooks/useTopology';
import { useSimTime } from '../hooks/useSimTime';
import { useTraceVersion } from '../hooks/useTraceVersion';
import { useParameterRegistry } from '../hooks/useParameterRegistry';
import { parameterValue } from '../sim/registryLookup';
import { useRun } from '../run/RunContext';
import { storageAt, stripeLayout } from '../inspect/storageState';
import { QueueSlots } from './QueueSlots';
import { ListTransferView } from './ListTransferView';
import { isPvfs2Scenario } from '../scenario/pvfs2Workloads';

/** Strips of the file drawn in the layout row. */
const STRIPS_SHOWN = 12;

/** "256 KiB", "1.5 MiB", "800 B". */
function sizeText(bytes: number): string {
  if (bytes >= 1 << 20) return `${+(bytes / (1 << 20)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

export function StorageView() {
  const scenario = useScenario();
  const topology = useTopology();
  const time_ps = useSimTime();
  const traceVersion = useTraceVersion();
  const registry = useParameterRegistry();
  const { trace } = useRun();
  const w = scenario.workload as { kind: string; clients?: number; servers?: number };
  const pvfs2 = isPvfs2Scenario(scenario);
  const clients = w.clients ?? 4;
  const servers = w.servers ?? 4;
  // The scenario's value, else its testbed's, else the registry's (sim/registryLookup.ts).
  const stripBytes = parameterValue(registry ?? [], scenario, /^pvfs2\.strip_bytes$/) ?? 0;
  const flowBuffers = parameterValue(registry ?? [], scenario, /^pvfs2\.flow_buffers$/) ?? 0;
  const state = useMemo(
    () => (pvfs2 && topology ? storageAt(trace, topology, clients, servers, time_ps) : null),
    // traceVersion: the trace store (outside React) grew
    [pvfs2, trace, topology, clients, servers, time_ps, traceVersion],
  );
  if (!pvfs2 || !state) return null;
  return (
    <section className="panel storage-panel" data-panel="storage" data-testid="storage-view" aria-label="PVFS2 storage view">
      <div className="panel-title">
        <h2>Storage (PVFS2)</h2>
        <span className="muted">flow buffers, Trove and requests at the time cursor</span>
      </div>
      <table className="storage-table">
        <tbody>
          {state.servers.map((s) => (
            <tr key={`s${s.node}`} data-testid={`storage-server-${s.node}`}>
              <th scope="row">server · node {s.node}</th>
              <td>
                <QueueSlots occupied={s.buffers} total={Math.max(flowBuffers, s.buffersPeak)} testId={`flow-buffers-${s.node}`} />{' '}
                <span className="muted">{s.buffers} flow buffer{s.buffers === 1 ? '' : 's'}</span>
              </td>
              <td>
                {s.trove ? (
                  <span className="badge badge-busy" data-testid={`trove-${s.node}`}>Trove {s.trove.op} {sizeText(s.trove.bytes)}</span>
                ) : (
                  <span className="badge" data-testid={`trove-${s.node}`}>Trove idle</span>
                )}
              </td>
            </tr>
          ))}
          {state.clients.map((c) => (
            <tr key={`c${c.node}`} data-testid={`storage-client-${c.node}`}>
              <th scope="row">client · node {c.node}</th>
              <td colSpan={2}>
                <span data-testid={`client-requests-${c.node}`}>{c.requests}</span>{' '}
                <span className="muted" title="A PVFS_sys_io call sends one request to each I/O server its regions touch; a request is outstanding from then until its flow has finished and the server has answered.">
                  server request{c.requests === 1 ? '' : 's'} outstanding (one per server a call touches)
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="storage-stripes" aria-label="File layout">
        <span className="muted">File layout, simple stripe of {sizeText(stripBytes)} strips:</span>
        {stripeLayout(stripBytes, clients, servers, STRIPS_SHOWN).map(([offset, node]) => (
          <span key={offset} className={`strip strip-${(node - clients) % 8}`} title={`bytes ${offset}–${offset + stripBytes - 1} on node ${node}`}>
            {node}
          </span>
        ))}
        <span className="muted"> …</span>
      </div>
      <ListTransferView clients={clients} />
    </section>
  );
}
