/** Error messages shown in the error banner (link decoding, core errors). */
import { create } from 'zustand';

export interface BannerMessage {
  id: number;
  text: string;
}

interface BannerState {
  messages: BannerMessage[];
  show(text: string): void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useBannerStore = create<BannerState>((set) => ({
  messages: [],
  show: (text) =>
    set((s) => (s.messages.some((m) => m.text === text) ? s : { messages: [...s.messages, { id: nextId++, text }] })),
  dismiss: (id) => set((s) => ({ messages: s.messages.filter((m) => m.id !== id) })),
}));
