/**
 * The message picked for the packet-layers view: a packet clicked on a cluster canvas (its trace record) or a
 * message arrow clicked in the sequence chart (packet = null: its first packet stands for the wire). `run` is the
 * run whose trace the ids index and whose core session describes the message (run/runController.ts).
 */
import { create } from 'zustand';
import type { RunController } from '../run/runController';

export interface PickedPacket {
  message: number;
  /** Packet trace record (a packet kind), or null when a whole message was picked. */
  packet: number | null;
  run: RunController;
}

interface PacketSelectionState {
  picked: PickedPacket | null;
  pick(picked: PickedPacket | null): void;
}

export const usePacketSelectionStore = create<PacketSelectionState>((set) => ({
  picked: null,
  pick: (picked) => set({ picked }),
}));
