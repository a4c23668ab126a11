/**
 * The message picked for the packet-layers view: a packet clicked on the cluster canvas (its trace record) or
 * a message arrow clicked in the sequence chart (packet = null: its first packet stands for the wire).
 */
import { create } from 'zustand';

export interface PickedPacket {
  message: number;
  /** Packet trace record (kinds 1–5), or null when a whole message was picked. */
  packet: number | null;
}

interface PacketSelectionState {
  picked: PickedPacket | null;
  pick(picked: PickedPacket | null): void;
}

export const usePacketSelectionStore = create<PacketSelectionState>((set) => ({
  picked: null,
  pick: (picked) => set({ picked }),
}));
