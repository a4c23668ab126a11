/**
 * The message picked for the packet-layers view: a packet clicked on the cluster canvas (its trace record) or
 * a message arrow clicked in the sequence chart (packet = null: its first packet stands for the wire). `run`
 * says whose trace the ids index: the page's run ("a", the default) or the comparison run ("b").
 */
import { create } from 'zustand';

export interface PickedPacket {
  message: number;
  /** Packet trace record (a packet kind), or null when a whole message was picked. */
  packet: number | null;
  /** Run whose trace and core session the message belongs to; absent = "a". */
  run?: 'a' | 'b';
}

interface PacketSelectionState {
  picked: PickedPacket | null;
  pick(picked: PickedPacket | null): void;
}

export const usePacketSelectionStore = create<PacketSelectionState>((set) => ({
  picked: null,
  pick: (picked) => set({ picked }),
}));
