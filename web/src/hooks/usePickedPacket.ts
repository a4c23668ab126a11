import { usePacketSelectionStore } from '../state/packetSelectionStore';

/** The message (and packet) picked for the packet-layers view, or null. */
export const usePickedPacket = () => usePacketSelectionStore((s) => s.picked);
