/**
 * Okabe & Ito colour-blind-safe palette ("Color Universal Design", 2008) for packet kinds and chart series.
 */
import { TraceKind } from '../sim/traceKindCodes';

export const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
  black: '#000000',
} as const;

/** The packet kinds (sim/traceKindCodes.ts), by code: name, colour and label. */
export const PACKET_STYLE: Record<number, { name: string; label: string; color: string }> = {
  [TraceKind.qdma_packet]: { name: 'qdma_packet', label: 'QDMA', color: OKABE_ITO.blue },
  [TraceKind.rdma_packet]: { name: 'rdma_packet', label: 'RDMA', color: OKABE_ITO.orange },
  [TraceKind.ack_packet]: { name: 'ack_packet', label: 'ACK', color: OKABE_ITO.bluishGreen },
  [TraceKind.nak_packet]: { name: 'nak_packet', label: 'NAK', color: OKABE_ITO.vermillion },
  [TraceKind.control_packet]: { name: 'control_packet', label: 'Control', color: OKABE_ITO.reddishPurple },
};

/** Chart series colours, in series order. */
export const SERIES_COLORS = [
  OKABE_ITO.blue, OKABE_ITO.orange, OKABE_ITO.bluishGreen, OKABE_ITO.reddishPurple,
  OKABE_ITO.vermillion, OKABE_ITO.skyBlue, OKABE_ITO.black, OKABE_ITO.yellow,
];

/** Highlight for busy PCI buses, NIC threads and host CPUs. */
export const BUSY_COLOR = OKABE_ITO.yellow;

/** Fills of timeline spans by step / op code (Okabe–Ito without black, so black labels stay readable). */
export const STEP_COLORS = [
  OKABE_ITO.skyBlue, OKABE_ITO.orange, OKABE_ITO.bluishGreen, OKABE_ITO.yellow,
  OKABE_ITO.reddishPurple, OKABE_ITO.vermillion, '#9ecae1',
];

/** Fills of the critical path's resource classes (core-wasm/js/criticalPath.ts RESOURCE_CLASSES); waiting is grey. */
export const RESOURCE_COLORS: Record<string, string> = {
  host_cpu: OKABE_ITO.orange,
  wakeup: OKABE_ITO.vermillion,
  pci: OKABE_ITO.skyBlue,
  nic: OKABE_ITO.blue,
  link: OKABE_ITO.bluishGreen,
  sci_ringlet: OKABE_ITO.reddishPurple,
  storage: OKABE_ITO.yellow,
  waiting: '#c8ced6',
};
