/**
 * The lesson home screen's lessons (issue 40 item 3): one per seed system, each a shipped scenario with a walkthrough
 * whose first step asks a prediction (core-wasm/js/predict.ts). A lesson opens as the Intro screen (the cluster,
 * Play / Step / speed, one chart, the walkthrough) or the full Lab screen. Learning goals come from the scenario's
 * teacher notes; what to notice and what to try are the lesson's own, few and short: the guidance invites trying
 * rather than replacing it (PhET's design research, Adams et al. 2008).
 */
import type { EmbedPanel } from '../share/teacherParams';

export interface Lesson {
  id: string;
  /** The seed it reproduces (000 to 003). */
  seed: string;
  title: string;
  /** One line: what the system is. */
  about: string;
  /** A shipped scenario's id (scenario/bundledScenarios.ts). */
  scenario: string;
  /** The walkthrough the Intro screen opens. */
  walkthrough: string;
  /** The Intro screen's one chart. */
  chart: Extract<EmbedPanel, 'latency' | 'bandwidth' | 'sizes' | 'tables'>;
  notice: string[];
  tryThis: string[];
}

export const LESSONS: Lesson[] = [
  {
    id: 'portals-offload', seed: '002', title: 'Offloading a protocol to the NIC: Portals over QsNet',
    about: 'Portals 3.3 runs its receive processing on the Elan3 NIC thread; Tports, the vendor\'s interface, is the baseline.',
    scenario: 'portals-qsnet-pingpong', walkthrough: 'portals-short-put', chart: 'latency',
    notice: ['The PCI bus lights up each time the host talks to the NIC.', 'The NIC thread works through its steps one after another when a message arrives.'],
    tryThis: ['Step through one 0-byte PUT and count the PCI crossings.', 'Open the Critical path panel on the same message.'],
  },
  {
    id: 'ompi-progress', seed: '001', title: 'Rendezvous and progress: Open MPI over Elan4',
    about: 'Open MPI moves large messages by RDMA write or read after a rendezvous, and makes progress by polling, interrupts or threads.',
    scenario: 'ompi-elan4-progress', walkthrough: 'ompi-rdma-write', chart: 'latency',
    notice: ['A 4 KB message first sends a header with no data; the data follows by RDMA.', 'A chained DMA starts on the NIC by itself: no host step.'],
    tryThis: ['Compare the RDMA read and RDMA write curves above 2 KB.', 'Open the Event chain panel on a 4 KB message.'],
  },
  {
    id: 'pvfs2-zero-copy', seed: '000', title: 'Zero-copy list I/O: PVFS2 over Elan4',
    about: 'PVFS2 moves noncontiguous file data with chained RDMA descriptors (zero-copy scatter/gather) instead of packing it.',
    scenario: 'pvfs2-btio', walkthrough: 'btio', chart: 'tables',
    notice: ['SG-LIO, LIO and InfiniBand run the same BT-IO program; only their I/O differs.', 'The servers\' Trove calls run one at a time per file.'],
    tryThis: ['Read the BT-IO table: which run spends least time in I/O?', 'Open the Lab and watch a server in the storage view.'],
  },
  {
    id: 'via-sci', seed: '003', title: 'A software VIA over SCI',
    about: 'SS-VIA gives applications VIA\'s work queues on PCI-SCI adapters that only offer remote memory writes.',
    scenario: 'via-sci-pingpong', walkthrough: 'ss-via-remote-write', chart: 'latency',
    notice: ['No system call is on the data path once the VI is connected.', 'Fast Ethernet\'s stacks take far longer per message.'],
    tryThis: ['Compare SS-VIA with SCI-MPICH on the same ringlet.', 'Follow a descriptor in the VI inspector of the Lab.'],
  },
];
