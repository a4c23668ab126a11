import { useBannerStore, type BannerMessage } from '../state/bannerStore';

/** Messages for the error banner. */
export const useBannerMessages = (): BannerMessage[] => useBannerStore((s) => s.messages);
